package dev.ids.autoconfigure.jpa;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.hibernate.IdsGeneratorNames;
import org.hibernate.engine.spi.SessionImplementor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.jpa.EntityManagerFactoryBuilder;
import org.springframework.boot.jpa.autoconfigure.EntityManagerFactoryBuilderCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of generated IDs on JPA entities with Hibernate: checks, for the persistence unit built by
 * Spring Boot's {@link EntityManagerFactoryBuilder}, that every generator its entities ask for is a singleton bean
 * (a missing one fails the start-up naming the entity and the property to set), and lists the generator names they
 * use ({@code @GeneratedValue(generator = "sno")}, {@code "sno:payments"} for the named generator
 * {@code ids.sno.named.payments}) so that {@link dev.ids.hibernate.IdsGeneratorRegistrations} registers exactly
 * those, without a mapping file: an application that uses none makes Hibernate read no mapping document at all.
 *
 * <p>The {@code @GeneratedSno}-style annotations need no registration. A persistence unit built by an
 * application-defined {@code LocalContainerEntityManagerFactoryBean} misses the checks and the listing: the five
 * scheme names are registered there anyway, a named generator name needs the Hibernate setting
 * {@value IdsGeneratorNames#NAMES_SETTING} (the start-up check of {@link dev.ids.hibernate.IdsGeneratorNameCheck}
 * says so), and a missing generator bean is reported at the first insert.
 *
 * <p>The generators and types are in the {@code id-hibernate} module, which this module depends on optionally:
 * without it (or without Hibernate, or Spring Boot's JPA support) this configuration backs off.
 */
@AutoConfiguration(after = IdGeneratorsAutoConfiguration.class)
@ConditionalOnClass({ SessionImplementor.class, EntityManagerFactoryBuilder.class, IdsGeneratorNames.class })
public final class IdsJpaAutoConfiguration {

    @Bean
    EntityManagerFactoryBuilderCustomizer idsEntityManagerFactoryBuilderCustomizer(
            ConfigurableListableBeanFactory beanFactory) {
        return builder -> builder.addPersistenceUnitPostProcessors(new IdsPersistenceUnitPostProcessor(beanFactory,
                beanFactory.getBeanClassLoader()));
    }
}
