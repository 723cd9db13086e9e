package dev.ids.autoconfigure.data.jdbc;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.data.GeneratedIds;
import dev.ids.autoconfigure.data.GeneratorBeans;
import dev.ids.hibernate.IdsGeneratorNames;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.core.convert.JdbcCustomConversions;
import org.springframework.data.jdbc.core.dialect.DialectResolver;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;
import org.springframework.data.relational.core.dialect.Dialect;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations;

/**
 * Auto-configuration of the ID value types and generated IDs in Spring Data JDBC aggregates: the custom conversions
 * that store {@code TraceId}, {@code LableId}, {@code Gid}, {@code Sno} and {@code Muid} in the columns JPA gives them
 * ({@link IdJdbcConverters}), and, with {@code id-hibernate}'s annotations on the class path, the callback that fills
 * an aggregate ID asking for an ids generator ({@link IdsBeforeConvertCallback}).
 *
 * <p>The conversions are a {@link JdbcCustomConversions} bean defined before Spring Boot's, which backs off; an
 * application that defines its own adds {@link IdJdbcConverters#of} to it.
 */
@AutoConfiguration(after = { IdGeneratorsAutoConfiguration.class, JdbcTemplateAutoConfiguration.class },
        before = DataJdbcRepositoriesAutoConfiguration.class)
@ConditionalOnClass({ AbstractJdbcConfiguration.class, DataJdbcRepositoriesAutoConfiguration.class })
public final class IdsDataJdbcAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBean(NamedParameterJdbcOperations.class)
    JdbcCustomConversions jdbcCustomConversions(ObjectProvider<JdbcDialect> dialects,
            ObjectProvider<NamedParameterJdbcOperations> operations) {
        // Boot's dialect bean honours spring.data.jdbc.dialect; without it, the dialect Spring Data would detect. The
        // database is asked only then: ahead-of-time processing, which has none, makes this bean too.
        JdbcDialect dialect = dialects.getIfAvailable(
                () -> DialectResolver.getDialect(operations.getObject().getJdbcOperations()));
        return JdbcCustomConversions.of(dialect, IdJdbcConverters.of(dialect));
    }

    /** The generated aggregate IDs, where the generation annotations are on the class path. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(IdsGeneratorNames.class)
    static class GeneratedIdsConfiguration {

        @Bean
        @ConditionalOnMissingBean
        IdsBeforeConvertCallback idsBeforeConvertCallback(
                ObjectProvider<RelationalMappingContext> mappingContexts, ObjectProvider<Dialect> dialects,
                ConfigurableListableBeanFactory beanFactory) {
            return new IdsBeforeConvertCallback(new GeneratedIds(mappingContexts, dialects::getIfUnique,
                    new GeneratorBeans(beanFactory), "Spring Data JDBC"));
        }
    }
}
