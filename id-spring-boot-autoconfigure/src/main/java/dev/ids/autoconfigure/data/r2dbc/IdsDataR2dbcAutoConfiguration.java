package dev.ids.autoconfigure.data.r2dbc;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.data.GeneratedIds;
import dev.ids.autoconfigure.data.GeneratorBeans;
import dev.ids.hibernate.IdsGeneratorNames;
import dev.ids.reactor.ReactiveIdGenerator;
import io.r2dbc.spi.ConnectionFactory;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.r2dbc.convert.R2dbcCustomConversions;
import org.springframework.data.r2dbc.dialect.DialectResolver;
import org.springframework.data.r2dbc.dialect.R2dbcDialect;
import org.springframework.data.relational.core.dialect.Dialect;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.util.function.SingletonSupplier;

/**
 * Auto-configuration of the ID value types and generated IDs in Spring Data R2DBC entities: custom conversions that
 * store {@code TraceId}, {@code LableId}, {@code Gid}, {@code Sno} and {@code Muid} in the columns JPA gives them
 * ({@link IdR2dbcConverters}), and, with {@code id-reactor} and {@code id-hibernate}'s annotations on the class path,
 * the reactive callback that fills an entity ID asking for an ids generator
 * ({@link IdsReactiveBeforeConvertCallback}).
 *
 * <p>It does not need Spring Boot's R2DBC auto-configuration. The conversions are an {@link R2dbcCustomConversions}
 * bean for the one {@link ConnectionFactory} bean's database, defined unless the application has one; it is ordered
 * before Spring Boot's Data R2DBC auto-configuration, which then backs off. An application that defines its own
 * (an {@code AbstractR2dbcConfiguration} does) adds {@link IdR2dbcConverters#of} to it.
 */
@AutoConfiguration(after = IdGeneratorsAutoConfiguration.class,
        afterName = "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration",
        beforeName = "org.springframework.boot.data.r2dbc.autoconfigure.DataR2dbcAutoConfiguration")
@ConditionalOnClass({ R2dbcCustomConversions.class, ConnectionFactory.class })
public final class IdsDataR2dbcAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnSingleCandidate(ConnectionFactory.class)
    R2dbcCustomConversions r2dbcCustomConversions(ConnectionFactory connectionFactory) {
        // The dialect Spring Data R2DBC itself picks from the factory's metadata (no connection is opened).
        R2dbcDialect dialect = DialectResolver.getDialect(connectionFactory);
        return R2dbcCustomConversions.of(dialect, IdR2dbcConverters.of(dialect));
    }

    /** The generated entity IDs, where the reactive path and the generation annotations are on the class path. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({ ReactiveIdGenerator.class, IdsGeneratorNames.class })
    static class GeneratedIdsConfiguration {

        @Bean
        @ConditionalOnMissingBean
        IdsReactiveBeforeConvertCallback idsReactiveBeforeConvertCallback(
                ObjectProvider<RelationalMappingContext> mappingContexts,
                ObjectProvider<ConnectionFactory> connectionFactories, ConfigurableListableBeanFactory beanFactory) {
            // Resolved once: a type first saved after start-up is inspected on the saving (event-loop) thread.
            Supplier<@Nullable Dialect> dialect = SingletonSupplier.of(
                    () -> dialectOf(connectionFactories.getIfUnique()));
            return new IdsReactiveBeforeConvertCallback(new GeneratedIds(mappingContexts, dialect,
                    new GeneratorBeans(beanFactory), "Spring Data R2DBC"));
        }

        private static @Nullable R2dbcDialect dialectOf(@Nullable ConnectionFactory connectionFactory) {
            return connectionFactory == null ? null : DialectResolver.getDialect(connectionFactory);
        }
    }
}
