package dev.ids.zookeeper;

import dev.ids.node.LeaseGrant;
import dev.ids.node.LeaseLostException;
import dev.ids.node.NodeLeaseStore;
import java.time.Duration;
import org.apache.curator.framework.api.CuratorWatcher;
import org.jspecify.annotations.Nullable;

/**
 * The store's side of one open ZooKeeper lease, from the moment its pool znode is created to its release: the
 * proof, the lease to prove, suspend and end ({@link #attach attached} a moment after the create), the watch on its
 * znode, and the version of its mark znode for compare-and-set. Registered as soon as the znode exists, so that
 * another claim of the same session does not mistake the znode for a create of its own that Curator retried.
 *
 * <p>Until the lease is attached, suspensions and losses pass it by: the lease's first proof is guarded by the
 * fence epoch read before the create, so one that came meanwhile still wins.
 */
final class OpenZnode {

    private final ZnodeProof proof;
    /** The monotonic time before the create: the first proof counts from here. */
    private final long claimAskedAtNanos;
    /** The store's fence epoch read before the create: a suspension since discards the first proof. */
    private final long claimEpoch;
    private volatile NodeLeaseStore.@Nullable Provable lease;
    private volatile @Nullable CuratorWatcher watcher;
    /** Held across a mark write, so that the cached version stays in step with the znode. */
    private final Object markLock = new Object();
    /** Version of the mark znode last read or written; guarded by {@link #markLock}. */
    private int markVersion;

    OpenZnode(ZnodeProof proof, int markVersion, long claimAskedAtNanos, long claimEpoch) {
        this.proof = proof;
        this.markVersion = markVersion;
        this.claimAskedAtNanos = claimAskedAtNanos;
        this.claimEpoch = claimEpoch;
    }

    ZnodeProof proof() {
        return proof;
    }

    OwnedZnode znode() {
        return proof.znode();
    }

    String path() {
        return proof.path();
    }

    void attach(NodeLeaseStore.Provable lease) {
        this.lease = lease;
    }

    /**
     * Proves the lease for the first time, counting from the moment before the create, under the fence epoch read
     * then: a suspension since discards the proof.
     */
    void proveFirst(NodeLeaseStore.Provable lease, LeaseGrant grant) {
        lease.prove(claimAskedAtNanos, claimEpoch, grant);
    }

    /** The lease, or null while the claim has not attached it yet. */
    NodeLeaseStore.@Nullable Provable lease() {
        return lease;
    }

    @Nullable CuratorWatcher watcher() {
        return watcher;
    }

    void watcher(CuratorWatcher watcher) {
        this.watcher = watcher;
    }

    int markVersion() {
        synchronized (markLock) {
            return markVersion;
        }
    }

    /**
     * Writes the mark against the version last read or written, and keeps the version written. The lock is held
     * across the write, so that the cached version stays in step with the znode; advances are rare (in steps), so
     * writers do not queue behind it in practice. A suspension never waits for it.
     */
    long writeMark(VersionedWrite write) throws LeaseLostException {
        synchronized (markLock) {
            ZnodeMarks.StoredMark written = write.at(markVersion);
            markVersion = written.version();
            return written.millis();
        }
    }

    /** A write of the mark znode against a version. */
    @FunctionalInterface
    interface VersionedWrite {

        ZnodeMarks.StoredMark at(int version) throws LeaseLostException;
    }

    boolean isHeld() {
        NodeLeaseStore.Provable attached = lease;
        return attached != null && attached.lease().isHeld();
    }

    /** Whether the lease has ended; a znode whose lease is not attached yet is being claimed, not ended. */
    boolean isEnded() {
        NodeLeaseStore.Provable attached = lease;
        return attached != null && attached.lease().isEnded();
    }

    Duration remaining() {
        NodeLeaseStore.Provable attached = lease;
        return attached == null ? Duration.ZERO : attached.lease().remaining();
    }

    /** Stops the lease being held until the next proof; the store raised its fence epoch first. */
    void suspend() {
        NodeLeaseStore.Provable attached = lease;
        if (attached != null) {
            attached.suspend();
        }
    }

    /** Ends the lease for good, keeping the first reason found. */
    void end(String reason) {
        NodeLeaseStore.Provable attached = lease;
        if (attached != null && !attached.lease().isEnded()) {
            attached.end(reason);
        }
    }
}
