package dev.ids.autoconfigure.aot.jdbc;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.data.jdbc.IdsDataJdbcAutoConfiguration;
import dev.ids.hibernate.GeneratedSno;
import dev.ids.sno.Sno;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.data.repository.CrudRepository;

/**
 * A Spring Data JDBC application for the ahead-of-time tests: Spring Boot finds its two aggregates by scanning this
 * package, as in an application, one with the default sno generator and one with the named generator
 * {@code payments}, and a repository of the first.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@AutoConfigurationPackage
@ImportAutoConfiguration({ DataSourceAutoConfiguration.class, JdbcTemplateAutoConfiguration.class,
        DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
        DataJdbcRepositoriesAutoConfiguration.class, IdGeneratorsAutoConfiguration.class,
        IdsDataJdbcAutoConfiguration.class })
@EnableJdbcRepositories(considerNestedRepositories = true)
public class AotDataJdbcApplication {

    /** The aggregate with the default sno generator. */
    @Table("aot_order")
    public static class Order {

        @Id
        @GeneratedSno
        Sno id;

        /**
         * The generated ID.
         *
         * @return the ID, {@code null} before the first save
         */
        public Sno getId() {
            return id;
        }
    }

    /** The aggregate with the named sno generator {@code payments}. */
    @Table("aot_payment")
    public static class Payment {

        @Id
        @GeneratedSno(name = "payments")
        Sno id;

        /**
         * The generated ID.
         *
         * @return the ID, {@code null} before the first save
         */
        public Sno getId() {
            return id;
        }
    }

    /** The orders. */
    public interface Orders extends CrudRepository<Order, Sno> {
    }

    /** The payments. */
    public interface Payments extends CrudRepository<Payment, Sno> {
    }
}
