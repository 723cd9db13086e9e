package dev.ids.testing;

import dev.ids.clock.IdClock;

/**
 * The system clock, whose wall time a test can step forward (as NTP steps a clock) while the monotonic clock runs
 * on undisturbed: time passes for real, and a test need not sleep to bring the wall clock to a point ahead.
 */
public final class SteppedClock implements IdClock {

    private volatile long offsetMicros;

    /**
     * Steps the wall clock forward.
     *
     * @param millis how far, in milliseconds; not negative
     * @throws IllegalArgumentException when negative
     */
    public void stepForward(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("A forward step must not be negative: " + millis + " ms");
        }
        offsetMicros += millis * 1_000L;
    }

    @Override
    public long wallTimeMicros() {
        return IdClock.system().wallTimeMicros() + offsetMicros;
    }

    @Override
    public long monotonicNanos() {
        return System.nanoTime();
    }
}
