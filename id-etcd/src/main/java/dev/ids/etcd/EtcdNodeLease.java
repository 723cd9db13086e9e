package dev.ids.etcd;

import dev.ids.node.ForwardingNodeLease;
import dev.ids.node.NodeClaim;
import dev.ids.node.Renewal;
import dev.ids.node.StoredNodeLease;
import org.jspecify.annotations.Nullable;

/**
 * A node identity held through a key in etcd, {@code <prefix>/<namespace>/lease/<identity>}, attached to an etcd lease
 * whose TTL the cluster counts: the shared lease lifecycle ({@link StoredNodeLease}) over the etcd store. It renews
 * itself on its own thread, one keep-alive per renewal period; it is fenced at its local deadline (its last
 * renewal's start plus the lease length, before the etcd lease can expire), and ends at once when a renewal or mark
 * write finds its etcd lease gone, or its key gone or created again by someone else.
 */
public final class EtcdNodeLease extends ForwardingNodeLease {

    private final StoredNodeLease<EtcdProof> lease;

    EtcdNodeLease(StoredNodeLease<EtcdProof> lease) {
        super(lease);
        this.lease = lease;
    }

    /**
     * Returns the claim this lease was made for.
     *
     * @return the namespace and range
     */
    public NodeClaim claim() {
        return lease.claim();
    }

    /**
     * Returns the key that holds the lease, for diagnostics.
     *
     * @return the key, such as {@code ids/sno/lease/3}
     */
    public String key() {
        return lease.proof().leaseKey();
    }

    /**
     * Returns the key that keeps the identity's high-water mark, attached to no etcd lease.
     *
     * @return the key, such as {@code ids/sno/mark/3}
     */
    public String highWaterMarkKey() {
        return lease.proof().markKey();
    }

    /**
     * Returns the holder value written in the lease key: the provider's holder id, {@code #} and the lease's number.
     *
     * @return the holder value
     */
    public String holder() {
        return lease.proof().holder();
    }

    /**
     * Returns the etcd lease the key is attached to.
     *
     * @return the etcd lease id
     */
    public long etcdLeaseId() {
        return lease.proof().leaseId();
    }

    /**
     * Returns the revision at which the claim created the key: every renewal, mark write and release compares it,
     * so a key of the same name created by anyone else is never taken for this lease's.
     *
     * @return the key's create revision
     */
    public long createRevision() {
        return lease.proof().createRevision();
    }

    /**
     * Returns why the lease was lost or closed.
     *
     * @return the reason, or {@code null} while held
     */
    public @Nullable String lossReason() {
        return lease.lossReason();
    }

    /** Renews once, as the renewal thread does: for tests that renew by hand. */
    Renewal renew() {
        return lease.renew();
    }
}
