package dev.ids.r2dbc;

import dev.ids.node.LeaseStart;
import dev.ids.node.StoredNodeLease;
import dev.ids.node.sql.HeldRow;
import dev.ids.node.sql.TableNodeLease;

/**
 * A node identity held through a row of the lease table, over R2DBC: the shared lease lifecycle
 * ({@link StoredNodeLease}) over the {@link R2dbcLeaseTable}. The type stays for the seams the tests reach by its
 * name ({@link TableNodeLease}).
 */
final class R2dbcNodeLease extends TableNodeLease {

    R2dbcNodeLease(LeaseStart<HeldRow> start) {
        super(start);
    }
}
