package dev.ids.reactor;

import dev.ids.clock.IdClock;
import dev.ids.clock.ManualClock;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@link ManualClock} whose pauses also park the pausing thread briefly, as the system clock's do: time moves
 * only when a generator waits (so a unit's capacity is used up however slow the test), and every wait is a real
 * blocking call that BlockHound sees.
 */
final class ParkingClock implements IdClock {

    /** Long enough to be a park, short enough that thousands of waits take little real time. */
    private static final long PARK_NANOS = 20_000;

    private final ManualClock time;

    ParkingClock(Instant start) {
        this.time = ManualClock.at(start);
    }

    @Override
    public long wallTimeMicros() {
        return time.wallTimeMicros();
    }

    @Override
    public long monotonicNanos() {
        return time.monotonicNanos();
    }

    @Override
    public void pause(long nanos) {
        LockSupport.parkNanos(PARK_NANOS);
        time.pause(nanos);
    }

    @Override
    public String toString() {
        return "ParkingClock[" + time + "]";
    }
}
