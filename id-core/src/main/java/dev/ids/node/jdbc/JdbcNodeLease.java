package dev.ids.node.jdbc;

import dev.ids.clock.IdClock;
import dev.ids.node.LeaseDeadline;
import dev.ids.node.LeaseGrant;
import dev.ids.node.LeaseLostException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.SkewFence;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A node identity held through a row of the lease table; see {@link JdbcNodeLeaseProvider} for the protocol and
 * why the local deadline fences a paused holder before its identity can be reclaimed.
 */
final class JdbcNodeLease implements NodeLease {

    private static final System.Logger LOG = System.getLogger(JdbcNodeLeaseProvider.class.getName());

    /** What one renewal attempt came to. */
    enum Renewal {
        /** The row was ours and the deadline moved on. */
        RENEWED,
        /** The database could not be reached; the lease holds until its deadline and the renewal is retried. */
        FAILED,
        /** The lease is lost (or closed): another holder, or renewed too late. */
        LOST
    }

    private final JdbcNodeLeaseProvider provider;
    private final LeaseTable table;
    private final TableLease proof;
    private final IdClock clock;
    private final NodeClaim claim;
    private final long identity;
    private final String holder;
    private final long leaseNanos;
    private final long renewalNanos;
    private final long retryNanos;
    /** Guards the closed flag; held only for state changes, never across a database call. */
    private final Object lock = new Object();
    private final AtomicLong highWaterMark;
    /** The mark read when the lease was claimed: an orderly close never lowers the stored mark below it. */
    private final long startMark;
    private final AtomicLong renewals = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private volatile LongSupplier latestIssued;
    private final ScheduledExecutorService renewer;

    /** Until when the lease holds: the start of the last successful claim or renewal + lease; ended once lost. */
    private final LeaseDeadline deadline;
    private volatile boolean closed;
    /** Up while the skew measured at the last claim or renewal exceeds the grace: kept and renewed, not held. */
    private final SkewFence skewFence;
    /** Guarded by {@link #lock}: whether a release has been written (or is being written). */
    private boolean released;

