package dev.ids.node;

import dev.ids.internal.DaemonThreads;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The checker thread of a {@link ReclaimingNodeLease}: every check period it asks whether the lease is held, or could
 * be claimed again; after a failed re-claim it asks again with a back-off (from the check period, doubling, up to a
 * maximum), so that a store that is down or slow is not hammered. It stops once the lease is closed.
 */
final class ReclaimSchedule {

    private final ScheduledExecutorService checker;
    private final long checkNanos;
    private final long maxRetryNanos;
    /** Whether the lease was closed: nothing more to check. */
    private final BooleanSupplier closed;
    /** Checks, and claims again when the lease held has ended: {@code false} when a re-claim failed. */
    private final BooleanSupplier heldOrReclaimed;
    /**
     * The wait before the next re-claim after a failed one. Confined to the checker thread: one thread runs the
     * checks, one after another, so it needs no lock.
     */
    private long retryNanos;

    ReclaimSchedule(String threadName, long checkNanos, long maxRetryNanos, BooleanSupplier closed,
            BooleanSupplier heldOrReclaimed) {
        this.checkNanos = checkNanos;
        this.maxRetryNanos = maxRetryNanos;
        this.retryNanos = checkNanos;
        this.closed = closed;
        this.heldOrReclaimed = heldOrReclaimed;
        this.checker = DaemonThreads.scheduler(threadName);
    }

    /**
     * Checks a check period: from a millisecond to the longest wait between re-claims.
     *
     * @throws IllegalArgumentException when it is not
     */
    static void checkPeriod(Duration checkPeriod, Duration maxRetryPeriod) {
        Objects.requireNonNull(checkPeriod, "checkPeriod");
        if (checkPeriod.toMillis() < 1 || checkPeriod.compareTo(maxRetryPeriod) > 0) {
            throw new IllegalArgumentException("checkPeriod must be from 1 ms to " + maxRetryPeriod + ": "
                    + checkPeriod);
        }
    }

    /** Schedules the first check, a check period from now. */
    void start() {
        schedule(checkNanos);
    }

    /** Stops the checks, interrupting one under way. */
    void stop() {
        checker.shutdownNow();
    }

    private void schedule(long delayNanos) {
        try {
            checker.schedule(this::check, delayNanos, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            // Closed.
        }
    }

    private void check() {
        if (closed.getAsBoolean()) {
            return;
        }
        if (heldOrReclaimed.getAsBoolean()) {
            retryNanos = checkNanos;
            schedule(checkNanos);
        } else {
            schedule(nextRetry());
        }
    }

    private long nextRetry() {
        long delay = retryNanos;
        retryNanos = Math.min(maxRetryNanos, delay * 2);
        return delay;
    }
}
