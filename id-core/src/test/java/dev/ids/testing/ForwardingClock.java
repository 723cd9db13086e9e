package dev.ids.testing;

import dev.ids.clock.IdClock;
import dev.ids.clock.ManualClock;

/**
 * A clock that reads and pauses a {@link ManualClock}: the base of the clocks that force an interleaving by
 * changing what one read or pause does.
 */
public abstract class ForwardingClock implements IdClock {

    private final ManualClock time;

    /**
     * Wraps a manual clock.
     *
     * @param time the clock that reads and moves
     */
    protected ForwardingClock(ManualClock time) {
        this.time = time;
    }

    @Override
    public long wallTimeMicros() {
        return time.wallTimeMicros();
    }

    @Override
    public long monotonicNanos() {
        return time.monotonicNanos();
    }

    /** Moves the manual clock by the pause. */
    @Override
    public void pause(long nanos) {
        time.pause(nanos);
    }
}
