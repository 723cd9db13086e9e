package dev.ids.sno;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

class SnoUniquenessTest {

    private static final int THREADS = 2;
    private static final int PER_THREAD = 2_000_000;

    /** Units, tick-tock and sequence in one long: the only parts that vary within one generator and metabyte. */
    private static long key(Sno id) {
        return id.units() << 17 | (long) id.tickTock() << 16 | id.sequence();
    }

    @Test
    void twoThreadsOnTheSystemClockNeverShareAnId() throws Exception {
        SnoGenerator generator = SnoGenerator.builder().partition(3).build();
        long[][] keys = run(generator, PER_THREAD, null);
        assertNoDuplicate(keys, THREADS * PER_THREAD);
    }

    /** Two threads that both generate and, every 50 IDs, step a manual clock forwards or backwards at random. */
    @Test
    void twoThreadsWithAWobblingClockNeverShareAnId() throws Exception {
        ManualClock clock = ManualClock.at(Instant.parse("2026-01-01T00:00:00Z"));
        SnoGenerator generator = SnoGenerator.builder().clock(clock).partition(3).sequenceBounds(0, 4095)
                .maxWait(Duration.ofHours(1)).build();
        long[][] keys = run(generator, 200_000, clock);
        assertNoDuplicate(keys, THREADS * 200_000);
        assertThat(generator.snapshot().drifts()).as("tick-tock flips").isGreaterThan(100);
    }

    private static long[][] run(SnoGenerator generator, int perThread, ManualClock wobbled) throws Exception {
        long[][] keys = new long[THREADS][perThread];
        CyclicBarrier start = new CyclicBarrier(THREADS);
        Throwable[] failure = new Throwable[1];
        Thread[] threads = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            long[] mine = keys[t];
            SplittableRandom random = new SplittableRandom(t);
            threads[t] = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < mine.length; i++) {
                        if (wobbled != null && i % 50 == 0) {
                            wobbled.stepWallClock(Duration.ofMillis(random.nextInt(-20, 25)));
                        }
                        mine[i] = key(generator.next());
                    }
                } catch (Throwable e) {
                    synchronized (failure) {
                        failure[0] = e;
                    }
                }
            });
            threads[t].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        synchronized (failure) {
            if (failure[0] != null) {
                throw new AssertionError("generation failed", failure[0]);
            }
        }
        return keys;
    }

    private static void assertNoDuplicate(long[][] keys, int total) {
        long[] all = new long[total];
        int at = 0;
        for (long[] part : keys) {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        Arrays.sort(all);
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                throw new AssertionError("duplicate sno at index " + i + ": units " + (all[i] >>> 17) + ", tick "
                        + (all[i] >>> 16 & 1) + ", sequence " + (all[i] & 0xFFFF));
            }
        }
        assertThat(all).hasSize(total);
    }
}
