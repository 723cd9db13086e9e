package dev.ids.node;

import dev.ids.clock.ClockWatch;
import dev.ids.clock.IdClock;
import dev.ids.event.WaitCause;

/**
 * The wait before a fenced generator's first ID: until the wall clock passes the high-water mark the generator
 * started from, as a holder before it (this application before a crash, or another process) may have issued IDs up
 * to the mark. Within the generator's maximum wait it waits; beyond it, it refuses. Once the clock has been seen past
 * the mark, checking costs one volatile read.
 */
final class StartMarkWait {

    private final NodeLease lease;
    private final String description;
    /** The fence's logger: the wait is logged under its name. */
    private final System.Logger log;
    private final ClockWatch watch;
    private final IdClock clock;
    private final long maxWaitNanos;
    private final long startMark;
    private final FenceRefusals refusals;
    /**
     * Volatile: true until a thread has seen the wall clock past the start mark; read without a lock by every call
     * before a slot, so that the threads after the first that saw it stop checking.
     */
    private volatile boolean awaiting = true;
    /** Volatile: whether a wait has been logged, so that the threads waiting together log it about once. */
    private volatile boolean waitLogged;

    StartMarkWait(NodeLease lease, String description, System.Logger log, ClockWatch watch, long startMark,
            FenceRefusals refusals) {
        this.lease = lease;
        this.description = description;
        this.log = log;
        this.watch = watch;
        this.clock = watch.clock();
        this.maxWaitNanos = watch.maxWaitNanos();
        this.startMark = startMark;
        this.refusals = refusals;
    }

    /** Whether the clock may not have passed the start mark yet: one volatile read. */
    boolean awaiting() {
        return awaiting;
    }

    /** Whether the clock has passed the start mark now, without waiting. */
    boolean tryPass() {
        if (clock.wallTimeMillis() > startMark) {
            awaiting = false;
            return true;
        }
        return false;
    }

    /**
     * Waits until the wall clock passes the start mark.
     *
     * @throws dev.ids.IdGenerationException when the lease is not held, or the clock stands behind the mark by more
     *     than the maximum wait
     */
    void await() {
        long now = clock.wallTimeMillis();
        if (now > startMark) {
            awaiting = false;
            return;
        }
        // A lease not held is refused for that, not kept waiting for a mark it may never issue after.
        refusals.requireHeld();
        long behind = startMark - now;
        long waitNanos = (behind + 1) * 1_000_000L;
        String why = "the clock stands " + behind + " ms behind the high-water mark " + FenceRefusals.instant(startMark)
                + " of node identity " + lease.identity() + ": an earlier holder (this "
                + "application before a restart that did not release the lease, or another process) may have issued "
                + "IDs up to it";
        if (waitNanos > maxWaitNanos) {
            throw refusals.refuse(description + ": " + why + ", and that is longer than the maximum wait of "
                    + maxWaitNanos / 1_000_000 + " ms; refusing to issue IDs for another " + (behind + 1) + " ms, "
                    + "until the clock passes the mark");
        }
        if (!waitLogged) {
            waitLogged = true;
            log.log(System.Logger.Level.INFO, () -> description + ": waiting " + (behind + 1) + " ms before the "
                    + "first ID, as " + why);
        }
        long began = clock.monotonicNanos();
        if (!watch.pauseUntil((startMark + 1) * 1_000L, began + maxWaitNanos)) {
            // The wall clock did not move as expected (stepped back meanwhile): give up within the bound.
            throw refusals.refuse(description + ": " + why + ", and the clock did not pass it within the maximum "
                    + "wait of " + maxWaitNanos / 1_000_000 + " ms; refusing to issue IDs until it does");
        }
        watch.reportWait(WaitCause.LEASE_MARK, began);
        awaiting = false;
    }
}
