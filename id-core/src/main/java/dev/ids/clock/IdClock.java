package dev.ids.clock;

import java.util.concurrent.locks.LockSupport;

/**
 * The source of time for generators: the wall clock that IDs embed, a monotonic clock that measures waits, and the
 * way a generator pauses while it waits for the wall clock to move on.
 *
 * <p>Production code uses {@link #system()}; tests use {@link ManualClock}, whose time moves only when told to.
 */
public interface IdClock {

    /**
     * Returns the wall-clock time in microseconds since the Unix epoch.
     *
     * @return microseconds since 1970-01-01T00:00:00Z
     */
    long wallTimeMicros();

    /**
     * Returns the wall-clock time in milliseconds since the Unix epoch.
     *
     * @return milliseconds since 1970-01-01T00:00:00Z
     */
    default long wallTimeMillis() {
        return Math.floorDiv(wallTimeMicros(), 1000L);
    }

    /**
     * Returns a reading of a clock that never steps back, for measuring elapsed time; its origin is arbitrary.
     *
     * @return nanoseconds since an arbitrary origin
     */
    long monotonicNanos();

    /**
     * Pauses the calling thread for about the given time; a generator calls this while it waits for the wall clock
     * to pass a point. The system clock parks or spins; {@link ManualClock} moves its time forward instead.
     *
     * @param nanos how long to pause, in nanoseconds
     */
    default void pause(long nanos) {
        LockSupport.parkNanos(nanos);
    }

    /**
     * Returns the clock backed by {@link System#currentTimeMillis()}, {@link java.time.Instant#now()} and
     * {@link System#nanoTime()}.
     *
     * @return the system clock
     */
    static IdClock system() {
        return SystemClock.INSTANCE;
    }
}
