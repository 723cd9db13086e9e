package dev.ids.sequence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.IdClock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** A thread interrupted before or while it waits for its clock. */
class InterruptedWaitTest {

    /**
     * An interrupted caller's pauses would return at once (parkNanos), so a long wait would spin instead of parking:
     * the wait goes on parked, and the caller still sees its interrupt status afterwards.
     */
    @Test
    void interruptedCallerDoesNotSpinThroughItsWait() {
        AtomicLong offsetMicros = new AtomicLong();
        AtomicLong pauses = new AtomicLong();
        IdClock clock = new IdClock() {
            @Override
            public long wallTimeMicros() {
                return IdClock.system().wallTimeMicros() - offsetMicros.get();
            }

            @Override
            public long monotonicNanos() {
                return System.nanoTime();
            }

            @Override
            public void pause(long nanos) {
                pauses.incrementAndGet();
                LockSupport.parkNanos(nanos);
            }
        };
        TimeSequence sequence = TimeSequence.builder("review").clock(clock).maxWait(Duration.ofSeconds(2)).build();
        sequence.next();
        offsetMicros.set(300_000); // the clock steps back 300 ms: the next call waits ~300 ms
        Thread.currentThread().interrupt();
        boolean stillInterrupted;
        try {
            sequence.next();
        } finally {
            stillInterrupted = Thread.interrupted();
        }
        assertThat(pauses.get()).as("pauses during one 300 ms wait").isLessThan(1_000);
        assertThat(stillInterrupted).as("the interrupt status, kept for the caller").isTrue();
    }
}
