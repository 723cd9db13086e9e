package dev.ids.clock;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock whose time moves only when told to, for tests: step the wall clock forwards or backwards, freeze it, and
 * let waiting generators see time pass.
 *
 * <p>When a generator {@linkplain #pause(long) pauses}, both the monotonic clock and (unless frozen) the wall
 * clock move forward by the pause, as they would for a thread that sleeps. A frozen wall clock stays where it is
 * while the monotonic clock still advances, so a generator waiting for it gives up at its wait limit instead of
 * hanging. Safe for use by many threads.
 */
public final class ManualClock implements IdClock {

    private final AtomicLong wallMicros;
    private final AtomicLong monotonicNanos = new AtomicLong();
    private volatile boolean wallFrozen;

    private ManualClock(long wallMicros) {
        this.wallMicros = new AtomicLong(wallMicros);
    }

    /**
     * Creates a clock that shows the given instant (truncated to microseconds).
     *
     * @param start the wall-clock time to start from
     * @return a new clock
     */
    public static ManualClock at(Instant start) {
        return new ManualClock(toMicros(start));
    }

    /**
     * Creates a clock that shows the given time in milliseconds since the Unix epoch.
     *
     * @param epochMillis the wall-clock time to start from
     * @return a new clock
     */
    public static ManualClock atEpochMillis(long epochMillis) {
        return new ManualClock(Math.multiplyExact(epochMillis, 1000L));
    }

    @Override
    public long wallTimeMicros() {
        return wallMicros.get();
    }

    @Override
    public long monotonicNanos() {
        return monotonicNanos.get();
    }

    /**
     * Moves both clocks forward, as real time passing would.
     *
     * @param amount how far; must not be negative
     * @return this clock
     */
    public ManualClock advance(Duration amount) {
        if (amount.isNegative()) {
            throw new IllegalArgumentException("Cannot advance by a negative duration: " + amount
                    + " (use stepWallClock to move the wall clock back)");
        }
        monotonicNanos.addAndGet(amount.toNanos());
        wallMicros.addAndGet(amount.toNanos() / 1000L);
        return this;
    }

    /**
     * Moves the wall clock alone, as an NTP step or an operator would; a negative amount steps it back.
     *
     * @param amount how far, forwards (positive) or backwards (negative)
     * @return this clock
     */
    public ManualClock stepWallClock(Duration amount) {
        wallMicros.addAndGet(amount.toNanos() / 1000L);
        return this;
    }

    /**
     * Sets the wall clock to an instant, forwards or backwards, without moving the monotonic clock.
     *
     * @param instant the new wall-clock time
     * @return this clock
     */
    public ManualClock setWallClock(Instant instant) {
        wallMicros.set(toMicros(instant));
        return this;
    }

    /**
     * Stops the wall clock: pauses no longer move it (the monotonic clock still moves), until {@link #unfreeze()}.
     *
     * @return this clock
     */
    public ManualClock freeze() {
        wallFrozen = true;
        return this;
    }

    /**
     * Lets pauses move the wall clock again.
     *
     * @return this clock
     */
    public ManualClock unfreeze() {
        wallFrozen = false;
        return this;
    }

    /**
     * Returns the wall-clock time as an instant.
     *
     * @return the current wall-clock time of this clock
     */
    public Instant instant() {
        long micros = wallMicros.get();
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
    }

    /** Moves time forward by the pause instead of sleeping; at least one microsecond, so waits always progress. */
    @Override
    public void pause(long nanos) {
        long step = Math.max(nanos, 1000L);
        monotonicNanos.addAndGet(step);
        if (!wallFrozen) {
            wallMicros.addAndGet(step / 1000L);
        }
    }

    @Override
    public String toString() {
        return "ManualClock[" + instant() + (wallFrozen ? ", frozen]" : "]");
    }

    private static long toMicros(Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000L);
    }
}
