package dev.ids.zookeeper;

import dev.ids.clock.IdClock;
import dev.ids.node.ClaimCandidates;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.zookeeper.ZooKeeper;

/**
 * A provider's open leases, from claim to release. A claim reads which identities of the pool are taken, tries the
 * candidates in {@link ClaimCandidates}' order until {@link ZnodeClaims} creates one's znode, and turns that znode
 * into a lease: registered here before the session check, so that a loss reported from then on reaches it, watched
 * for deletion, and proven as of the moment the claim was asked for. A closed lease is forgotten and its identity
 * freed by {@link ZnodeRelease}; closing the provider closes every lease still open.
 *
 * <p>Leases call back here for their clock, the suspension count that guards their proofs, mark writes and their
 * release. The set itself is shared with {@link OwnershipProofs} and {@link ZnodeRows}, which only read it.
 */
final class OpenLeases {

    private final Set<ZooKeeperNodeLease> leases;
    private final Znodes znodes;
    private final IdClock clock;
    private final OwnershipProofs proofs;
    private final ZnodeMarks marks;
    private final ZnodeRelease release;
    private final ZnodeClaims claims;
    /** Written into each pool znode this provider creates, with {@code #} and the claim's number. */
    private final String holderId;
    /** Numbers this provider's claims: their holder texts differ, and so do the points they spread from. */
    private final AtomicLong claimNumbers = new AtomicLong();

    OpenLeases(Set<ZooKeeperNodeLease> leases, Znodes znodes, IdClock clock, OwnershipProofs proofs,
            ZnodeMarks marks, ZnodeRelease release, String holderId) {
        this.leases = leases;
        this.znodes = znodes;
        this.clock = clock;
        this.proofs = proofs;
        this.marks = marks;
        this.release = release;
        this.claims = new ZnodeClaims(znodes, marks, release, leases);
        this.holderId = holderId;
    }

    /** Claims an identity of the claim's range; see {@link ZooKeeperNodeLeaseProvider#claim(NodeClaim)}. */
    ZooKeeperNodeLease claim(NodeClaim claim) {
        String base = znodes.basePath(claim.namespace());
        String pool = Znodes.pool(base);
        try {
            long[] taken = claims.taken(base);
            String holder = holderId + "#" + claimNumbers.incrementAndGet();
            ClaimCandidates candidates = new ClaimCandidates(claim, taken, holder);
            for (long candidate = candidates.next(); candidate != ClaimCandidates.NONE;
                    candidate = candidates.next()) {
                long suspensionsBefore = proofs.suspensionCount();
                long askedAt = clock.monotonicNanos();
                ZnodeClaims.ClaimedZnode claimed = claims.tryCreate(base, candidate, holder);
                if (claimed != null) {
                    return open(claim, candidate, claimed, askedAt, suspensionsBefore);
                }
            }
            throw new NoFreeNodeIdentityException(claim, "ephemeral znodes under " + pool + " at ZooKeeper "
                    + znodes.connectString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while claiming a node identity under " + pool, e);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // Including NoFreeNodeIdentityException: already clear.
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Cannot claim a node identity in namespace '" + claim.namespace()
                    + "' under znode " + pool + " at ZooKeeper " + znodes.connectString() + ": " + e
                    + "; check that ZooKeeper is reachable and that this client may create znodes there", e);
        }
    }

    /**
     * Makes a claimed znode a lease: registered before the session check, so that a loss reported from then on
     * reaches it, watched, and proven as of the time the claim was asked for; the znode is deleted again when the
     * session that created it ended meanwhile.
     */
    private ZooKeeperNodeLease open(NodeClaim claim, long identity, ZnodeClaims.ClaimedZnode claimed, long askedAt,
            long suspensionsBefore) throws Exception {
        OwnedZnode znode = claimed.znode();
        ZooKeeperNodeLease lease = new ZooKeeperNodeLease(this, claim, identity, znode, claimed.markPath(),
                claimed.mark());
        leases.add(lease);
        ZooKeeper zooKeeper;
        try {
            proofs.watch(lease);
            zooKeeper = znodes.session();
            if (zooKeeper.getSessionId() != znode.sessionId()) {
                throw new IllegalStateException("The ZooKeeper session that created " + znode.path() + " ended "
                        + "during the claim; claim again");
            }
        } catch (Exception e) {
            leases.remove(lease);
            release.deleteIfOwned(znode);
            throw e;
        }
        lease.proven(askedAt, suspensionsBefore, OwnershipProofs.leaseNanos(zooKeeper));
        if (!lease.isHeld()) {
            // The connection was suspended during the claim: prove ownership once it is back.
            proofs.proveLater(lease);
        }
        return lease;
    }

    /**
     * Writes a lease's high-water mark ({@link ZnodeMarks#write}); ends the lease when its znode is found lost.
     *
     * @return the mark now stored and its version
     * @throws IllegalStateException when the mark was not written; claim again when the lease has ended
     */
    ZnodeMarks.StoredMark writeMark(ZooKeeperNodeLease lease, long epochMillis, int version) {
        try {
            ZnodeMarks.StoredMark written = marks.write(lease.znode(), lease.highWaterMarkPath(), epochMillis,
                    version);
            if (written != null) {
                return written;
            }
        } catch (ZnodeLostException e) {
            lease.end(e.getMessage());
        }
        throw new IllegalStateException("Cannot write the high-water mark " + epochMillis + " to znode "
                + lease.highWaterMarkPath() + ": " + lease + "; claim an identity again");
    }

    /**
     * Forgets a closed lease and frees its identity, first lowering its high-water mark to {@code finalMark} when
     * that is 0 or more; see {@link ZnodeRelease#free}.
     */
    void release(ZooKeeperNodeLease lease, long finalMark) {
        leases.remove(lease);
        release.free(lease, finalMark);
    }

    /** The suspension count a lease compares a proof against; see {@link OwnershipProofs#suspensionCount()}. */
    long suspensionCount() {
        return proofs.suspensionCount();
    }

    /** The clock whose monotonic reading times lease deadlines. */
    IdClock clock() {
        return clock;
    }

    /** Closes every lease still open, then waits for their delayed deletes. */
    void closeAll() {
        for (ZooKeeperNodeLease lease : List.copyOf(leases)) {
            lease.close();
        }
        release.awaitPendingDeletes();
    }
}
