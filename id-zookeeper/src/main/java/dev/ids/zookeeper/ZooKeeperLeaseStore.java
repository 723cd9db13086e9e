package dev.ids.zookeeper;

import dev.ids.clock.IdClock;
import dev.ids.internal.ExceptionMessages;
import dev.ids.node.LeaseGrant;
import dev.ids.node.LeaseLostException;
import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseStore;
import dev.ids.node.StoreClaim;
import dev.ids.node.StoredNodeLease;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.jspecify.annotations.Nullable;

/**
 * ZooKeeper as a lease store: the adapter between the shared lease lifecycle ({@link StoredNodeLease}) and the
 * znodes, with one class per concern behind it. A claim creates an ephemeral pool znode ({@link ZnodeClaims}); the
 * proof of ownership is that very znode ({@link ZnodeProof}); mark writes are compare-and-set on the mark znode
 * ({@link ZnodeMarks}); a release lowers the mark and deletes the znode ({@link ZnodeRelease}).
 *
 * <p>Ownership lasts as long as the session that created the znode, not until a time written in the store, so this
 * store proves ownership on its own ({@link OwnershipProofs}, one thread for all leases) instead of being renewed by
 * the lifecycle: {@link #deadlineEndsLease()} is {@code false} (a passed deadline only suspends a lease until the
 * next proof), a lease starts suspended and is proven as of its claim when {@linkplain #attach attached}, and the
 * {@linkplain #fenceEpoch() fence epoch} counts connection suspensions, so that a proof in flight across one is
 * discarded. docs/LEASES.md ("Writing a lease store") reads this class as its second example.
 */
final class ZooKeeperLeaseStore implements NodeLeaseStore<ZnodeProof> {

    /** The provider's logger: operators set one level for all of it. */
    private static final System.Logger LOGGER = System.getLogger(ZooKeeperNodeLeaseProvider.class.getName());

    private final Znodes znodes;
    private final IdClock clock;
    private final OwnershipProofs proofs;
    private final ZnodeMarks marks;
    private final ZnodeRelease release;
    private final ZnodeClaims claims;
    /** Every znode claimed and not yet released, from its create on; the lease is attached a moment later. */
    private final Map<ZnodeProof, OpenZnode> open = new ConcurrentHashMap<>();
    /**
     * Pool znodes a claim of this provider is creating now: another claim of the same session must not take the
     * znode for a create of its own that Curator retried before the first claim has registered it.
     */
    private final Set<String> creating = ConcurrentHashMap.newKeySet();

    ZooKeeperLeaseStore(Znodes znodes, IdClock clock, long lableReleaseDelayNanos) {
        this.znodes = znodes;
        this.clock = clock;
        this.proofs = new OwnershipProofs(znodes, clock, open.values());
        this.marks = new ZnodeMarks(znodes, proofs);
        this.release = new ZnodeRelease(znodes, proofs, marks, lableReleaseDelayNanos);
        this.claims = new ZnodeClaims(znodes, marks, release, this::heldHere);
    }

    /** Starts listening to the connection and proving the open leases. */
    void start() {
        proofs.start();
    }

    /** Closes every lease still open, waits for their delayed deletes, then stops proving. */
    void close() {
        for (OpenZnode znode : List.copyOf(open.values())) {
            NodeLeaseStore.Provable lease = znode.lease();
            if (lease != null) {
                lease.lease().close();
            }
        }
        release.awaitPendingDeletes();
        proofs.stop();
    }

    /** The open leases, for the operator's listing; read-only. */
    Collection<OpenZnode> openZnodes() {
        return open.values();
    }

    /**
     * Claims an identity of the claim's range through the shared claim loop, with ZooKeeper's messages.
     *
     * @throws dev.ids.node.NoFreeNodeIdentityException when every identity of the range is held
     * @throws IllegalStateException when ZooKeeper cannot be reached or written
     */
    ZooKeeperNodeLease claim(NodeClaim claim, String holder) {
        try {
            return StoredNodeLease.claim(start -> new ZooKeeperNodeLease(start, this), this, claim, holder, clock,
                    null);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // Including NoFreeNodeIdentityException: already clear.
            throw e;
        } catch (Exception e) {
            throw claimFailure(claim.namespace(), e);
        }
    }

