package dev.ids.node;

import dev.ids.clock.IdClock;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * A node lease held in a shared store: the lifecycle every store shares, over a {@link NodeLeaseStore} adapter that
 * answers for the store. It keeps the {@linkplain LeaseDeadline deadline} (moved by each claim, renewal or proof of
 * ownership to the moment it was asked for plus the lease granted), the {@linkplain SkewFence clock-skew fence}, the
 * high-water mark and the renewal and failure counts; it renews on a thread of its own
 * ({@code ids-node-lease-<namespace>-<identity>}) when given a renewal period; and it releases the identity on
 * {@link #close()}, lowering the mark to what was issued when a generator asked it to. docs/LEASES.md explains why
 * the deadline fences a paused holder before its identity can be taken.
 *
 * <p>No lock is held across a call into the store: a slow store must not hold up {@link #close()} or a fence. A
 * renewal that overlaps the release cannot revive the record (the store renews only unreleased ones), and a mark
 * write that lands after the release changes nothing. Once ended, the lease is never held again: claim anew.
 *
 * <p>Each store's lease type (an etcd key's, a Redis key's, a znode's, a row's) extends it, adding accessors read
 * from its {@linkplain #proof() proof}; the lifecycle's methods are final. The type is made only by {@link #claim},
 * which runs the claim loop shared by the stores ({@link ClaimCandidates}), or by {@link #start} for a store that
 * claims its own way: each is handed the type's constructor, which takes the {@link LeaseStart} they make, and
 * hands the lease to the store and starts its renewals only once it is constructed. Thread-safe.
 *
 * @param <P> the store's proof of ownership
 */
public abstract class StoredNodeLease<P> implements NodeLease {

    private final NodeLeaseStore<P> store;
    private final P proof;
    private final NodeClaim claim;
    private final long identity;
    private final IdClock clock;
    private final System.Logger log;
    private final LeaseDeadline deadline;
    /** Up while the skew measured at the last claim or renewal exceeds the tolerance: kept and renewed, not held. */
    private final SkewFence skewFence;
    /** The high-water mark: the one the lease started from, and the latest the store is known to hold. */
    private final StoredMark<P> mark;
    /** The close: whether it has begun, and the release it writes. */
    private final LeaseRelease<P> release;
    /** The renewals and proofs, their schedule, their failures and the loss they may find; what a store drives. */
    private final LeaseRenewal<P> renewal;

    /**
     * Makes the lifecycle of an identity taken. Nothing here reads the lease as a whole (the renewals only keep it
     * for later): the factory records the claim's skew, logs and attaches the lease once the store's type is made.
     *
     * @param start what the factory that calls the store's constructor hands it
     */
    protected StoredNodeLease(LeaseStart<P> start) {
        NodeLeaseStore.Claimed<P> claimed = start.claimed();
        this.store = start.store();
        this.proof = Objects.requireNonNull(claimed.proof(), "proof");
        this.claim = start.claim();
        this.identity = claimed.identity();
        this.clock = start.clock();
        this.log = store.logger();
        LeaseGrant grant = claimed.grant();
        long startMark = RecordlessStart.startMark(claimed.highWaterMark(), clock.wallTimeMillis(),
                grant.skewMillis(), store.skewToleranceMillis());
        this.mark = new StoredMark<>(store, proof, claim, identity, startMark,
                claimed.highWaterMark() <= 0 || claimed.floorWritten());
        this.release = new LeaseRelease<>(store, proof, mark, log);
        this.deadline = store.deadlineEndsLease()
                ? LeaseDeadline.proven(clock, claimed.askedAtNanos(), grant.leaseNanos())
                : LeaseDeadline.unproven(clock, store::fenceEpoch);
        this.skewFence = new SkewFence(clock, store.skewToleranceMillis(), store.clockName(), log);
        this.renewal = new LeaseRenewal<>(store, proof, clock, deadline, this, skewFence, release, log);
    }

    /**
     * Claims a free identity of the claim's range from a store: reads which are taken, then tries the free ones in
     * the order of {@link ClaimCandidates} until a conditional write wins one.
     *
     * @param leaseType the store's lease type's constructor
     * @param store the store
     * @param claim the namespace and range
     * @param holder the value naming this lease in the store, unique to it
     * @param clock the clock whose monotonic time counts the deadline
     * @param renewalPeriod how often to renew on the lease's own thread; {@code null} when the store proves
     *     ownership on its own (or a test renews by hand)
     * @param <P> the store's proof of ownership
     * @param <L> the store's lease type
     * @return the lease
     * @throws NoFreeNodeIdentityException when every identity of the range is taken
     * @throws Exception whatever the store throws when it cannot be reached
     */
    public static <P, L extends StoredNodeLease<P>> L claim(Function<LeaseStart<P>, L> leaseType,
            NodeLeaseStore<P> store, NodeClaim claim, String holder, IdClock clock, @Nullable Duration renewalPeriod)
            throws Exception {
        return claim(leaseType, store, store.startClaim(claim, holder), claim, holder, clock, renewalPeriod);
    }

    /**
     * Claims through a claim the store has already started, with terms of its own (such as a store's claim that also
     * takes identities whose holders went silent); otherwise as {@link #claim(Function, NodeLeaseStore, NodeClaim,
     * String, IdClock, Duration)}.
     *
     * @param leaseType the store's lease type's constructor
     * @param store the store
     * @param claiming the claim the store started for this claim and holder
     * @param claim the namespace and range
     * @param holder the holder value to record
     * @param clock the clock whose monotonic time counts the deadline
     * @param renewalPeriod how often to renew on the lease's own thread, or {@code null}
     * @param <P> the store's proof of ownership
     * @param <L> the store's lease type
     * @return the lease
     * @throws NoFreeNodeIdentityException when every identity of the range is held
     * @throws Exception whatever the store throws when it cannot be reached
     */
    public static <P, L extends StoredNodeLease<P>> L claim(Function<LeaseStart<P>, L> leaseType,
            NodeLeaseStore<P> store, NodeLeaseStore.Claiming<P> claiming, NodeClaim claim, String holder,
            IdClock clock, @Nullable Duration renewalPeriod) throws Exception {
        return start(leaseType, store, claim, ClaimCandidates.firstTaken(claiming, claim, holder), clock,
                renewalPeriod);
    }

    /**
     * Makes the lease for an identity taken, with the store's lease type, hands it to the store
     * ({@link NodeLeaseStore#attach}) and starts its renewals. Call it only once the store's connection for the claim
     * was handed back: a failure there must not leave a renewer keeping a record alive for a lease nobody holds.
     *
     * @param leaseType the store's lease type's constructor
     * @param store the store
     * @param claim the namespace and range
     * @param claimed the identity taken
     * @param clock the clock whose monotonic time counts the deadline
     * @param renewalPeriod how often to renew on the lease's own thread, or {@code null}
     * @param <P> the store's proof of ownership
     * @param <L> the store's lease type
     * @return the lease
     */
    public static <P, L extends StoredNodeLease<P>> L start(Function<LeaseStart<P>, L> leaseType,
            NodeLeaseStore<P> store, NodeClaim claim, NodeLeaseStore.Claimed<P> claimed, IdClock clock,
            @Nullable Duration renewalPeriod) {
        L made = Objects.requireNonNull(leaseType.apply(new LeaseStart<>(store, claim, claimed, clock)), "lease");
        StoredNodeLease<P> lease = made;
        // Constructed whole: only now may the lease be named in a log, reach the store and be renewed.
        lease.skewFence.record(claimed.grant().skewMillis(), lease);
        if (lease.mark.startedWithoutRecord()) {
            RecordlessStart.log(lease.log, lease, lease.mark.startMark(), lease.clock.wallTimeMillis());
        }
        store.attach(lease.proof, lease.renewal);
        if (lease.mark.startedWithoutRecord() && !claimed.floorWritten()) {
            lease.mark.recordStart(lease, lease.log);
        }
        if (renewalPeriod != null) {
            lease.renewal.schedule("ids-node-lease-" + claim.namespace() + "-" + lease.identity, renewalPeriod);
        }
        return made;
    }

    @Override
    public final long identity() {
        return identity;
    }

    @Override
    public final boolean isHeld() {
        return deadline.isActive() && !skewFence.isUp();
    }

    /** {@inheritDoc} Two volatile reads: the deadline's state and the skew fence. */
    @Override
    public final boolean isFoundNotHeld() {
        return deadline.state() != LeaseDeadline.State.ACTIVE || skewFence.isUp();
    }

    @Override
    public final long highWaterMarkMillis() {
        return mark.get();
    }

    /**
     * {@inheritDoc} A lease fenced only for clock skew, or suspended, has not ended.
     */
    @Override
    public final boolean isEnded() {
        // Seen past the deadline (where that ends the lease), it ends: a later renewal must not revive it.
        return deadline.isEnded();
    }

    /**
     * {@inheritDoc} While its magnitude exceeds the store's tolerance (the reclaim grace) the lease is fenced, and
     * held again once a renewal finds the clocks within it.
     */
    @Override
    public final Duration clockSkew() {
        return Duration.ofMillis(skewFence.skewMillis());
    }

    @Override
    public final long renewalCount() {
        return renewal.proofCount();
    }

    @Override
    public final long renewalFailureCount() {
        return renewal.failureCount();
    }

    @Override
    public final Duration remaining() {
        return skewFence.isUp() ? Duration.ZERO : Duration.ofNanos(deadline.remainingNanos());
    }

    @Override
    public final void lowerMarkOnClose(LongSupplier latestIssuedMillis) {
        release.lowerMarkOnClose(latestIssuedMillis);
    }

    @Override
    public final void advanceHighWaterMark(long epochMillis) {
        mark.advance(epochMillis, renewal, this::notHeldMessage);
    }

    /**
     * Renews the lease once through the store and, when that succeeds before the local deadline, moves the deadline
     * to this renewal's start plus the lease granted. The renewal thread calls it; so may tests, and stores that
     * schedule renewals themselves.
     *
     * @return what came of it
     */
    public final Renewal renew() {
        return renewal.renew();
    }

    private String notHeldMessage(String what) {
        return store.notHeldMessage(claim, identity, toString(), what, whyNotHeld());
    }

    private String whyNotHeld() {
        String reason = switch (deadline.state()) {
            case ENDED -> deadline.endReason();
            case SUSPENDED -> "not proven since the connection to the store was suspended";
            case ACTIVE -> skewFence.reason();
        };
        return reason != null ? reason : "not renewed before its deadline";
    }

    @Override
    public final @Nullable String notHeldReason() {
        return isHeld() ? null : whyNotHeld();
    }

    /**
     * Stops renewing and releases the identity at once through the store, under its proof, so a lease that was lost
     * cannot release its successor's record. A generator that {@linkplain #lowerMarkOnClose registered} for it is
     * asked for the latest time it issued IDs for, held or not, which stops it. The high-water mark stays, or, when
     * the lease is still held, is lowered to that time (never below the mark the lease started from), so the next
     * holder need not wait for the reserved step. Then {@link #highWaterMarkMillis()} reports the mark the store
     * read back after the release, which includes a mark write whose answer never came back. A failure to release is
     * logged, and a later close tries again: the identity otherwise frees when its expiry passes.
     */
    @Override
    public final void close() {
        LongSupplier issued = release.latestIssued();
        // Lowering the mark is safe only while the record is ours: checked before the lease stops being held.
        boolean held = isHeld();
        // A lease lost before it was closed keeps why (a re-claim closes the lapsed lease before each attempt, and
        // its generator's refusals would say "closed" for the rest of an outage).
        String lostBecause = held ? null : whyNotHeld();
        renewal.reportLossOnce();
        if (!release.begin(deadline, lostBecause)) {
            return;
        }
        renewal.stopSchedule();
        release.write(this, issued, issued != null && held);
    }

    /**
     * Returns the store's proof of ownership, for the store's lease type to read its accessors from.
     *
     * @return the proof
     */
    protected P proof() {
        return proof;
    }

    /**
     * Returns the claim the lease was made for.
     *
     * @return the namespace and range
     */
    public final NodeClaim claim() {
        return claim;
    }

    /**
     * Returns why the lease was lost or closed.
     *
     * @return the reason, or {@code null} while held (or ended by its deadline, unexplained)
     */
    public final @Nullable String lossReason() {
        return deadline.endReason();
    }

    /**
     * Returns why the lease is fenced for clock skew.
     *
     * @return the reason, or {@code null} while the clocks agree within the tolerance
     */
    protected final @Nullable String skewFenceReason() {
        return skewFence.reason();
    }

    @Override
    public final String toString() {
        return store.describe(proof, isHeld(), deadline.toString());
    }
}
