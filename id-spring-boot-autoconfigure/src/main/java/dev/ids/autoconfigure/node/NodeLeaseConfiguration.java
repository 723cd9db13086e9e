package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.internal.Chars;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.ReclaimingNodeLease;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The node leases of the starter's generators ({@link NodeLeases}) and the lease provider they come from: the
 * application's {@link NodeLeaseProvider} bean if it defines one, else the provider of one of the starter's stores,
 * each made by its own conditional configuration ({@link LeaseStoreKind#configuration()}) so that the condition
 * report says which was chosen and why.
 * Imported by the generators' auto-configuration, which runs after the DataSource auto-configuration so that a
 * lease table in the application's database can find the DataSource.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(IdsNodeProperties.class)
@Import(LeaseStoreConfigurations.class)
public class NodeLeaseConfiguration {

    static final String NODE_LEASES = "idNodeLeases";

    /**
     * The leases of the generators. The generators' factory depends on them, so they are closed after the generators;
     * and they depend on the provider, so the provider (the starter's ZooKeeper client) is closed after them.
     */
    @Bean(NODE_LEASES)
    NodeLeases idNodeLeases(IdsNodeProperties properties, ObjectProvider<NodeLeaseProvider> providers,
            ObjectProvider<StarterLeaseStore> starterStores, ConfigurableListableBeanFactory beanFactory) {
        LeaseStoreKinds kinds = LeaseStoreKinds.of(beanFactory.getBeanClassLoader());
        String setting = LeaseStoreKinds.normalize(properties.provider());
        if (!kinds.accepts(setting)) {
            throw new IdsConfigurationException("ids.node.provider", Chars.quote(properties.provider()),
                    "the node identities come from static settings, from auto mode, or from a lease store on the "
                    + "class path, and none is named so", "Set ids.node.provider to one of " + kinds.values() + ", or add the "
                    + "module of the store you meant to the application.");
        }
        NodeLeaseProvider provider = providers.getIfUnique();
        if (provider != null) {
            // Looked up through an ObjectProvider, the bean is not recorded as a dependency unless said so.
            for (String name : beanFactory.getBeanNamesForType(NodeLeaseProvider.class, false, false)) {
                beanFactory.registerDependentBean(name, NODE_LEASES);
            }
        }
        return new NodeLeases(ChosenLeaseProvider.of(setting, provider, starterStores.getIfUnique(), kinds),
                reclaimPeriod(properties.reclaimPeriod()), kinds);
    }

    /**
     * Waits, as the application starts, until the clock passes the marks the generators' leases start from.
     */
    @Bean
    LeaseStartWait idLeaseStartWait(NodeLeases idNodeLeases) {
        return new LeaseStartWait(idNodeLeases);
    }

    private static Duration reclaimPeriod(@Nullable Duration configured) {
        if (configured == null) {
            return ReclaimingNodeLease.DEFAULT_CHECK_PERIOD;
        }
        if (configured.toMillis() < 1 || configured.compareTo(ReclaimingNodeLease.MAX_RETRY_PERIOD) > 0) {
            throw new IdsConfigurationException("ids.node.reclaim-period", configured, "the period must be from "
                    + "1ms to " + ReclaimingNodeLease.MAX_RETRY_PERIOD.toSeconds() + "s",
                    "Set ids.node.reclaim-period within that range, or remove it to use the default (1s).");
        }
        return configured;
    }
}
