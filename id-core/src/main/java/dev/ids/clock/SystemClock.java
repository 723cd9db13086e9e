package dev.ids.clock;

import java.time.Instant;
import java.util.concurrent.locks.LockSupport;

/** The clock of the running JVM. */
final class SystemClock implements IdClock {

    static final SystemClock INSTANCE = new SystemClock();

    /** Below this, parking costs more than it saves: the scheduler's slack is tens of microseconds. */
    private static final long SPIN_THRESHOLD_NANOS = 50_000L;

    private SystemClock() {
    }

    @Override
    public long wallTimeMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
    }

    @Override
    public long wallTimeMillis() {
        return System.currentTimeMillis();
    }

    @Override
    public long monotonicNanos() {
        return System.nanoTime();
    }

    @Override
    public void pause(long nanos) {
        if (nanos < SPIN_THRESHOLD_NANOS) {
            long end = System.nanoTime() + nanos;
            while (System.nanoTime() - end < 0) {
                Thread.onSpinWait();
            }
        } else {
            LockSupport.parkNanos(nanos);
        }
    }

    @Override
    public String toString() {
        return "IdClock.system()";
    }
}
