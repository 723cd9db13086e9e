package dev.ids.autoconfigure.node;

import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * What the rows of a JDBC lease table tell about other instances: who holds an identity, for a failure that names
 * the holder, and every row of the namespaces this application leases in, for the {@code ids} endpoint (ZooKeeper's
 * pools: {@link ZooKeeperLeaseRows}); read through JDBC or, for an R2DBC provider, through {@link R2dbcLeaseRows}.
 * Other stores tell nothing of the kind, so for them these answer "another instance" and no rows.
 */
final class JdbcLeaseRows {

    private JdbcLeaseRows() {
    }

    /** The rows of the namespaces, by namespace then identity; none unless the provider is a JDBC one. */
    static List<StoredLease> rows(NodeLeaseProvider provider, List<String> namespaces) {
        if (R2dbcLeaseRows.isR2dbc(provider)) {
            return R2dbcLeaseRows.rows(provider, namespaces);
        }
        if (!(provider instanceof JdbcNodeLeaseProvider jdbc)) {
            return List.of();
        }
        List<StoredLease> rows = new ArrayList<>();
        for (String namespace : namespaces) {
            for (JdbcNodeLeaseProvider.LeaseRow row : jdbc.rows(namespace)) {
                rows.add(new StoredLease(row.namespace(), row.identity(), row.holder(),
                        row.leaseHolder().id().equals(jdbc.holderId()), row.expiresAtMillis() == 0,
                        row.expiresAtMillis(), row.highWaterMarkMillis()));
            }
        }
        return rows;
    }

    /** Who holds an identity, as far as the store tells: the row's holder (its host and process). */
    static String heldBy(NodeLeaseProvider provider, String namespace, long identity) {
        if (R2dbcLeaseRows.isR2dbc(provider)) {
            try {
                String holder = R2dbcLeaseRows.holder(provider, namespace, identity);
                return holder == null ? "another instance" : "the instance '" + holder + "'";
            } catch (RuntimeException ex) {
                return "another instance";
            }
        }
        if (!(provider instanceof JdbcNodeLeaseProvider jdbc)) {
            return "another instance";
        }
        try {
            return jdbc.rows(namespace).stream().filter(row -> row.identity() == identity).findFirst()
                    .map(row -> "the instance '" + row.holder() + "'").orElse("another instance");
        } catch (RuntimeException ex) {
            return "another instance"; // the failure names the property and the number either way
        }
    }
}
