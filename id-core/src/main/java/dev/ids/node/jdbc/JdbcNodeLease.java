package dev.ids.node.jdbc;

import dev.ids.node.LeaseStart;
import dev.ids.node.StoredNodeLease;
import dev.ids.node.sql.HeldRow;
import dev.ids.node.sql.TableNodeLease;

/**
 * A node identity held through a row of the lease table: the shared lease lifecycle ({@link StoredNodeLease}) over
 * the {@link LeaseTable}; see {@link JdbcNodeLeaseProvider} for the protocol. The type stays for the seams the tests
 * reach by its name ({@link TableNodeLease}).
 */
final class JdbcNodeLease extends TableNodeLease {

    JdbcNodeLease(LeaseStart<HeldRow> start) {
        super(start);
    }
}
