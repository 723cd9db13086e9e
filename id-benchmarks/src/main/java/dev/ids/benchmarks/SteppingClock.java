package dev.ids.benchmarks;

import dev.ids.clock.IdClock;

/**
 * A clock for measuring a generator's fast path: it moves forward by one tick every {@code readsPerTick} readings,
 * so that a generator reading it once or more per ID never issues more IDs in a time unit than the unit holds and
 * never waits. It starts at the real wall-clock time, so IDs stay in range. Should a generator wait on it all the
 * same (a clock too slow for the scheme, see the tests), the wait moves the time on at once.
 *
 * <p>Not thread-safe: each benchmark thread owns one, with its own generator.
 */
final class SteppingClock implements IdClock {

    private final long startMicros;
    private final long microsPerTick;
    private final long readsPerTick;
    private long reads;
    private long pausedMicros;

    private SteppingClock(long microsPerTick, long readsPerTick) {
        this.startMicros = System.currentTimeMillis() * 1000L;
        this.microsPerTick = microsPerTick;
        this.readsPerTick = readsPerTick;
    }

    /**
     * A clock that moves one millisecond forward every {@code readsPerMilli} readings.
     *
     * @param readsPerMilli readings per millisecond, below the scheme's IDs per millisecond
     * @return the clock
     */
    static SteppingClock perMillisecond(long readsPerMilli) {
        return new SteppingClock(1000L, readsPerMilli);
    }

    /**
     * A clock that moves one microsecond forward on every reading.
     *
     * @return the clock
     */
    static SteppingClock everyReadAMicrosecond() {
        return new SteppingClock(1L, 1L);
    }

    @Override
    public long wallTimeMicros() {
        return startMicros + pausedMicros + reads++ / readsPerTick * microsPerTick;
    }

    @Override
    public long wallTimeMillis() {
        return wallTimeMicros() / 1000L;
    }

    /** A wait moves this clock's time forward by the time asked for, instead of parking the thread. */
    @Override
    public void pause(long nanos) {
        pausedMicros += Math.max(1, nanos / 1000);
    }

    @Override
    public long monotonicNanos() {
        return System.nanoTime();
    }
}
