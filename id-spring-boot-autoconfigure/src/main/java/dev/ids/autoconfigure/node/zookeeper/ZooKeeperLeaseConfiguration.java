package dev.ids.autoconfigure.node.zookeeper;

import static dev.ids.autoconfigure.ConfiguredValue.apply;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.node.LableClusterIds;
import dev.ids.autoconfigure.node.LeaseStoreConfiguration;
import dev.ids.autoconfigure.node.StarterLeaseStore;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.zookeeper.ZooKeeperNodeLeaseProvider;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The starter's ZooKeeper lease provider, configured by {@code ids.node.zookeeper.*}: made when
 * {@code ids.node.provider} is {@code zookeeper}, or in auto mode when {@code ids.node.zookeeper.connect-string} is
 * set, and only when the application defines no {@link NodeLeaseProvider} of its own. With it comes the Lable
 * cluster id that ZooKeeper keeps. Chosen without Curator (or without the ZooKeeper provider) on the class path,
 * this configuration is skipped and the starter fails saying what to add ({@link ZooKeeperLeaseStoreKind#requires}),
 * so that nothing here loads a class of Curator before.
 */
@LeaseStoreConfiguration(ZooKeeperLeaseStoreKind.NAME)
@EnableConfigurationProperties(ZooKeeperLeaseProperties.class)
public class ZooKeeperLeaseConfiguration {

    /** Closed with the context, after the node leases (which depend on it) have released their identities. */
    @Bean
    ZooKeeperNodeLeaseProvider idsNodeLeaseProvider(ZooKeeperLeaseProperties settings,
            ObjectProvider<ZooKeeperNodeLeaseProviderBuilderCustomizer> customizers) {
        ZooKeeperNodeLeaseProvider.Builder builder = ZooKeeperNodeLeaseProvider.builder()
                .connectString(connectString(settings));
        apply("ids.node.zookeeper.root-path", settings.rootPath(), builder::rootPath);
        apply("ids.node.zookeeper.session-timeout", settings.sessionTimeout(), builder::sessionTimeout);
        apply("ids.node.zookeeper.connection-timeout", settings.connectionTimeout(),
                builder::connectionTimeout);
        customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
        return builder.build();
    }

    @Bean
    StarterLeaseStore idsStarterLeaseStore(ZooKeeperLeaseProperties settings) {
        String root = settings.rootPath() != null ? settings.rootPath()
                : ZooKeeperNodeLeaseProvider.DEFAULT_ROOT_PATH;
        return new StarterLeaseStore(new ZooKeeperLeaseStoreKind(), "zookeeper (" + settings.connectString()
                + ", root " + root + ")");
    }

    /**
     * ZooKeeper keeps Lable's cluster id with the pool ({@code <root>/cluster-id}, as Lable's module does); a
     * bean of the application's that reads it elsewhere wins.
     */
    @Bean
    @ConditionalOnMissingBean
    LableClusterIds idsLableClusterIds(ZooKeeperNodeLeaseProvider provider) {
        return provider::clusterId;
    }

    /** Chosen explicitly, ZooKeeper needs the ensemble to connect to before anything else. */
    private static String connectString(ZooKeeperLeaseProperties settings) {
        String connectString = settings.connectString();
        if (connectString == null || connectString.isBlank()) {
            throw new IdsConfigurationException("ids.node.zookeeper.connect-string", null, "ids.node.provider is "
                    + "zookeeper, which needs the ZooKeeper ensemble to connect to",
                    "Set ids.node.zookeeper.connect-string (for example zk1:2181,zk2:2181,zk3:2181), or set "
                    + "ids.node.provider to jdbc or static.");
        }
        return connectString;
    }
}
