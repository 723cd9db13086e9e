package dev.ids.node;

import dev.ids.clock.IdClock;
import dev.ids.internal.ExceptionMessages;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The renewals of a {@link StoredNodeLease} and the end they may find: renews through the store, records the proofs
 * of ownership (its own, or those of a store that proves on its own and drives the lease through this class, as the
 * lease's {@link NodeLeaseStore.Provable}), counts the failures, warns about an outage once ({@link OutageLog}), and
 * logs the loss of the lease once, whoever sees it first.
 *
 * @param <P> the store's proof of ownership
 */
final class LeaseRenewal<P> implements NodeLeaseStore.Provable {

    private final NodeLeaseStore<P> store;
    private final P proof;
    private final IdClock clock;
    private final LeaseDeadline deadline;
    /** The lease: named in messages and in the skew fence's. */
    private final NodeLease lease;
    /** Up while the skew measured at the last claim or proof exceeds the tolerance: kept and renewed, not held. */
    private final SkewFence skewFence;
    /** Proofs of ownership recorded. Atomic: recorded by the renewal thread and the store's. */
    private final AtomicLong proofs = new AtomicLong();
    /** Tells whether a close has begun: a lease being let go is no longer renewed, nor reported lost. */
    private final LeaseRelease<P> release;
    private final System.Logger log;
    /** Failed renewals and proofs, for metrics and health. Atomic: counted by the renewal thread and the store's. */
    private final AtomicLong failures = new AtomicLong();
    /** Renewals failed since the last that succeeded, so that an outage is warned about once. */
    private final OutageLog outage;
    /** Set once the loss of the lease has been logged and counted, by whichever thread saw it first. */
    private final AtomicBoolean lossReported = new AtomicBoolean();
    /** Volatile: set by {@link #schedule} after the construction, read by a close on any thread. */
    private volatile @Nullable RenewalSchedule schedule;

    LeaseRenewal(NodeLeaseStore<P> store, P proof, IdClock clock, LeaseDeadline deadline, NodeLease lease,
            SkewFence skewFence, LeaseRelease<P> release, System.Logger log) {
        this.store = store;
        this.proof = proof;
        this.clock = clock;
        this.deadline = deadline;
        this.lease = lease;
        this.skewFence = skewFence;
        this.release = release;
        this.log = log;
        this.outage = new OutageLog(log);
    }

    /**
     * Renews on a thread of its own from now on, once a period.
     *
     * @param threadName {@code ids-node-lease-<namespace>-<identity>}
     * @param period the renewal period
     */
    void schedule(String threadName, Duration period) {
        RenewalSchedule started = new RenewalSchedule(threadName, period.toNanos(), this::renew, log, lease);
        schedule = started;
        started.start();
    }

    /** Stops the renewals' thread, if one was started. */
    void stopSchedule() {
        RenewalSchedule started = schedule;
        if (started != null) {
            started.stop();
        }
    }

    /** See {@link StoredNodeLease#renew()}. */
    Renewal renew() {
        if (release.isClosed() || deadline.state() == LeaseDeadline.State.ENDED) {
            reportLossOnce();
            return Renewal.LOST;
        }
        long epoch = deadline.epoch();
        long start = clock.monotonicNanos();
        if (store.deadlineEndsLease() && deadline.passedAt(start)) {
            failures.incrementAndGet();
            end("not renewed before its deadline");
            return Renewal.LOST;
        }
        LeaseGrant grant;
        try {
            grant = store.renew(proof);
        } catch (LeaseLostException e) {
            failures.incrementAndGet();
            end(ExceptionMessages.of(e));
            return Renewal.LOST;
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            if (release.isClosed()) {
                return Renewal.LOST; // close() interrupted the call: the lease is let go, not failing to renew
            }
            failures.incrementAndGet();
            // Retried every few seconds through an outage: warned about once, the attempts after at DEBUG.
            outage.failed(attempt -> "Could not renew " + lease + (attempt == 1 ? "" : " (attempt " + attempt
                    + ")") + " (will retry until its deadline): " + e.getMessage());
            return Renewal.FAILED;
        }
        if (prove(start, epoch, grant)) {
            outage.ended(attempts -> "Renewed " + lease + " after " + attempts);
            return Renewal.RENEWED;
        }
        if (release.isClosed() || deadline.isEnded()) {
            if (!release.isClosed()) {
                failures.incrementAndGet();
            }
            end("renewed only after its deadline");
            return Renewal.LOST;
        }
        return Renewal.FAILED; // a suspension discarded this proof; the next one decides
    }

    @Override
    public NodeLease lease() {
        return lease;
    }

    @Override
    public long epoch() {
        return deadline.epoch();
    }

    @Override
    public boolean prove(long askedAtNanos, long epochWhenAsked, LeaseGrant grant) {
        if (release.isClosed() || !deadline.prove(askedAtNanos, epochWhenAsked, grant.leaseNanos())) {
            return false;
        }
        skewFence.record(grant.skewMillis(), lease);
        proofs.incrementAndGet();
        return true;
    }

    @Override
    public void suspend() {
        deadline.suspend();
    }

    /** Ends the lease for good, and logs the loss unless it was closed or the loss was logged already. */
    @Override
    public void end(String reason) {
        // Logged even when a reader of isHeld() ended it first, seeing the deadline passed, which logs nothing.
        deadline.end(reason);
        if (!release.isClosed() && lossReported.compareAndSet(false, true)) {
            logLoss(reason);
        }
    }

    /**
     * Logs and counts a loss that nobody has reported: a deadline seen passed by a reader of
     * {@link StoredNodeLease#isHeld()} ends the lease without a word, on what is often a generating thread, while the
     * renewal may still be waiting for the store (for a pooled connection, say). The renewal thread, when its call
     * returns, or a close (a re-claiming lease closes the ended one within a second) reports it then.
     */
    void reportLossOnce() {
        if (!release.isClosed() && deadline.state() == LeaseDeadline.State.ENDED
                && lossReported.compareAndSet(false, true)) {
            failures.incrementAndGet();
            logLoss(deadline.endReason() != null ? deadline.endReason() : "not renewed before its deadline");
        }
    }

    /** Counts a failed renewal or proof that happened elsewhere (the store proves on its own). */
    @Override
    public void countFailure() {
        failures.incrementAndGet();
    }

    /** The proofs of ownership recorded so far. */
    long proofCount() {
        return proofs.get();
    }

    /** The failed renewals and proofs so far. */
    long failureCount() {
        return failures.get();
    }

    /** Names the lease, as a store's messages about it do. */
    @Override
    public String toString() {
        return lease.toString();
    }

    private void logLoss(String reason) {
        log.log(Level.WARNING, () -> "Lost " + lease + ": " + reason + "; no ID is issued under it until the "
                + "identity is claimed again");
    }
}
