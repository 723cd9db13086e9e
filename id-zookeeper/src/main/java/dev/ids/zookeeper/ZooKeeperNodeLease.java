package dev.ids.zookeeper;

import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.apache.curator.framework.api.CuratorWatcher;

/**
 * A node identity held as an ephemeral znode, {@code <base>/pool/<identity>}, owned by this process's ZooKeeper
 * session; claimed through {@link ZooKeeperNodeLeaseProvider#claim(NodeClaim)}.
 *
 * <p>{@link #isHeld()} reads two volatile fields and the monotonic clock. It is {@code true} only while all of these
 * hold: the lease was not closed, the session that created the znode has not been lost and the znode was not
 * deleted (both are final), Curator has not reported the connection {@code SUSPENDED} (or read-only) since the last
 * proof of ownership, and the local deadline has not passed. The deadline is set by each proof of ownership (a read
 * of the znode, on the same session, that finds it owned by that session) to the time the proof was asked for plus
 * {@linkplain ZooKeeperNodeLeaseProvider#LEASE_FRACTION two thirds} of the negotiated session timeout. The server
 * cannot expire the session, and so free the identity for another process, earlier than a full session timeout
 * after that proof was asked for; the deadline therefore fences a paused process (a long GC pause, a stopped VM)
 * before its identity can be reused, even when the connection events arrive late.
 */
public final class ZooKeeperNodeLease implements NodeLease {

    /** Proven held; {@link #isHeld()} is true until the deadline. */
    private static final int ACTIVE = 0;
    /** Connection suspended since the last proof; may become active again after a new proof. */
    private static final int SUSPENDED = 1;
    /** Session lost, znode gone or lease closed: never held again. */
    private static final int ENDED = 2;

    /** The provider's open leases: the clock, proofs' guard, mark writes and release. */
    private final OpenLeases leases;
    private final NodeClaim claim;
    private final long identity;
    /** The pool znode, told apart from one created anew at the same path. */
    private final OwnedZnode znode;
    private final String highWaterMarkPath;
    /** The mark read at the claim: an orderly close never lowers the stored mark below it. */
    private final long startMark;
    private final AtomicLong renewals = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private volatile LongSupplier latestIssued;
    private volatile CuratorWatcher watcher;

    private volatile int state = SUSPENDED;
    private volatile long deadlineNanos;
    private volatile String endReason;
    private volatile boolean closed;

    /**
     * Guards the high-water mark; separate from {@code this} so that a slow write never delays a suspension, which
     * must fence at once.
     */
    private final Object highWaterMarkLock = new Object();
    /** Guarded by {@link #highWaterMarkLock}. */
    private long highWaterMark;
    /** Version of the high-water-mark znode last read or written, for compare-and-set; guarded likewise. */
    private int highWaterMarkVersion;

    ZooKeeperNodeLease(OpenLeases leases, NodeClaim claim, long identity, OwnedZnode znode,
            String highWaterMarkPath, ZnodeMarks.StoredMark mark) {
        this.leases = leases;
        this.claim = claim;
        this.identity = identity;
        this.znode = znode;
        this.highWaterMarkPath = highWaterMarkPath;
        this.startMark = mark.millis();
        this.highWaterMark = mark.millis();
        this.highWaterMarkVersion = mark.version();
    }

    @Override
    public long identity() {
        return identity;
    }

    @Override
    public boolean isHeld() {
        // The state first: once it is not ACTIVE the deadline does not matter.
        return state == ACTIVE && leases.clock().monotonicNanos() - deadlineNanos < 0;
    }

    @Override
    public long highWaterMarkMillis() {
        synchronized (highWaterMarkLock) {
            return highWaterMark;
        }
    }

    @Override
    public void advanceHighWaterMark(long epochMillis) {
        synchronized (highWaterMarkLock) {
            if (epochMillis <= highWaterMark) {
                return;
            }
            if (!isHeld()) {
                throw new IllegalStateException("Cannot advance the high-water mark of " + this
                        + ": the lease is not held" + (endReason == null ? "" : " (" + endReason + ")")
                        + "; claim an identity again");
            }
            // Holding the monitor across the write keeps the cached version in step with the znode; advances are
            // rare (in steps), so callers do not queue behind it in practice.
            ZnodeMarks.StoredMark written = leases.writeMark(this, epochMillis, highWaterMarkVersion);
            highWaterMark = written.millis();
            highWaterMarkVersion = written.version();
        }
    }

    @Override
    public long renewalCount() {
        return renewals.get();
    }

    @Override
    public long renewalFailureCount() {
        return failures.get();
    }

