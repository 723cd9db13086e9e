package dev.ids.jpa.app;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;

/**
 * An application with entities and Spring Data JPA repositories in this package, scanned with its own
 * {@code @EntityScan}, and the DataSource, Hibernate/JPA and transaction auto-configurations.
 */
@SpringBootConfiguration
@ImportAutoConfiguration({DataSourceAutoConfiguration.class, HibernateJpaAutoConfiguration.class,
    TransactionAutoConfiguration.class})
@EntityScan(basePackageClasses = EntitiesApplication.class)
@EnableJpaRepositories(basePackageClasses = EntitiesApplication.class)
public class EntitiesApplication {
}
