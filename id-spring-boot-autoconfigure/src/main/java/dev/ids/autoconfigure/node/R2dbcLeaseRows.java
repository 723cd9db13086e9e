package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.node.r2dbc.R2dbcNodeLeaseProvider;
import dev.ids.node.NodeLeaseProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of the lease table as an R2DBC provider reads them, for {@link JdbcLeaseRows}. Apart, and asked for only
 * once the provider's class name says it is one, so that an application without R2DBC never loads the provider's
 * class.
 */
final class R2dbcLeaseRows {

    private static final String PROVIDER = "dev.ids.autoconfigure.node.r2dbc.R2dbcNodeLeaseProvider";

    private R2dbcLeaseRows() {
    }

    /** Tells, by its class name alone, whether the provider is an R2DBC one. */
    static boolean isR2dbc(NodeLeaseProvider provider) {
        return provider.getClass().getName().equals(PROVIDER);
    }

    /** The rows of the namespaces, by namespace then identity; the provider must be an R2DBC one. */
    static List<StoredLease> rows(NodeLeaseProvider provider, List<String> namespaces) {
        R2dbcNodeLeaseProvider r2dbc = (R2dbcNodeLeaseProvider) provider;
        List<StoredLease> rows = new ArrayList<>();
        for (String namespace : namespaces) {
            for (R2dbcNodeLeaseProvider.LeaseRow row : r2dbc.rows(namespace)) {
                rows.add(new StoredLease(row.namespace(), row.identity(), row.holder(),
                        row.leaseHolder().id().equals(r2dbc.holderId()), row.expiresAtMillis() == 0,
                        row.expiresAtMillis(), row.highWaterMarkMillis()));
            }
        }
        return rows;
    }

    /** The holder of an identity's row, or {@code null} when it has none. */
    static String holder(NodeLeaseProvider provider, String namespace, long identity) {
        return ((R2dbcNodeLeaseProvider) provider).rows(namespace).stream().filter(row -> row.identity() == identity)
                .findFirst().map(R2dbcNodeLeaseProvider.LeaseRow::holder).orElse(null);
    }
}
