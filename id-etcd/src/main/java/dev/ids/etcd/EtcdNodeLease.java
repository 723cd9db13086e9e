package dev.ids.etcd;

import dev.ids.node.LeaseStart;
import dev.ids.node.StoredNodeLease;

/**
 * A node identity held through a key in etcd, {@code <prefix>/<namespace>/lease/<identity>}, attached to an etcd lease
 * whose TTL the cluster counts: the shared lease lifecycle ({@link StoredNodeLease}) over the etcd store. It renews
 * itself on its own thread, one keep-alive per renewal period; it is fenced at its local deadline (its last
 * renewal's start plus the lease length, before the etcd lease can expire), and ends at once when a renewal or mark
 * write finds its etcd lease gone, or its key gone or created again by someone else.
 */
public final class EtcdNodeLease extends StoredNodeLease<EtcdProof> {

    EtcdNodeLease(LeaseStart<EtcdProof> start) {
        super(start);
    }

    /**
     * Returns the key that holds the lease, for diagnostics.
     *
     * @return the key, such as {@code ids/sno/lease/3}
     */
    public String key() {
        return proof().leaseKey();
    }

    /**
     * Returns the key that keeps the identity's high-water mark, attached to no etcd lease.
     *
     * @return the key, such as {@code ids/sno/mark/3}
     */
    public String highWaterMarkKey() {
        return proof().markKey();
    }

    /**
     * Returns the holder value written in the lease key: the provider's holder id, {@code #} and the lease's number.
     *
     * @return the holder value
     */
    public String holder() {
        return proof().holder();
    }

    /**
     * Returns the etcd lease the key is attached to.
     *
     * @return the etcd lease id
     */
    public long etcdLeaseId() {
        return proof().leaseId();
    }

    /**
     * Returns the revision at which the claim created the key: every renewal, mark write and release compares it,
     * so a key of the same name created by anyone else is never taken for this lease's.
     *
     * @return the key's create revision
     */
    public long createRevision() {
        return proof().createRevision();
    }
}
