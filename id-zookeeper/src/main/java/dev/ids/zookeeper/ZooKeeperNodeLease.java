package dev.ids.zookeeper;

import dev.ids.node.NodeClaim;
import dev.ids.node.LeaseStart;
import dev.ids.node.StoredNodeLease;

/**
 * A node identity held as an ephemeral znode, {@code <base>/pool/<identity>}, owned by this process's ZooKeeper
 * session; claimed through {@link ZooKeeperNodeLeaseProvider#claim(NodeClaim)}. The shared lease lifecycle
 * ({@link StoredNodeLease}) over the {@link ZooKeeperLeaseStore}; this type keeps the znode's accessors.
 *
 * <p>{@link #isHeld()} reads a volatile state and the monotonic clock. It is {@code true} only while all of these
 * hold: the lease was not closed, the session that created the znode has not been lost and the znode was not
 * deleted (both are final), Curator has not reported the connection {@code SUSPENDED} (or read-only) since the last
 * proof of ownership, and the local deadline has not passed. The deadline is set by each proof of ownership (a read
 * of the znode, on the same session, that finds it owned by that session) to the time the proof was asked for plus
 * {@linkplain ZooKeeperNodeLeaseProvider#LEASE_FRACTION two thirds} of the negotiated session timeout. The server
 * cannot expire the session, and so free the identity for another process, earlier than a full session timeout
 * after that proof was asked for; the deadline therefore fences a paused process (a long GC pause, a stopped VM)
 * before its identity can be reused, even when the connection events arrive late. {@link #isEnded()} is
 * {@code true} once closed, its session lost or its znode deleted: the holder must claim a new lease.
 */
public final class ZooKeeperNodeLease extends StoredNodeLease<ZnodeProof> {

    private final ZooKeeperLeaseStore store;

    ZooKeeperNodeLease(LeaseStart<ZnodeProof> start, ZooKeeperLeaseStore store) {
        super(start);
        this.store = store;
    }

    /**
     * Returns the path of the ephemeral znode that holds the identity, for diagnostics.
     *
     * @return the znode path, such as {@code /ids/sno/pool/3}
     */
    public String path() {
        return proof().path();
    }

    /**
     * Returns the path of the persistent znode that keeps the identity's high-water mark.
     *
     * @return the znode path, such as {@code /ids/sno/hwm/3}
     */
    public String highWaterMarkPath() {
        return proof().markPath();
    }

    /**
     * Returns the ZooKeeper session that owns the znode.
     *
     * @return the session id
     */
    public long sessionId() {
        return proof().znode().sessionId();
    }

    /** The version of the high-water-mark znode this lease last read or wrote, for compare-and-set. */
    int highWaterMarkVersion() {
        return store.markVersion(proof());
    }

    /** {@inheritDoc} Declared here too, so that the store reaches it to write a mark for this package's tests. */
    @Override
    protected ZnodeProof proof() {
        return super.proof();
    }
}
