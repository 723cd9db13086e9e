package dev.ids.node;

import dev.ids.clock.IdClock;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The local deadline of a lease and its state: {@code ACTIVE} (proven held until the deadline), {@code SUSPENDED}
 * (not held until the store proves ownership again) and {@code ENDED} (never held again). Every lease store shares
 * it, so the one rule that fences a paused holder (see docs/LEASES.md) is written once.
 *
 * <p>A proof of ownership (a claim, a renewal, a read that finds the lease still ours) moves the deadline to the
 * monotonic time at which the proof was <em>asked for</em> plus the lease length the store grants; a proof never
 * moves the deadline back, as an earlier proof may have been asked for later. Proofs are guarded by a fence epoch:
 * {@link #suspend()} raises it (and so can the store, through the epoch it passes in), and a proof asked for before
 * the epoch changed is ignored, because a suspension that arrived while the proof was in flight must win.
 *
 * <p>Two kinds of stores: where the store itself frees the identity once the deadline's counterpart passes (a row's
 * expiry, a TTL key), a deadline that passes ends the lease for good ({@code deadlineEndsLease}); where the store
 * keeps the identity for as long as something else lives (a ZooKeeper session), a passed deadline only suspends it
 * until the next proof. Thread-safe; {@link #isActive()} is a volatile read and a comparison with the monotonic
 * clock.
 */
public final class LeaseDeadline {

    /** The states of a lease. */
    public enum State {
        /** Proven held; held until the deadline. */
        ACTIVE,
        /** Not proven since the store was last suspended; may become active again after a new proof. */
        SUSPENDED,
        /** Lost, released or closed: never held again. */
        ENDED
    }

    private final IdClock clock;
    private final boolean deadlineEndsLease;
    private final LongSupplier storeEpoch;
    private volatile State state;
    private volatile long deadlineNanos;
    private volatile @Nullable String endReason;
    /** Raised by every suspension; guarded by {@code this} for writes. */
    private volatile long suspensions;

    private LeaseDeadline(IdClock clock, boolean deadlineEndsLease, LongSupplier storeEpoch,
            State state, long deadlineNanos) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.deadlineEndsLease = deadlineEndsLease;
        this.storeEpoch = Objects.requireNonNull(storeEpoch, "storeEpoch");
        this.state = state;
        this.deadlineNanos = deadlineNanos;
    }

    /**
     * A deadline proven by a claim, for a store that frees the identity on its own once the lease expires: a
     * deadline that passes ends the lease.
     *
     * @param clock the clock whose monotonic time counts
     * @param claimAskedAtNanos the monotonic time at which the claim's statement was started
     * @param leaseNanos the lease length granted by the claim
     * @return an active deadline
     */
    public static LeaseDeadline proven(IdClock clock, long claimAskedAtNanos, long leaseNanos) {
        return new LeaseDeadline(clock, true, () -> 0, State.ACTIVE, claimAskedAtNanos + leaseNanos);
    }

    /**
     * A deadline not yet proven, for a store whose identity outlives a passed deadline (a ZooKeeper session): it
     * is {@code SUSPENDED} until the first {@link #prove}, and a passed deadline only stops it being held.
     *
     * @param clock the clock whose monotonic time counts
     * @param storeEpoch the store's own fence epoch (a count of connection suspensions), read before a proof is
     *     asked for and again when it is recorded; a change in between discards the proof
     * @return a suspended deadline
     */
    public static LeaseDeadline unproven(IdClock clock, LongSupplier storeEpoch) {
        return new LeaseDeadline(clock, false, storeEpoch, State.SUSPENDED, 0);
    }

    /**
     * Tells whether the lease is active and its deadline has not passed. When a passed deadline ends the lease,
     * seeing it passed ends it here, so a renewal that succeeds later cannot revive it.
     *
     * @return whether the lease is held by its deadline
     */
    public boolean isActive() {
        if (state != State.ACTIVE) {
            return false;
        }
        if (clock.monotonicNanos() - deadlineNanos < 0) {
            return true;
        }
        if (deadlineEndsLease) {
            end(null);
        }
        return false;
    }

    /**
     * Tells whether the lease has ended for good, also by a deadline seen passed (for stores where that ends it).
     *
     * @return whether ended
     */
    public boolean isEnded() {
        if (state == State.ENDED) {
            return true;
        }
        if (deadlineEndsLease && state == State.ACTIVE && clock.monotonicNanos() - deadlineNanos >= 0) {
            end(null);
            return true;
        }
        return false;
    }

    /**
     * Returns the state without looking at the clock.
     *
     * @return the state
     */
    public State state() {
        return state;
    }

    /**
     * Returns the time left before the deadline, in nanoseconds.
     *
     * @return the time left; 0 when not active or passed
     */
    public long remainingNanos() {
        if (state != State.ACTIVE) {
            return 0;
        }
        long left = deadlineNanos - clock.monotonicNanos();
        return Math.max(0, left);
    }

    /**
     * Tells whether the deadline has passed at the given monotonic time.
     *
     * @param nanos a monotonic time
     * @return whether {@code nanos} is at or after the deadline
     */
    public boolean passedAt(long nanos) {
        return nanos - deadlineNanos >= 0;
    }

    /**
     * Returns the fence epoch to read before asking the store for a proof, and to pass to {@link #prove}.
     *
     * @return the epoch
     */
    public long epoch() {
        return suspensions + storeEpoch.getAsLong();
    }

    /**
     * Records a proof of ownership. Ignored (returning {@code false}) when the lease has ended or the fence epoch
     * changed since the proof was asked for; where a passed deadline ends the lease, a proof that arrives after it
     * ends the lease (the caller tells by {@link #isEnded()}).
     *
     * @param askedAtNanos the monotonic time at which the proof was asked for
     * @param epochWhenAsked {@link #epoch()} read before the proof was asked for
     * @param leaseNanos how long the proof holds, counted from {@code askedAtNanos}
     * @return whether the proof was recorded
     */
    public synchronized boolean prove(long askedAtNanos, long epochWhenAsked, long leaseNanos) {
        if (state == State.ENDED) {
            return false;
        }
        if (deadlineEndsLease && clock.monotonicNanos() - deadlineNanos >= 0) {
            end(null);
            return false;
        }
        if (epoch() != epochWhenAsked) {
            return false; // a suspension arrived while the proof was in flight; the next proof decides
        }
        long deadline = askedAtNanos + leaseNanos;
        if (state != State.ACTIVE || deadline - deadlineNanos > 0) {
            deadlineNanos = deadline;
        }
        state = State.ACTIVE;
        return true;
    }

    /** Stops the lease being held until the next proof, and discards the proofs in flight; no effect once ended. */
    public synchronized void suspend() {
        suspensions++;
        if (state != State.ENDED) {
            state = State.SUSPENDED;
        }
    }

    /**
     * Ends the lease for good. A reason replaces the one known so far: the latest finding (a write that found the
     * row released after the lease was closed) says best why the lease is not held.
     *
     * @param reason why, for messages; {@code null} to keep the reason known so far
     * @return whether this call ended the lease
     */
    public synchronized boolean end(@Nullable String reason) {
        if (reason != null) {
            endReason = reason;
        }
        if (state == State.ENDED) {
            return false;
        }
        state = State.ENDED;
        return true;
    }

    /**
     * Ends the lease as closed by its holder; a reason already known (it was lost before) is kept.
     *
     * @return whether this call ended the lease
     */
    public synchronized boolean endOnClose() {
        return end(endReason == null ? "closed" : null);
    }

    /**
     * Returns why the lease ended.
     *
     * @return the reason, or {@code null} while not ended or when it ended by its deadline unexplained
     */
    public @Nullable String endReason() {
        return endReason;
    }

    @Override
    public String toString() {
        return switch (state) {
            case ACTIVE -> "active";
            case SUSPENDED -> "suspended";
            case ENDED -> "ended: " + endReason;
        };
    }
}
