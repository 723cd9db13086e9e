package dev.ids.traceid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdGenerationException;
import dev.ids.clock.ManualClock;
import dev.ids.testing.HeldClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A TraceId call never waits longer than its maximum wait, however many calls queue for a new chunk before it. */
class TraceIdBoundedWaitTest {

    /**
     * Calls queued for the refill lock behind a holder that waits for the next second: one maximum wait for the
     * whole call, lock included. (Before, each holder in turn waited up to the maximum wait, so with a wall clock
     * that stands still the n-th call failed only after n times the maximum wait.)
     */
    @Test
    void traceIdCallQueuedBehindTheRefillLockWaitsAtMostMaxWait() throws Exception {
        ManualClock time = ManualClock.atEpochMillis(1_767_225_600_000L + 950);
        HeldClock clock = new HeldClock(time);
        Duration maxWait = Duration.ofMillis(100);
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(1).clock(clock).maxWait(maxWait).build();
        for (int i = 0; i < 4096 * 1023; i++) {
            generator.next(); // the whole second, no pause yet
        }
        time.freeze(); // the wall clock stands still from here; pauses move the monotonic clock only
        int callers = 4;
        long[] waited = new long[callers];
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < callers; i++) {
            int index = i;
            Thread thread = new Thread(() -> {
                long began = time.monotonicNanos();
                try {
                    generator.next();
                } catch (IdGenerationException expected) {
                    // the clock never reaches the next second
                }
                waited[index] = time.monotonicNanos() - began;
            });
            threads.add(thread);
            thread.start();
            if (i == 0) {
                clock.awaitPause(); // the first holds the lock, paused
            }
        }
        for (Thread thread : threads.subList(1, callers)) {
            while (thread.getState() != Thread.State.WAITING && thread.getState() != Thread.State.TIMED_WAITING
                    && thread.isAlive()) {
                Thread.onSpinWait();
            }
        }
        clock.release();
        for (Thread thread : threads) {
            thread.join();
        }
        long longest = 0;
        for (long w : waited) {
            longest = Math.max(longest, w);
        }
        assertThat(Duration.ofNanos(longest)).as("longest wait of one call")
                .isLessThanOrEqualTo(maxWait.plusMillis(1));
    }
}
