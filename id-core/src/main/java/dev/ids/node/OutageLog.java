package dev.ids.node;

import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * Logs the failures of a task that is retried every few seconds through an outage (a renewal, a release, a
 * re-claim): the first failure of an outage at {@code WARNING}, the attempts after it at {@code DEBUG}, and its end,
 * with the number of attempts that failed, at {@code INFO}. A log read after an outage then holds a warning and a
 * recovery per outage rather than one line per attempt. Thread-safe.
 */
final class OutageLog {

    private final System.Logger log;
    /** Attempts failed since the last that succeeded: atomic, as a renewal may run on its thread and a caller's. */
    private final AtomicLong failedInARow = new AtomicLong();

    OutageLog(System.Logger log) {
        this.log = log;
    }

    /**
     * Counts a failed attempt and logs it: at {@code WARNING} when it begins an outage, otherwise at {@code DEBUG}.
     *
     * @param message the message, given the attempt's number in the outage (1 for the first)
     * @return the attempt's number in the outage
     */
    long failed(LongFunction<String> message) {
        return failed(false, message);
    }

    /**
     * Counts a failed attempt and logs it: at {@code WARNING} when it begins an outage or is news of its own (the
     * caller says so, such as a failure of another kind than the last), otherwise at {@code DEBUG}.
     *
     * @param news whether to warn even within an outage
     * @param message the message, given the attempt's number in the outage (1 for the first)
     * @return the attempt's number in the outage
     */
    long failed(boolean news, LongFunction<String> message) {
        long attempt = failedInARow.incrementAndGet();
        log.log(attempt == 1 || news ? Level.WARNING : Level.DEBUG, () -> message.apply(attempt));
        return attempt;
    }

    /**
     * Ends the outage, if any, and logs at {@code INFO} that it ended, so that the next failure is warned about again.
     *
     * @param message the message, given the failed attempts as words ("1 failed attempt", "3 failed attempts")
     * @return the attempts that failed in the outage that ended; 0 when there was none, and nothing is logged
     */
    long ended(Function<String, String> message) {
        long failed = ended();
        if (failed > 0) {
            log.log(Level.INFO, () -> message.apply(attempts(failed)));
        }
        return failed;
    }

    /**
     * Ends the outage, if any, without a word: for a caller that tells of each success anyway.
     *
     * @return the attempts that failed in the outage that ended; 0 when there was none
     */
    long ended() {
        return failedInARow.getAndSet(0);
    }

    private static String attempts(long failed) {
        return failed == 1 ? "1 failed attempt" : failed + " failed attempts";
    }
}
