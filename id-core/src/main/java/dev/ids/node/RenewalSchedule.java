package dev.ids.node;

import dev.ids.internal.DaemonThreads;
import java.lang.System.Logger.Level;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Renews one lease on a daemon thread of its own: every renewal period after a renewal, every fifth of it (at least
 * a millisecond) after a failed one, so that a store that is down briefly is retried several times before the
 * deadline; it stops once the lease is lost or closed. A thread per lease keeps a slow renewal of one lease from
 * delaying another's.
 */
final class RenewalSchedule {

    private final ScheduledExecutorService executor;
    private final long periodNanos;
    private final long retryNanos;
    private final Supplier<Renewal> attempt;
    private final System.Logger log;
    private final Object lease;

    /**
     * @param threadName the thread's name, {@code ids-node-lease-<namespace>-<identity>}
     * @param periodNanos the renewal period
     * @param attempt one renewal attempt
     * @param log where an attempt that throws is logged
     * @param lease the lease, named in the log
     */
    RenewalSchedule(String threadName, long periodNanos, Supplier<Renewal> attempt, System.Logger log,
            Object lease) {
        this.periodNanos = periodNanos;
        this.retryNanos = Math.max(1_000_000L, periodNanos / 5);
        this.attempt = attempt;
        this.log = log;
        this.lease = lease;
        this.executor = DaemonThreads.scheduler(threadName);
    }

    /** Schedules the first renewal one period from now. */
    void start() {
        executor.schedule(this::renewAndReschedule, periodNanos, TimeUnit.NANOSECONDS);
    }

    /** Stops renewing, interrupting a renewal in progress. */
    void stop() {
        executor.shutdownNow();
    }

    private void renewAndReschedule() {
        Renewal renewal;
        try {
            renewal = attempt.get();
        } catch (RuntimeException e) {
            log.log(Level.WARNING, () -> "Renewal of " + lease + " failed (will retry until its deadline)", e);
            renewal = Renewal.FAILED;
        }
        try {
            switch (renewal) {
                case RENEWED -> executor.schedule(this::renewAndReschedule, periodNanos, TimeUnit.NANOSECONDS);
                case FAILED -> executor.schedule(this::renewAndReschedule, retryNanos, TimeUnit.NANOSECONDS);
                case LOST -> executor.shutdown();
            }
        } catch (RejectedExecutionException e) {
            // closed meanwhile
        }
    }
}
