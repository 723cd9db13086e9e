package dev.ids.autoconfigure.node;

import dev.ids.node.NodeLeaseProvider;
import dev.ids.zookeeper.ZooKeeperNodeLeaseProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * The identities of ZooKeeper's pools as the {@code ids} endpoint lists them. Kept apart from {@link NodeLeases} so
 * that the ZooKeeper module's classes load only when the provider is the ZooKeeper one.
 */
final class ZooKeeperLeaseRows {

    private ZooKeeperLeaseRows() {
    }

    /** The identities of each namespace's pool and marks, with this provider's own leases told apart. */
    static List<StoredLease> rows(NodeLeaseProvider provider, List<String> namespaces) {
        ZooKeeperNodeLeaseProvider zooKeeper = (ZooKeeperNodeLeaseProvider) provider;
        List<StoredLease> rows = new ArrayList<>();
        for (String namespace : namespaces) {
            for (ZooKeeperNodeLeaseProvider.LeaseRow row : zooKeeper.rows(namespace)) {
                boolean here = row.leaseHolder().map(holder -> holder.id().equals(zooKeeper.holderId()))
                        .orElse(false);
                rows.add(new StoredLease(row.namespace(), row.identity(), row.holder(), here, !row.held(),
                        row.expiresAtMillis(), row.highWaterMarkMillis()));
            }
        }
        return rows;
    }
}
