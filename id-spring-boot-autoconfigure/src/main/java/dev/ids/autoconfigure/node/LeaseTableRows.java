package dev.ids.autoconfigure.node;

import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.sql.LeaseRow;
import dev.ids.node.sql.LeaseTableProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * What the rows of a lease table tell about other instances: who holds an identity, for a failure that names the
 * holder, and every row of the namespaces this application leases in, for the {@code ids} endpoint (ZooKeeper's
 * pools: {@link ZooKeeperLeaseRows}); read through JDBC or R2DBC, whichever {@link LeaseTableProvider} leases. Other
 * stores tell nothing of the kind, so for them these answer "another instance" and no rows.
 */
final class LeaseTableRows {

    private LeaseTableRows() {
    }

    /** The rows of the namespaces, by namespace then identity; none unless the provider keeps a lease table. */
    static List<StoredLease> rows(NodeLeaseProvider provider, List<String> namespaces) {
        if (!(provider instanceof LeaseTableProvider table)) {
            return List.of();
        }
        List<StoredLease> rows = new ArrayList<>();
        for (String namespace : namespaces) {
            for (LeaseRow row : table.rows(namespace)) {
                rows.add(new StoredLease(row.namespace(), row.identity(), row.holder(),
                        row.leaseHolder().id().equals(table.holderId()), row.expiresAtMillis() == 0,
                        row.expiresAtMillis(), row.highWaterMarkMillis()));
            }
        }
        return rows;
    }

    /** Who holds an identity, as far as the store tells: the row's holder (its host and process). */
    static String heldBy(NodeLeaseProvider provider, String namespace, long identity) {
        if (!(provider instanceof LeaseTableProvider table)) {
            return "another instance";
        }
        try {
            return table.rows(namespace).stream().filter(row -> row.identity() == identity).findFirst()
                    .map(row -> "the instance '" + row.holder() + "'").orElse("another instance");
        } catch (RuntimeException ex) {
            return "another instance"; // the failure names the property and the number either way
        }
    }
}
