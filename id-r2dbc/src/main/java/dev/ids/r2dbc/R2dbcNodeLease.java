package dev.ids.r2dbc;

import dev.ids.node.ForwardingNodeLease;
import dev.ids.node.Renewal;
import dev.ids.node.StoredNodeLease;
import org.jspecify.annotations.Nullable;

/**
 * A node identity held through a row of the lease table, over R2DBC: the shared lease lifecycle
 * ({@link StoredNodeLease}) over the {@link R2dbcLeaseTable}. The type stays for the seams the tests use: a renewal
 * by hand, and why the lease was lost.
 */
final class R2dbcNodeLease extends ForwardingNodeLease {

    private final StoredNodeLease<RowLease> lease;

    R2dbcNodeLease(StoredNodeLease<RowLease> lease) {
        super(lease);
        this.lease = lease;
    }

    /** Renews the lease once, as its renewal thread does. */
    Renewal renew() {
        return lease.renew();
    }

    /** Why the lease was lost or closed; {@code null} while held. */
    @Nullable String lossReason() {
        return lease.lossReason();
    }
}
