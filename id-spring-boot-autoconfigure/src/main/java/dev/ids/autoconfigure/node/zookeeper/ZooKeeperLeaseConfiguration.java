package dev.ids.autoconfigure.node.zookeeper;

import static dev.ids.autoconfigure.ConfiguredValue.apply;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.node.ConditionalOnMissingStoreClasses;
import dev.ids.autoconfigure.node.ConditionalOnNodeProvider;
import dev.ids.autoconfigure.node.IdsNodeProperties;
import dev.ids.autoconfigure.node.LableClusterIds;
import dev.ids.autoconfigure.node.MissingStoreModule;
import dev.ids.autoconfigure.node.StarterLeaseStore;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.zookeeper.ZooKeeperNodeLeaseProvider;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ResourceLoader;
import org.springframework.util.ClassUtils;

/**
 * The starter's ZooKeeper lease provider, configured by {@code ids.node.zookeeper.*}: made when
 * {@code ids.node.provider} is {@code zookeeper}, or in auto mode when {@code ids.node.zookeeper.connect-string} is
 * set, and only when the application defines no {@link NodeLeaseProvider} of its own. With it comes the Lable
 * cluster id that ZooKeeper keeps. Chosen without Curator (or without the ZooKeeper provider) on the class path, the
 * start-up fails saying what to add; the conditions name classes only, so that nothing here loads them before.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnNodeProvider(ZooKeeperLeaseStoreKind.NAME)
@ConditionalOnMissingBean(NodeLeaseProvider.class)
@EnableConfigurationProperties(ZooKeeperLeaseProperties.class)
public class ZooKeeperLeaseConfiguration {

    static final String CURATOR = "org.apache.curator.framework.CuratorFramework";

    static final String PROVIDER = "dev.ids.zookeeper.ZooKeeperNodeLeaseProvider";

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = { CURATOR, PROVIDER })
    static class CuratorPresent {

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
    }

    /** Fails the start-up: ZooKeeper was chosen, and the classes it needs are missing. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingStoreClasses({ CURATOR, PROVIDER })
    static class CuratorAbsent {

        @Bean
        NodeLeaseProvider idsNodeLeaseProvider(IdsNodeProperties properties, ZooKeeperLeaseProperties settings,
                ResourceLoader resourceLoader) {
            connectString(settings);
            String missing = missing(resourceLoader.getClassLoader());
            throw MissingStoreModule.failure(properties, new ZooKeeperLeaseStoreKind(), settings::connectString,
                    "leasing node identities from ZooKeeper needs " + missing + ", which is not on the class path",
                    missing, "set ids.node.provider to jdbc or static");
        }

        /**
         * Names what leasing from ZooKeeper lacks: the ids ZooKeeper module first (it brings Curator), then Curator
         * itself, which the starter leaves out.
         */
        private static String missing(@Nullable ClassLoader classLoader) {
            return ClassUtils.isPresent(PROVIDER, classLoader)
                    ? "Apache Curator (org.apache.curator:curator-framework)"
                    : "the ids ZooKeeper module dev.ids:id-zookeeper";
        }
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
