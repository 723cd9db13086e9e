package dev.ids.autoconfigure.data.jdbc;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;
import org.springframework.data.relational.RelationalManagedTypes;

/**
 * The application of the Spring Data JDBC suite: a DataSource, Spring Boot's Data JDBC repositories over the
 * aggregates and (nested) repositories of this package, the ids generators and their Data JDBC glue. No JPA.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@AutoConfigurationPackage
@ImportAutoConfiguration({ DataSourceAutoConfiguration.class, JdbcTemplateAutoConfiguration.class,
        DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
        DataJdbcRepositoriesAutoConfiguration.class, IdGeneratorsAutoConfiguration.class,
        IdsDataJdbcAutoConfiguration.class })
@EnableJdbcRepositories(considerNestedRepositories = true)
class DataJdbcTestApplication {

    /** The property that, set to {@code false}, leaves out the aggregates whose ID is a {@code java.util.UUID}. */
    static final String UUID_IDS = "data-jdbc-suite.uuid-ids";

    /**
     * The aggregates of the suite, those with UUID IDs only where the database's uuid type sorts like the IDs
     * (elsewhere they fail the start-up, see {@link IdsDataJdbcAutoConfigurationTests}).
     */
    @Bean
    RelationalManagedTypes jdbcManagedTypes(Environment environment) {
        boolean uuidIds = environment.getProperty(UUID_IDS, Boolean.class, true);
        List<Class<?>> types = new ArrayList<>(DataJdbcAggregates.IDENTIFIED.stream()
                .filter((type) -> uuidIds || !DataJdbcAggregates.hasUuidId(type)).toList());
        types.add(DataJdbcAggregates.PaymentAnnotated.class);
        types.add(DataJdbcAggregates.PaymentByName.class);
        types.add(DataJdbcAggregates.SnoRecord.class);
        return RelationalManagedTypes.fromIterable(types);
    }
}
