package dev.ids.node;

import dev.ids.clock.IdClock;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * A node lease that survives the loss of the lease it holds: when that lease ends for good (not renewed in time,
 * taken by another process, its ZooKeeper session expired), it claims the <em>same</em> identity again from the
 * provider, in the background, and is held again once that succeeds. Give it to a generator instead of a plain
 * lease so that the application recovers from a lost lease without a restart:
 *
 * <pre>{@code
 * NodeLease lease = ReclaimingNodeLease.claim(provider, new NodeClaim("sno", 0, 65535));
 * SnoGenerator generator = SnoGenerator.builder().lease(lease).build();
 * }</pre>
 *
 * <p>Why the same identity, never another: a generator bakes its identity into every ID and into its state (a sno
 * partition, a Lable generator id), so it cannot move to another identity; a new identity would take a new
 * generator, which beans injected elsewhere would never see. While another process holds the identity (it took it
 * after this lease lapsed), this lease stays not held, and the generator refuses IDs, until that process releases
 * it or its lease lapses in turn. The wait is logged, counted by {@link #renewalFailureCount()} and shown by health.
 *
 * <p>From the loss until the identity is claimed again {@link #isHeld()} is {@code false}. When the new claim finds a
 * higher high-water mark than this holder knew, another process held the identity meanwhile and may have issued
 * IDs up to that mark: the lease then is not held while the wall clock stands at or before the mark (also after a
 * clock stepped back below it), so the generator, whose state knows nothing of that process's IDs, cannot repeat
 * one; the generator's fence refuses such times as well. Re-claims are retried with a back-off (from the
 * check period, doubling, up to sixteen times it or {@link #MAX_RETRY_PERIOD}), so a store that is down or slow is
 * not hammered.
 *
 * <p>Safe for use by many threads. {@link #close()} stops the re-claiming and closes the lease held.
 */
public final class ReclaimingNodeLease implements NodeLease {

    /** How often the lease checks, by default, whether the lease it holds has ended. */
    public static final Duration DEFAULT_CHECK_PERIOD = Duration.ofSeconds(1);

    /** The longest wait between two re-claim attempts. */
    public static final Duration MAX_RETRY_PERIOD = Duration.ofSeconds(30);

    private static final System.Logger LOG = System.getLogger(ReclaimingNodeLease.class.getName());

    private final NodeLeaseProvider provider;
    private final NodeClaim sameIdentity;
    private final long identity;
    /** Checks on a thread of its own whether the lease has ended, and has it claimed again. */
    private final ReclaimSchedule schedule;
    /** Guards the change of the lease held, with its counts, against a close. */
    private final Object lock = new Object();
    /** The mark this holder knows, and the one another holder left. */
    private final ReclaimedMark marks;
    private final AtomicLong reclaims = new AtomicLong();
    /** The failed re-claims, counted and warned about. */
    private final ReclaimFailures failedReclaims;

    /** Volatile: read by every call, changed by the checker thread (under the lock) at a re-claim. */
    private volatile NodeLease current;
    /** Renewals and failures of the leases held before the current one: changed under the lock, read without it. */
    private volatile long pastRenewals;
    private volatile long pastFailures;
    /** Volatile: registered by the generator's fence, read by a close on any thread. */
    private volatile @Nullable LongSupplier latestIssued;
    /** Set under the lock; volatile, as the checker thread and {@link #isEnded()} read it without. */
    private volatile boolean closed;

    private ReclaimingNodeLease(NodeLeaseProvider provider, NodeLease first, NodeClaim claim, IdClock clock,
            Duration checkPeriod) {
        this.provider = provider;
        this.identity = first.identity();
        this.sameIdentity = new NodeClaim(claim.namespace(), identity, identity);
        this.current = first;
        this.failedReclaims = new ReclaimFailures(sameIdentity, LOG);
        this.marks = new ReclaimedMark(clock, first.highWaterMarkMillis());
        long checkNanos = checkPeriod.toNanos();
        this.schedule = new ReclaimSchedule("ids-node-lease-reclaim-" + claim.namespace() + "-" + identity,
                checkNanos, Math.min(MAX_RETRY_PERIOD.toNanos(), Math.multiplyExact(checkNanos, 16)),
                () -> closed, this::heldOrReclaimed);
        schedule.start();
    }

    /**
     * Claims the lowest free identity of a range, to be claimed again whenever its lease ends, checking every
     * {@link #DEFAULT_CHECK_PERIOD} with the system clock.
     *
     * @param provider where to claim from
     * @param claim the namespace and range of the first claim
     * @return the lease
     * @throws NoFreeNodeIdentityException when every identity of the range is held
     * @throws IllegalStateException when the store cannot be reached
     */
    public static ReclaimingNodeLease claim(NodeLeaseProvider provider, NodeClaim claim) {
        return claim(provider, claim, IdClock.system(), DEFAULT_CHECK_PERIOD);
    }

    /**
     * Claims the lowest free identity of a range, to be claimed again whenever its lease ends.
     *
     * @param provider where to claim from
     * @param claim the namespace and range of the first claim
     * @param clock the clock whose wall time must pass another holder's mark after a re-claim (the generator's)
     * @param checkPeriod how often to check whether the lease has ended, and the first wait between re-claims;
     *     at least one millisecond
     * @return the lease
     * @throws NoFreeNodeIdentityException when every identity of the range is held
     * @throws IllegalStateException when the store cannot be reached
     * @throws IllegalArgumentException when the check period is shorter than a millisecond
     */
    public static ReclaimingNodeLease claim(NodeLeaseProvider provider, NodeClaim claim, IdClock clock,
            Duration checkPeriod) {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(claim, "claim");
        Objects.requireNonNull(clock, "clock");
        // Before the claim: a lease claimed must not be left unwatched.
        ReclaimSchedule.checkPeriod(checkPeriod, MAX_RETRY_PERIOD);
        return of(provider, Objects.requireNonNull(provider.claim(claim), "the provider returned no lease"), claim,
                clock, checkPeriod);
    }

    /**
     * Claims the identity of a lease already claimed from the provider (by a claim of its own kind, such as
     * {@link dev.ids.node.sql.LeaseTableProvider#takeOver}) again whenever that lease ends.
     *
     * @param provider where to claim again from
     * @param first the lease claimed
     * @param claim the namespace and range of the first claim
     * @param clock the clock whose wall time must pass another holder's mark after a re-claim (the generator's)
     * @param checkPeriod how often to check whether the lease has ended, and the first wait between re-claims;
     *     at least one millisecond
     * @return the lease
     * @throws IllegalArgumentException when the check period is shorter than a millisecond
     */
    public static ReclaimingNodeLease of(NodeLeaseProvider provider, NodeLease first, NodeClaim claim, IdClock clock,
            Duration checkPeriod) {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(claim, "claim");
        Objects.requireNonNull(clock, "clock");
        ReclaimSchedule.checkPeriod(checkPeriod, MAX_RETRY_PERIOD);
        return new ReclaimingNodeLease(provider, first, claim, clock, checkPeriod);
    }

    @Override
    public long identity() {
        return identity;
    }

    @Override
    public boolean isHeld() {
        return current.isHeld() && marks.passed();
    }

    /** {@inheritDoc} Reads the wall clock only after a re-claim that found another holder's mark. */
    @Override
    public boolean isFoundNotHeld() {
        return current.isFoundNotHeld() || !marks.passed();
    }

    @Override
    public @Nullable String notHeldReason() {
        NodeLease lease = current;
        if (!lease.isHeld()) {
            return lease.notHeldReason();
        }
        return marks.waitReason();
    }

    @Override
    public long highWaterMarkMillis() {
        return current.highWaterMarkMillis();
    }

    @Override
    public void advanceHighWaterMark(long epochMillis) {
        current.advanceHighWaterMark(epochMillis);
        marks.advanced(epochMillis);
    }

    /**
     * Tells whether this lease was closed; a lost inner lease does not end it, as it is claimed again.
     *
     * @return {@code true} once closed
     */
    @Override
    public boolean isEnded() {
        return closed;
    }

    /**
     * Returns the renewals of every lease held so far.
     *
     * @return the renewals
     */
    @Override
    public long renewalCount() {
        return pastRenewals + current.renewalCount();
    }

    /**
     * Returns the failed renewals of every lease held so far, plus the failed attempts to claim the identity again.
     *
     * @return the failures
     */
    @Override
    public long renewalFailureCount() {
        return pastFailures + current.renewalFailureCount() + failedReclaims.count();
    }

    @Override
    public Duration remaining() {
        return isHeld() ? current.remaining() : Duration.ZERO;
    }

    /**
     * Returns the clock skew the current lease measured.
     *
     * @return the current lease's skew
     */
    @Override
    public Duration clockSkew() {
        return current.clockSkew();
    }

    /**
     * Returns how many times the identity was claimed again after its lease ended.
     *
     * @return the re-claims so far
     */
    public long reclaimCount() {
        return reclaims.get();
    }

    @Override
    public void lowerMarkOnClose(LongSupplier latestIssuedMillis) {
        this.latestIssued = Objects.requireNonNull(latestIssuedMillis, "latestIssuedMillis");
    }

    /**
     * Stops claiming again and closes the lease held, stopping the generator that {@linkplain #lowerMarkOnClose
     * registered} and lowering the mark to its latest issued time while the lease is held.
     */
    @Override
    public void close() {
        NodeLease lease;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            lease = current;
        }
        schedule.stop();
        LongSupplier issued = latestIssued;
        if (issued != null) {
            if (lease.isHeld()) {
                lease.lowerMarkOnClose(issued); // its close stops the generator, then lowers the mark
            } else {
                issued.getAsLong(); // nothing to lower (the lease may be released already), but the generator stops
            }
        }
        lease.close();
    }

    /** On the checker thread: whether the lease held has not ended, or was claimed again now. */
    private boolean heldOrReclaimed() {
        NodeLease lease = current;
        return !lease.isEnded() || reclaim(lease);
    }

    /** Claims the identity again; true when it did (or the lease was closed meanwhile). */
    private boolean reclaim(NodeLease lost) {
        long known;
        NodeLease next;
        try {
            // Closing the ended lease first releases its row if it still names it (a JDBC lease that lapsed while
            // the database was down), so the claim below need not wait for the reclaim grace; it cannot release a
            // row another process took, nor does it lower the mark, as the lease is no longer held.
            lost.close();
            // Read after the close: a mark write of this holder that was under way when the lease ended (the store
            // hung) may have landed since, and the close reads the released row's mark; read before, that write
            // would look like another process's mark, and the generators would wait for it for nothing.
            known = marks.knownWith(lost.highWaterMarkMillis());
            next = provider.claim(sameIdentity);
        } catch (RuntimeException e) {
            failedReclaims.failed(e);
            return false;
        }
        long mark = next.highWaterMarkMillis();
        boolean othersMark;
        synchronized (lock) {
            if (closed) {
                next.close();
                return true;
            }
            pastRenewals += lost.renewalCount();
            pastFailures += lost.renewalFailureCount();
            othersMark = marks.reclaimed(known, mark);
            current = next;
        }
        reclaims.incrementAndGet();
        failedReclaims.reclaimed(); // the claim is told below either way
        LOG.log(Level.INFO, () -> "Claimed node identity " + identity + " in namespace '" + sameIdentity.namespace()
                + "' again after its lease ended" + (othersMark ? "; its high-water mark " + mark + " ("
                + Instant.ofEpochMilli(mark) + ") is ahead of the last this lease wrote (another process held it "
                + "meanwhile, a write of this lease's landed after its end, or its record was gone and the claim "
                + "started beyond any time a former holder may issue IDs for), so its generators wait until the "
                + "clock passes it" : ""));
        return true;
    }

    @Override
    public String toString() {
        return "ReclaimingNodeLease[" + current + (closed ? ", closed" : "") + "]";
    }
}
