package dev.ids.autoconfigure.data.jdbc.nohibernate;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.data.jdbc.IdsDataJdbcAutoConfiguration;
import dev.ids.hibernate.GeneratedSno;
import dev.ids.sno.Sno;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * An application with Spring Data JDBC and {@code id-hibernate} but without Hibernate, run by
 * {@link DataJdbcWithoutHibernateTests} in a class loader that has no Hibernate and no JPA: it saves an aggregate
 * whose ID is {@code @GeneratedSno} and returns the ID read back.
 */
public final class NoHibernateProbe {

    private NoHibernateProbe() {
    }

    /**
     * Starts the application on a private H2 database, saves one aggregate and reads it back.
     *
     * @return the saved ID's canonical string, then a space and the partition of the ID read back
     */
    public static String run() {
        SpringApplication application = new SpringApplication(ProbeApplication.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        application.setDefaultProperties(java.util.Map.of("spring.datasource.url",
                "jdbc:h2:mem:ids-no-hibernate;DB_CLOSE_DELAY=-1", "ids.sno.partition", "77",
                "ids.trace-id.node-no", "7", "ids.lable.generator-id", "5", "spring.main.banner-mode", "off"));
        try (ConfigurableApplicationContext context = application.run()) {
            context.getBean(JdbcTemplate.class).execute("create table \"probe\" (id binary(10) primary key)");
            JdbcAggregateTemplate template = context.getBean(JdbcAggregateTemplate.class);
            Probe saved = template.save(new Probe());
            Probe found = template.findById(saved.id, Probe.class);
            return saved.id + " " + found.id.partition();
        }
    }

    /** The aggregate. */
    @Table("probe")
    static class Probe {

        @Id
        @GeneratedSno
        Sno id;
    }

    /** The application: Data JDBC and the ids auto-configuration, nothing of JPA. */
    @SpringBootConfiguration(proxyBeanMethods = false)
    @AutoConfigurationPackage
    @ImportAutoConfiguration({ DataSourceAutoConfiguration.class, JdbcTemplateAutoConfiguration.class,
            DataSourceTransactionManagerAutoConfiguration.class, DataJdbcRepositoriesAutoConfiguration.class,
            IdGeneratorsAutoConfiguration.class, IdsDataJdbcAutoConfiguration.class })
    static class ProbeApplication {
    }
}
