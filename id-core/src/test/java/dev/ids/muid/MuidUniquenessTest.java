package dev.ids.muid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.IdClock;
import dev.ids.clock.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two threads share one generator. A generator serves one muid per microsecond, so 4,000,000 muids would take at
 * least four seconds of system-clock time (much more on a loaded machine): the large run uses a {@link ManualClock},
 * whose time moves forward whenever a waiting generator pauses, and a smaller run uses the system clock.
 */
class MuidUniquenessTest {

    private static final int THREADS = 2;
    private static final int PER_THREAD = 2_000_000;
    private static final long MEDALLION = 0x1ABCDEF0123L;

    @Test
    @Timeout(60)
    void twoThreadsOfTwoMillionMuidsHaveNoDuplicateAndEachThreadSeesThemIncrease() throws Exception {
        check(ManualClock.at(Instant.parse("2026-01-01T00:00:00Z")), PER_THREAD);
    }

    @Test
    @Timeout(60)
    void onTheSystemClockTwoThreadsOfTwoHundredThousandMuidsHaveNoDuplicate() throws Exception {
        check(IdClock.system(), 200_000);
    }

    private static void check(IdClock clock, int perThread) throws Exception {
        MuidGenerator generator = MuidGenerator.builder().medallion(MEDALLION).clock(clock)
                .maxWait(Duration.ofSeconds(5)).build();
        long[][] high = new long[THREADS][perThread];
        long[][] low = new long[THREADS][perThread];
        Throwable[] failures = new Throwable[THREADS];
        CountDownLatch start = new CountDownLatch(1);
        Thread[] threads = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            int index = t;
            threads[t] = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        UUID bits = generator.next().toUuid();
                        high[index][i] = bits.getMostSignificantBits();
                        low[index][i] = bits.getLeastSignificantBits();
                    }
                } catch (Throwable e) {
                    failures[index] = e;
                }
            }, "muid-uniqueness-" + t);
            threads[t].start();
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(failures).containsOnlyNulls();

        // Medallion and offset are the same in every muid, so the muids are unique exactly when the upper halves
        // (timestamp and the medallion's top bits) are.
        long expectedLow = (MEDALLION & 0xFFFFFFFFL) << 32;
        long expectedHighBits = MEDALLION >>> 32;
        long[] all = new long[THREADS * perThread];
        for (int t = 0; t < THREADS; t++) {
            for (int i = 0; i < perThread; i++) {
                assertThat(low[t][i]).isEqualTo(expectedLow);
                assertThat(high[t][i] & 0xFFF).isEqualTo(expectedHighBits);
                if (i > 0 && Long.compareUnsigned(high[t][i - 1], high[t][i]) >= 0) {
                    throw new AssertionError("thread " + t + " saw muid " + i + " not above the one before: "
                            + new Muid(high[t][i - 1], low[t][i - 1]) + " then " + new Muid(high[t][i], low[t][i]));
                }
            }
            System.arraycopy(high[t], 0, all, t * perThread, perThread);
        }
        Arrays.sort(all); // timestamps are below 2^52, so signed order is the unsigned order here
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                throw new AssertionError("duplicate muid " + new Muid(all[i], expectedLow));
            }
        }
    }
}
