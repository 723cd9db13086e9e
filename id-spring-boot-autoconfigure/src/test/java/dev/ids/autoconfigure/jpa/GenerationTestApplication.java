package dev.ids.autoconfigure.jpa;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes;

/**
 * The application of the generation suite: DataSource, Hibernate JPA, the ids generators and their JPA glue, with
 * exactly the entities of {@link GenerationEntities} and a DataSource that counts statements.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@ImportAutoConfiguration({ DataSourceAutoConfiguration.class, HibernateJpaAutoConfiguration.class,
        TransactionAutoConfiguration.class, IdGeneratorsAutoConfiguration.class, IdsJpaAutoConfiguration.class })
class GenerationTestApplication {

    @Bean
    PersistenceManagedTypes persistenceManagedTypes() {
        List<String> names = new ArrayList<>();
        GenerationEntities.IDENTIFIED.forEach((type) -> names.add(type.getName()));
        names.add(GenerationEntities.PaymentAnnotated.class.getName());
        names.add(GenerationEntities.PaymentByName.class.getName());
        names.add(GenerationEntities.Order.class.getName());
        return PersistenceManagedTypes.of(names.toArray(String[]::new));
    }

    @Bean
    static StatementCounter statementCounter() {
        return new StatementCounter();
    }
}
