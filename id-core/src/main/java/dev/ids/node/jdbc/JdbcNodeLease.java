package dev.ids.node.jdbc;

import dev.ids.node.ForwardingNodeLease;
import dev.ids.node.Renewal;
import dev.ids.node.StoredNodeLease;

/**
 * A node identity held through a row of the lease table: the shared lease lifecycle ({@link StoredNodeLease}) over
 * the {@link LeaseTable}; see {@link JdbcNodeLeaseProvider} for the protocol. The type stays for the seams the tests
 * use: a renewal by hand, the row's holder value, and why the lease was lost or is fenced.
 */
final class JdbcNodeLease extends ForwardingNodeLease {

    private final StoredNodeLease<TableLease> lease;

    JdbcNodeLease(StoredNodeLease<TableLease> lease) {
        super(lease);
        this.lease = lease;
    }

    /** Renews the lease once, as its renewal thread does; see {@link StoredNodeLease#renew()}. */
    Renewal renew() {
        return lease.renew();
    }

    /** The holder value written to the row: the provider's holder id, {@code #} and this lease's number. */
    String holder() {
        return lease.proof().holder();
    }

    /** Why the lease was lost or closed; {@code null} while held. */
    String lossReason() {
        return lease.lossReason();
    }

    /** Why the lease is fenced for clock skew; {@code null} while the clocks agree within the grace. */
    String skewFence() {
        return lease.skewFenceReason();
    }
}
