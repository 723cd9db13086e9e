package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.IdsProperties;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.zookeeper.ZooKeeperNodeLeaseProvider;
import java.util.List;

/** Everything that touches Curator types, kept apart so that the starter loads it only when Curator is present. */
final class ZooKeeperLeases {

    private ZooKeeperLeases() {
    }

    static ZooKeeperNodeLeaseProvider create(IdsProperties.ZooKeeper settings) {
        ZooKeeperNodeLeaseProvider.Builder builder = ZooKeeperNodeLeaseProvider.builder()
                .connectString(settings.getConnectString());
        NodeLeases.apply("ids.node.zookeeper.root-path", settings.getRootPath(), builder::rootPath);
        NodeLeases.apply("ids.node.zookeeper.session-timeout", settings.getSessionTimeout(), builder::sessionTimeout);
        NodeLeases.apply("ids.node.zookeeper.connection-timeout", settings.getConnectionTimeout(),
                builder::connectionTimeout);
        return builder.build();
    }

    static String describe(NodeLeaseProvider provider, IdsProperties.ZooKeeper settings) {
        String root = settings.getRootPath() != null ? settings.getRootPath()
                : ZooKeeperNodeLeaseProvider.DEFAULT_ROOT_PATH;
        return "zookeeper (" + settings.getConnectString() + ", root " + root + ")";
    }

    static long clusterId(NodeLeaseProvider provider, String namespace) {
        return ((ZooKeeperNodeLeaseProvider) provider).clusterId(namespace);
    }

    /** The identities of a namespace's pool and marks, with this provider's own leases told apart. */
    static List<StoredLease> rows(NodeLeaseProvider provider, String namespace) {
        ZooKeeperNodeLeaseProvider zooKeeper = (ZooKeeperNodeLeaseProvider) provider;
        return zooKeeper.rows(namespace).stream().map(row -> new StoredLease(row.namespace(), row.identity(),
                row.holder(), row.leaseHolder().map(holder -> holder.id().equals(zooKeeper.holderId())).orElse(false),
                !row.held(), row.expiresAtMillis(), row.highWaterMarkMillis())).toList();
    }

    static void close(NodeLeaseProvider provider) {
        ((ZooKeeperNodeLeaseProvider) provider).close();
    }
}
