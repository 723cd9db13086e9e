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
 * Auto-configuration of generated IDs on JPA entities with Hibernate: adds the mapping file
 * {@code META-INF/ids-orm.xml} to the persistence unit built by Spring Boot's {@link EntityManagerFactoryBuilder},
 * so that {@code @GeneratedValue(generator = "sno")} (and {@code trace-id}, {@code lable}, {@code gid},
 * {@code muid}) gets the scheme's generator bean, and registers each {@code "<scheme>:<name>"} generator name the
 * entities use for the named generator {@code ids.<scheme>.named.<name>}. A name without such a generator fails
 * the start-up.
 *
 * <p>The {@code @GeneratedSno}-style annotations need none of this; they work wherever Hibernate has Spring's bean
 * container. A persistence unit built by an application-defined {@code LocalContainerEntityManagerFactoryBean}
 * needs the mapping file added by hand for {@code @GeneratedValue(generator = ...)}; the start-up check of
 * {@link dev.ids.hibernate.IdsGeneratorNameCheck} reports a missing one. Such a unit also misses the start-up
 * checks that the generator beans its entities ask for exist and are singletons: a missing one is reported at the
 * first insert. Generator names given in an application's own {@code orm.xml} are not checked for misspellings.
 *
 * <p>The generators, types and mapping file are in the {@code id-hibernate} module, which this module depends on
 * optionally: without it (or without Hibernate, or Spring Boot's JPA support) this configuration backs off.
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
