package dev.ids.testing;

import dev.ids.clock.IdClock;

/**
 * A deterministic clock with nanosecond time, for one thread, on which reading the wall clock costs time, as on a
 * real machine: what {@link dev.ids.clock.ManualClock}, whose time moves in whole microseconds, cannot show. A pause
 * moves time by exactly the pause.
 */
public final class CostlyReadingClock implements IdClock {

    private final long readCostNanos;
    private long nanos;

    /**
     * Creates a clock.
     *
     * @param startMicros the wall time to start at, in microseconds since the Unix epoch
     * @param readCostNanos how far each wall-clock reading moves time
     */
    public CostlyReadingClock(long startMicros, long readCostNanos) {
        this.nanos = startMicros * 1_000L;
        this.readCostNanos = readCostNanos;
    }

    @Override
    public long wallTimeMicros() {
        nanos += readCostNanos;
        return Math.floorDiv(nanos, 1_000L);
    }

    @Override
    public long monotonicNanos() {
        return nanos;
    }

    @Override
    public void pause(long pauseNanos) {
        nanos += pauseNanos;
    }
}