    @Override
    public Claiming<ZnodeProof> startClaim(NodeClaim claim, String holder) throws Exception {
        String base = znodes.basePath(claim.namespace());
        return StoreClaim.of(claims.taken(base), holder,
                identity -> tryTake(claim.namespace(), base, identity, holder),
                () -> "ephemeral znodes under " + Znodes.pool(base) + " at ZooKeeper " + znodes.connectString());
    }

    private @Nullable Claimed<ZnodeProof> tryTake(String namespace, String base, long identity, String holder)
            throws Exception {
        String path = Znodes.child(Znodes.pool(base), identity);
        if (!creating.add(path)) {
            return null; // another claim of this provider is taking it now
        }
        try {
            long epoch = proofs.suspensionCount();
            long askedAt = clock.monotonicNanos();
            ZnodeClaims.ClaimedZnode claimed = claims.tryCreate(base, identity, holder);
            if (claimed == null) {
                return null;
            }
            ZnodeProof proof = new ZnodeProof(claimed.znode(), namespace, claimed.markPath());
            open.put(proof, new OpenZnode(proof, claimed.mark().version(), askedAt, epoch));
            // The lease starts suspended: attach proves it as of askedAt, so the grant here counts for nothing.
            return new Claimed<>(proof, identity, askedAt, claimed.mark().millis(), new LeaseGrant(0, 0));
        } finally {
            creating.remove(path);
        }
    }

    /**
     * Registers the lease before the session check, so that a loss reported from then on reaches it, watches its
     * znode, and proves it as of the time the claim was asked for; deletes the znode again and fails the claim when
     * the session that created it ended meanwhile.
     */
    @Override
    public void attach(ZnodeProof proof, Provable lease) {
        OpenZnode znode = Objects.requireNonNull(open.get(proof), "opened by tryTake before the claim attaches it");
        znode.attach(lease);
        ZooKeeper zooKeeper;
        try {
            proofs.watch(znode);
            zooKeeper = znodes.session();
            if (zooKeeper.getSessionId() != proof.znode().sessionId()) {
                throw new IllegalStateException("The ZooKeeper session that created " + proof.path() + " ended "
                        + "during the claim; claim again");
            }
        } catch (Exception e) {
            open.remove(proof);
            release.deleteIfOwned(proof.znode());
            throw e instanceof RuntimeException runtime ? runtime : claimFailure(proof.namespace(), e);
        }
        znode.proveFirst(lease, new LeaseGrant(OwnershipProofs.leaseNanos(zooKeeper), 0));
        if (!lease.lease().isHeld()) {
            // The connection was suspended during the claim: prove ownership once it is back.
            proofs.proveLater(znode);
        }
    }

    @Override
    public LeaseGrant renew(ZnodeProof proof) throws Exception {
        try {
            return new LeaseGrant(proofs.proveOwnership(proof.znode()), 0);
        } catch (ZnodeLostException e) {
            throw new LeaseLostException(ExceptionMessages.of(e));
        }
    }

    @Override
    public long writeMark(ZnodeProof proof, long epochMillis) throws Exception {
        OpenZnode znode = opened(proof);
        return znode.writeMark(version -> write(znode, epochMillis, version));
    }

    /**
     * Writes a lease's mark against a given version, as {@link #writeMark} does, ending the lease when its znode is
     * found lost; for tests.
     */
    ZnodeMarks.StoredMark writeMark(ZooKeeperNodeLease lease, long epochMillis, int version) {
        try {
            return write(opened(lease.proof()), epochMillis, version);
        } catch (LeaseLostException e) {
            OpenZnode znode = open.get(lease.proof());
            if (znode != null) {
                znode.end(ExceptionMessages.of(e));
            }
            throw new IllegalStateException("Cannot write the high-water mark " + epochMillis + " to znode "
                    + lease.proof().markPath() + ": " + lease + "; claim an identity again");
        }
    }