    JdbcNodeLease(JdbcNodeLeaseProvider provider, NodeClaim claim, long identity, String holder, long startNanos,
            long highWaterMark, long skewMillis) {
        this.provider = provider;
        this.table = provider.table();
        this.proof = new TableLease(claim.namespace(), identity, holder);
        this.clock = provider.clock();
        this.claim = claim;
        this.identity = identity;
        this.holder = holder;
        this.leaseNanos = provider.leaseLength().toNanos();
        this.renewalNanos = provider.renewalPeriod().toNanos();
        this.retryNanos = Math.max(1_000_000L, renewalNanos / 5);
        this.highWaterMark = new AtomicLong(highWaterMark);
        this.startMark = highWaterMark;
        this.deadline = LeaseDeadline.proven(clock, startNanos, leaseNanos);
        this.skewFence = new SkewFence(clock, provider.reclaimGrace().toMillis(), "the database's", LOG);
        skewFence.record(skewMillis, this);
        if (provider.backgroundRenewal()) {
            String name = "ids-node-lease-" + claim.namespace() + "-" + identity;
            renewer = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, name);
                thread.setDaemon(true);
                return thread;
            });
            renewer.schedule(this::renewAndReschedule, renewalNanos, TimeUnit.NANOSECONDS);
        } else {
            renewer = null;
        }
    }

    @Override
    public long identity() {
        return identity;
    }

    @Override
    public boolean isHeld() {
        return !isEnded() && !skewFence.isUp();
    }

    @Override
    public long highWaterMarkMillis() {
        return highWaterMark.get();
    }

    /**
     * {@inheritDoc} A lease fenced only for clock skew has not ended: it keeps its row and is held again once its
     * clock is back within the grace.
     */
    @Override
    public boolean isEnded() {
        // Seen past the deadline, the lease ends: a renewal that succeeds later must not revive it.
        return deadline.isEnded();
    }

    /**
     * Returns how far this application's wall clock was ahead of the database's (negative when behind) when the
     * lease was last claimed or renewed: the database's time compared with the application's at the middle of
     * the round trip that read it. While its magnitude exceeds the reclaim grace the lease is fenced
     * ({@link #isHeld()} is {@code false}), because the high-water mark is written in the application's time, and
     * held again once a renewal finds the clocks within the grace. {@link Duration#ZERO} on a database whose clock
     * the lease cannot read (see {@link JdbcNodeLeaseProvider}).
     *
     * @return the measured skew, positive when the application's clock is ahead
     */
    @Override
    public Duration clockSkew() {
        return Duration.ofMillis(skewFence.skewMillis());
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
        return skewFence.isUp() ? Duration.ZERO : Duration.ofNanos(deadline.remainingNanos());
    }

    @Override
    public void lowerMarkOnClose(LongSupplier latestIssuedMillis) {
        this.latestIssued = Objects.requireNonNull(latestIssuedMillis, "latestIssuedMillis");
    }

    @Override
    public void advanceHighWaterMark(long epochMillis) {
        if (epochMillis <= highWaterMark.get()) {
            return;
        }
        if (!isHeld()) {
            throw new IllegalStateException(notHeldMessage("cannot advance its high-water mark"));
        }
        long stored;
        try {
            stored = table.writeMark(proof, epochMillis);
        } catch (LeaseLostException e) {
            markLost(e.getMessage());
            throw new IllegalStateException(notHeldMessage("cannot advance its high-water mark"));
        } catch (SQLException e) {
            throw new IllegalStateException("Could not advance the high-water mark of node identity " + identity
                    + " in namespace '" + claim.namespace() + "' to " + epochMillis + " in table "
                    + provider.tableName() + ": " + e.getMessage() + "; do not issue IDs beyond "
                    + highWaterMark.get() + " until it succeeds", e);
        }
        highWaterMark.accumulateAndGet(stored, Math::max);
    }

    /**
     * Renews the lease once: extends the row's expiry under the holder condition and, when that succeeds before
     * the local deadline, moves the deadline to this renewal's start plus the lease length.
     *
     * @return what came of it
     */
    Renewal renew() {
        // No lock across the database call: a slow database must not hold up close(), nor anything else. A
        // renewal that overlaps a release cannot revive the row, as the renewal only extends an unreleased one.
        if (closed || deadline.state() == LeaseDeadline.State.ENDED) {
            return Renewal.LOST;
        }
        long epoch = deadline.epoch();
        long start = clock.monotonicNanos();
        if (deadline.passedAt(start)) {
            failures.incrementAndGet();
            markLost("not renewed before its deadline");
            return Renewal.LOST;
        }
        LeaseGrant grant;
        try {
            grant = table.renew(proof);
        } catch (LeaseLostException e) {
            failures.incrementAndGet();
            markLost(e.getMessage());
            return Renewal.LOST;
        } catch (SQLException e) {
            failures.incrementAndGet();
            LOG.log(Level.WARNING, () -> "Could not renew " + this + " (will retry until its deadline): "
                    + e.getMessage());
            return Renewal.FAILED;
        }
        if (closed || !deadline.prove(start, epoch, grant.leaseNanos())) {
            if (!closed) {
                failures.incrementAndGet();
            }
            markLost("renewed only after its deadline");
            return Renewal.LOST;
        }
        skewFence.record(grant.skewMillis(), this);
        renewals.incrementAndGet();
        return Renewal.RENEWED;
    }

    private void renewAndReschedule() {
        Renewal renewal;
        try {
            renewal = renew();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, () -> "Renewal of " + this + " failed (will retry until its deadline)", e);
            renewal = Renewal.FAILED;
        }
        try {
            switch (renewal) {
                case RENEWED -> renewer.schedule(this::renewAndReschedule, renewalNanos, TimeUnit.NANOSECONDS);
                case FAILED -> renewer.schedule(this::renewAndReschedule, retryNanos, TimeUnit.NANOSECONDS);
                case LOST -> renewer.shutdown();
            }
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // closed meanwhile
        }
    }

    private void markLost(String reason) {
        if (deadline.end(reason) && !closed) {
            LOG.log(Level.WARNING, () -> "Lost " + this + ": " + reason + "; claim a node identity again");
        }
    }

    private String notHeldMessage(String what) {
        String reason = deadline.state() == LeaseDeadline.State.ENDED ? deadline.endReason() : skewFence.reason();
        return "The lease on node identity " + identity + " in namespace '" + claim.namespace() + "' " + what
                + ": it is no longer held (" + (reason != null ? reason : "not renewed before its deadline")
                + "); claim a node identity again";
    }

    /**
     * Stops renewing and releases the row at once (its expiry becomes 0), under the holder condition, so a lease
     * that was lost cannot release its successor's row. The high-water mark stays, or, when a generator
     * {@linkplain #lowerMarkOnClose registered} the latest time it issued IDs for and the lease is still held, is
     * lowered to that time (never below the mark the lease started from), so the next holder need not wait for
     * the reserved step. Then {@link #highWaterMarkMillis()} reports the mark read back from the released row, which
     * includes a mark write whose answer never came back. A failure to release is logged: the identity then becomes
     * claimable after its expiry plus the grace.
     */
    @Override
    public void close() {
        LongSupplier issued = latestIssued;
        // Lowering the mark is safe only while the row is ours: checked before the lease stops being held.
        boolean lowerMark = issued != null && isHeld();
        synchronized (lock) {
            if (released) {
                return;
            }
            // A close whose release failed (the database was down) tries again: the row then frees at once.
            released = true;
            closed = true;
            deadline.endOnClose();
        }
        if (renewer != null) {
            renewer.shutdownNow();
        }
        long finalMark = lowerMark ? Math.max(startMark, issued.getAsLong()) : -1;
        try {
            long stored = table.release(proof, finalMark);
            if (stored >= 0) {
                highWaterMark.set(stored);
            }
        } catch (SQLException e) {
            synchronized (lock) {
                released = false;
            }
            LOG.log(Level.WARNING, () -> "Could not release " + this + "; it becomes claimable after its expiry"
                    + " plus the reclaim grace: " + e.getMessage());
        }
    }

    /**
     * Returns the holder value written to the row: the provider's holder id, {@code #} and this lease's number.
     *
     * @return the holder value
     */
    String holder() {
        return holder;
    }

    /**
     * Returns why the lease was lost or closed.
     *
     * @return the reason, or {@code null} while held
     */
    String lossReason() {
        return deadline.endReason();
    }

    /**
     * Returns why the lease is fenced for clock skew.
     *
     * @return the reason, or {@code null} while the clocks agree within the grace
     */
    String skewFence() {
        return skewFence.reason();
    }

    @Override
    public String toString() {
        return "JdbcNodeLease[namespace=" + claim.namespace() + ", identity=" + identity + ", holder=" + holder
                + ", table=" + provider.tableName() + ", held=" + isHeld() + "]";
    }
}
