package dev.ids.clock;


/**
 * Pauses until the wall clock reaches a time: the one way every generator waits for its clock.
 *
 * <p>The pause ends at the edge of the target, never a whole unit past it. A reading tells only the microsecond the
 * clock is in, not how far into it: pausing the difference of two readings from somewhere inside a microsecond
 * lands as far inside the target's, and the call's own work then carries the next reading past it, so a saturated
 * generator of one ID per microsecond skipped every fifth or sixth one. Here the microseconds before the target's
 * are paused at once (they are certainly ahead), the last one in short steps that read the clock again.
 */
public final class ClockWaits {

    /** The step within the last microsecond: a few clock readings long. */
    private static final long EDGE_STEP_NANOS = 100;

    private ClockWaits() {
    }

    /**
     * Pauses until the clock's wall time reaches {@code targetMicros}, or its monotonic time reaches
     * {@code deadlineNanos}, whichever comes first.
     *
     * @param clock the clock to read and pause
     * @param targetMicros the wall time to reach, in microseconds since the Unix epoch
     * @param deadlineNanos the monotonic time at which to give up
     * @return {@code true} when the wall clock reached the target, {@code false} when the deadline passed first
     */
    public static boolean pauseUntil(IdClock clock, long targetMicros, long deadlineNanos) {
        // An interrupted thread's pauses return at once, so the (bounded) wait would spin: the status is cleared
        // while waiting and set again before returning, for the caller to see.
        boolean interrupted = Thread.interrupted();
        try {
            while (true) {
                long nowMicros = clock.wallTimeMicros();
                if (nowMicros >= targetMicros) {
                    return true;
                }
                long leftNanos = deadlineNanos - clock.monotonicNanos();
                if (leftNanos <= 0) {
                    // Read again: other threads' pauses may have moved a shared test clock between the two readings.
                    return clock.wallTimeMicros() >= targetMicros;
                }
                long wholeMicrosAhead = targetMicros - nowMicros - 1;
                // Compared before multiplying: a clock that stepped far back must not overflow the product.
                long pauseNanos = wholeMicrosAhead >= leftNanos / 1_000L
                        ? leftNanos
                        : Math.min(Math.max(wholeMicrosAhead * 1_000L, EDGE_STEP_NANOS), leftNanos);
                clock.pause(pauseNanos);
                interrupted |= Thread.interrupted();
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