    private ZnodeMarks.StoredMark write(OpenZnode znode, long epochMillis, int version) throws LeaseLostException {
        ZnodeMarks.StoredMark written;
        try {
            written = marks.write(znode.znode(), znode.proof().markPath(), epochMillis, version);
        } catch (ZnodeLostException e) {
            throw new LeaseLostException(ExceptionMessages.of(e));
        }
        if (written == null) {
            throw new IllegalStateException("Cannot write the high-water mark " + epochMillis + " to znode "
                    + znode.proof().markPath() + ": " + znode.lease() + "; claim an identity again");
        }
        return written;
    }

    private OpenZnode opened(ZnodeProof proof) throws LeaseLostException {
        OpenZnode znode = open.get(proof);
        if (znode == null) {
            throw new LeaseLostException("released");
        }
        return znode;
    }

    /** The version of the lease's mark znode last read or written, for compare-and-set; -1 once released. */
    int markVersion(ZnodeProof proof) {
        OpenZnode znode = open.get(proof);
        return znode == null ? -1 : znode.markVersion();
    }

    /**
     * Forgets the lease, stops watching its znode, lowers the mark when asked to and deletes the znode
     * ({@link ZnodeRelease#free}); returns the mark when it was lowered. Never throws: a znode that cannot be
     * deleted goes with its session.
     */
    @Override
    public long release(ZnodeProof proof, long lowerTo) {
        OpenZnode znode = open.remove(proof);
        if (znode == null) {
            return -1;
        }
        return release.free(proof, znode.watcher(), znode.markVersion(), lowerTo);
    }

    @Override
    public String describe(ZnodeProof proof, boolean held, String state) {
        return "ZooKeeper lease on " + proof.path() + " (session 0x" + Long.toHexString(proof.znode().sessionId())
                + ", " + state + ")";
    }

    @Override
    public String location() {
        return "at ZooKeeper " + znodes.connectString();
    }

    @Override
    public String notHeldMessage(NodeClaim claim, long identity, String lease, String action, String reason) {
        return "The " + lease + " " + action + ": the lease is not held (" + reason + "); claim an identity again";
    }

    /** {@code false}: a passed deadline suspends a ZooKeeper lease until the next proof; its session decides. */
    @Override
    public boolean deadlineEndsLease() {
        return false;
    }

    /** The count of connection suspensions and losses ({@link OwnershipProofs#suspensionCount()}). */
    @Override
    public long fenceEpoch() {
        return proofs.suspensionCount();
    }

    @Override
    public System.Logger logger() {
        return LOGGER;
    }

    /** Whether an open lease (or a claim of this provider) holds the pool znode: not a retried create of ours. */
    private boolean heldHere(String path) {
        return open.values().stream().anyMatch(znode -> znode.path().equals(path) && !znode.isEnded());
    }

    private RuntimeException claimFailure(String namespace, Exception e) {
        String pool = Znodes.pool(znodes.basePath(namespace));
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            return new IllegalStateException("Interrupted while claiming a node identity under " + pool, e);
        }
        // A client that never connected reports the session it could not open as expired.
        if (e instanceof KeeperException.ConnectionLossException || e instanceof KeeperException.SessionExpiredException
                || e instanceof KeeperException.OperationTimeoutException) {
            return new LeaseStoreUnreachableException("Cannot claim a node identity in namespace '" + namespace
                    + "' under znode " + pool + ": ZooKeeper " + znodes.connectString() + " cannot be reached ("
                    + e.getMessage() + "); check the connect string and that ZooKeeper is up", e);
        }
        return new IllegalStateException("Cannot claim a node identity in namespace '" + namespace + "' under znode "
                + pool + " at ZooKeeper " + znodes.connectString() + ": " + e + "; check that ZooKeeper is reachable "
                + "and that this client may create znodes there", e);
    }
}