    @Override
    public Duration remaining() {
        if (state != ACTIVE) {
            return Duration.ZERO;
        }
        long left = deadlineNanos - leases.clock().monotonicNanos();
        return left > 0 ? Duration.ofNanos(left) : Duration.ZERO;
    }

    @Override
    public void lowerMarkOnClose(LongSupplier latestIssuedMillis) {
        this.latestIssued = Objects.requireNonNull(latestIssuedMillis, "latestIssuedMillis");
    }

    /**
     * Ends the lease and deletes its znode, so the identity is free at once. When a generator
     * {@linkplain #lowerMarkOnClose registered} the latest time it issued IDs for and the lease is still held, the
     * high-water mark is first lowered to that time (never below the mark the lease started from), on the owning
     * session and only while its znode is still this lease's.
     */
    @Override
    public void close() {
        LongSupplier issued = latestIssued;
        boolean lowerMark = issued != null && isHeld();
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            state = ENDED;
            if (endReason == null) {
                endReason = "closed";
            }
        }
        long finalMark = -1;
        if (lowerMark) {
            finalMark = Math.max(startMark, issued.getAsLong());
        }
        leases.release(this, finalMark);
    }

    /** The version of the high-water-mark znode this lease last read or wrote, for compare-and-set. */
    int highWaterMarkVersion() {
        synchronized (highWaterMarkLock) {
            return highWaterMarkVersion;
        }
    }

    /** Records that the stored mark was lowered at close. */
    void markLowered(long mark) {
        synchronized (highWaterMarkLock) {
            highWaterMark = mark;
        }
    }

    OwnedZnode znode() {
        return znode;
    }

    void countRenewal() {
        renewals.incrementAndGet();
    }

    void countFailure() {
        failures.incrementAndGet();
    }

    CuratorWatcher watcher() {
        return watcher;
    }

    void watcher(CuratorWatcher watcher) {
        this.watcher = watcher;
    }

    /**
     * Returns the claim this lease was made for.
     *
     * @return the namespace and range
     */
    public NodeClaim claim() {
        return claim;
    }

    /**
     * Returns the path of the ephemeral znode that holds the identity, for diagnostics.
     *
     * @return the znode path, such as {@code /ids/sno/pool/3}
     */
    public String path() {
        return znode.path();
    }

    /**
     * Returns the path of the persistent znode that keeps the identity's high-water mark.
     *
     * @return the znode path, such as {@code /ids/sno/hwm/3}
     */
    public String highWaterMarkPath() {
        return highWaterMarkPath;
    }

    /**
     * Returns the ZooKeeper session that owns the znode.
     *
     * @return the session id
     */
    public long sessionId() {
        return znode.sessionId();
    }

    /**
     * Tells whether the lease has ended for good: closed, its session lost or its znode deleted. An ended lease is
     * never held again; the holder must claim a new one.
     *
     * @return {@code true} once ended
     */
    @Override
    public boolean isEnded() {
        return state == ENDED;
    }

    /** Fences the lease until a new proof of ownership: Curator reported the connection suspended. */
    synchronized void suspend() {
        if (state != ENDED) {
            state = SUSPENDED;
        }
    }

    /**
     * Records a proof of ownership: the znode was read on the owning session and found owned by it.
     *
     * @param askedAtNanos the monotonic time at which the proof was asked for
     * @param suspensionsBefore the provider's suspension count read before the proof was asked for
     * @param leaseNanos how long the proof holds
     */
    synchronized void proven(long askedAtNanos, long suspensionsBefore, long leaseNanos) {
        // The provider counts a suspension before it suspends the leases (each under its lock), so either this
        // sees the new count or the suspension comes after and wins.
        if (state == ENDED || leases.suspensionCount() != suspensionsBefore) {
            // A suspension arrived while the proof was in flight; the next proof (on reconnection) decides.
            return;
        }
        long deadline = askedAtNanos + leaseNanos;
        // Never move the deadline back: an earlier proof may have been asked for later than this one.
        if (state != ACTIVE || deadline - deadlineNanos > 0) {
            deadlineNanos = deadline;
        }
        state = ACTIVE;
    }

    /**
     * Ends the lease for good.
     *
     * @param reason why, for messages
     */
    synchronized void end(String reason) {
        if (state != ENDED) {
            state = ENDED;
            endReason = reason;
        }
    }

    boolean isClosed() {
        return closed;
    }

    @Override
    public String toString() {
        return "ZooKeeper lease on " + znode.path() + " (session 0x" + Long.toHexString(znode.sessionId()) + ", "
                + (state == ACTIVE ? "active" : state == SUSPENDED ? "suspended" : "ended: " + endReason) + ")";
    }
}
