package dev.ids.autoconfigure;

import dev.ids.IdGenerator;
import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.autoconfigure.node.LableClusterIds;
import dev.ids.autoconfigure.node.NodeLeaseConfiguration;
import dev.ids.autoconfigure.node.NodeLeases;
import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.LazyInitializationExcludeFilter;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.util.StringUtils;

/**
 * Auto-configuration of one generator bean per enabled scheme ({@code traceIdGenerator}, {@code lableIdGenerator},
 * {@code gidGenerator}, {@code snoGenerator}, {@code muidGenerator}), injectable as {@code IdGenerator<Sno>} and
 * so on, plus the named generators of {@code ids.<scheme>.named}. A bean the application defines of the
 * generator's type, or any {@code IdGenerator} of the same ID type, replaces the starter's.
 *
 * <p>Node identities left unset are leased per generator ({@link NodeLeases}) from the provider that
 * {@link NodeLeaseConfiguration} chooses by conditions; it runs after the DataSource and R2DBC auto-configurations so
 * that a lease table in the application's database can see the DataSource, or the ConnectionFactory.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
        "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration" })
@EnableConfigurationProperties(IdsProperties.class)
@Import({ NodeLeaseConfiguration.class, NamedIdGeneratorsRegistrar.class })
public final class IdGeneratorsAutoConfiguration {

    IdGeneratorsAutoConfiguration() {
        CoreLogRouting.install(); // so that what the core logs while the context closes is not lost
    }

    @Bean
    IdGeneratorRegistry idGeneratorRegistry() {
        return new IdGeneratorRegistry();
    }

    @Bean
    static ApplicationGeneratorsRegistrar applicationIdGeneratorsRegistrar(ObjectProvider<IdGeneratorRegistry> registry) {
        return new ApplicationGeneratorsRegistrar(registry);
    }

    /** Generators are made at start-up even under lazy initialization, so bad configuration fails it. */
    @Bean
    static LazyInitializationExcludeFilter idGeneratorsLazyInitializationExcludeFilter() {
        return LazyInitializationExcludeFilter.forBeanTypes(MonitoredIdGenerator.class);
    }

    @Bean
    IdGeneratorFactory idGeneratorFactory(ObjectProvider<NodeIdentityProvider> identityProviders,
            ObjectProvider<IdGeneratorBuilderCustomizer> customizers, IdGeneratorRegistry registry,
            NodeLeases nodeLeases, ObjectProvider<LableClusterIds> clusterIds, IdsProperties properties,
            ConfigurableListableBeanFactory beanFactory) {
        return new IdGeneratorFactory(identityProviders.orderedStream().toList(),
                customizers.orderedStream().toList(), registry, nodeLeases, clusterIds.getIfUnique(),
                new RequiredNodeIdentities(beanFactory, properties));
    }

    /**
     * Passes a scheme's settings on, unless the scheme is switched off: then the bean method runs only because its
     * condition was evaluated when the application was processed ahead of time, and the switch would be ignored.
     */
    static <S extends SchemeGroup<?>> S enabled(String prefix, S settings) {
        if (!settings.isEnabled()) {
            throw new IdsConfigurationException(prefix + ".enabled", false, "the application was processed ahead "
                    + "of time (Spring AOT) with this generator switched on, and bean conditions count at build time "
                    + "only", "Build the application again with " + prefix + ".enabled=false to switch the generator "
                    + "off, or remove the property.");
        }
        return settings;
    }

    /**
     * Makes a scheme's default generator from its group of settings ({@code ids.<scheme>}), named after its type as
     * the named generators are ({@code snoGenerator}).
     */
    static <G> G defaultGenerator(IdScheme scheme, Class<G> type, IdGeneratorFactory factory,
            IdsProperties properties) {
        String prefix = "ids." + scheme.schemeName();
        String beanName = StringUtils.uncapitalize(type.getSimpleName());
        return type.cast(enabled(prefix, properties.group(scheme)).newGenerator(factory, beanName, prefix));
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty(name = "ids.trace-id.enabled", matchIfMissing = true)
    static class TraceIdConfiguration {

        @Bean
        @ConditionalOnMissingBean(value = TraceId.class, parameterizedContainer = IdGenerator.class)
        TraceIdGenerator traceIdGenerator(IdGeneratorFactory factory, IdsProperties properties) {
            return defaultGenerator(IdScheme.TRACE_ID, TraceIdGenerator.class, factory, properties);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty(name = "ids.lable.enabled", matchIfMissing = true)
    static class LableConfiguration {

        @Bean
        @ConditionalOnMissingBean(value = LableId.class, parameterizedContainer = IdGenerator.class)
        LableIdGenerator lableIdGenerator(IdGeneratorFactory factory, IdsProperties properties) {
            return defaultGenerator(IdScheme.LABLE, LableIdGenerator.class, factory, properties);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty(name = "ids.gid.enabled", matchIfMissing = true)
    static class GidConfiguration {

        @Bean
        @ConditionalOnMissingBean(value = Gid.class, parameterizedContainer = IdGenerator.class)
        GidGenerator gidGenerator(IdGeneratorFactory factory, IdsProperties properties) {
            return defaultGenerator(IdScheme.GID, GidGenerator.class, factory, properties);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty(name = "ids.sno.enabled", matchIfMissing = true)
    static class SnoConfiguration {

        @Bean
        @ConditionalOnMissingBean(value = Sno.class, parameterizedContainer = IdGenerator.class)
        SnoGenerator snoGenerator(IdGeneratorFactory factory, IdsProperties properties) {
            return defaultGenerator(IdScheme.SNO, SnoGenerator.class, factory, properties);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty(name = "ids.muid.enabled", matchIfMissing = true)
    static class MuidConfiguration {

        @Bean
        @ConditionalOnMissingBean(value = Muid.class, parameterizedContainer = IdGenerator.class)
        MuidGenerator muidGenerator(IdGeneratorFactory factory, IdsProperties properties) {
            return defaultGenerator(IdScheme.MUID, MuidGenerator.class, factory, properties);
        }
    }
}
