package dev.ids.muid;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two threads share one generator on the system clock. A generator serves one muid per microsecond, so 4,000,000
 * muids take about four seconds of wall-clock time.
 */
class MuidUniquenessTest {

    private static final int THREADS = 2;
    private static final int PER_THREAD = 2_000_000;
    private static final long MEDALLION = 0x1ABCDEF0123L;

    @Test
    @Timeout(60)
    void twoThreadsOfTwoMillionMuidsHaveNoDuplicateAndEachThreadSeesThemIncrease() throws Exception {
        MuidGenerator generator = MuidGenerator.builder().medallion(MEDALLION).maxWait(Duration.ofSeconds(5)).build();
        long[][] high = new long[THREADS][PER_THREAD];
        long[][] low = new long[THREADS][PER_THREAD];
        Throwable[] failures = new Throwable[THREADS];
        CountDownLatch start = new CountDownLatch(1);
        Thread[] threads = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            int index = t;
            threads[t] = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < PER_THREAD; i++) {
                        Muid muid = generator.next();
                        high[index][i] = muid.high();
                        low[index][i] = muid.low();
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
        long[] all = new long[THREADS * PER_THREAD];
        for (int t = 0; t < THREADS; t++) {
            for (int i = 0; i < PER_THREAD; i++) {
                assertThat(low[t][i]).isEqualTo(expectedLow);
                assertThat(high[t][i] & 0xFFF).isEqualTo(expectedHighBits);
                if (i > 0 && Long.compareUnsigned(high[t][i - 1], high[t][i]) >= 0) {
                    throw new AssertionError("thread " + t + " saw muid " + i + " not above the one before: "
                            + new Muid(high[t][i - 1], low[t][i - 1]) + " then " + new Muid(high[t][i], low[t][i]));
                }
            }
            System.arraycopy(high[t], 0, all, t * PER_THREAD, PER_THREAD);
        }
        Arrays.sort(all); // timestamps are below 2^52, so signed order is the unsigned order here
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                throw new AssertionError("duplicate muid " + new Muid(all[i], expectedLow));
            }
        }
    }
}
