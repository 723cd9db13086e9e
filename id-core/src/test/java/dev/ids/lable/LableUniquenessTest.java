package dev.ids.lable;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Two threads share one generator. At 64 IDs per millisecond, 4,000,000 IDs need 62.5 s of clock time, so the
 * generator runs on a {@link ManualClock}, whose pauses move time forward instead of sleeping.
 */
class LableUniquenessTest {

    private static final int THREADS = 2;
    private static final int PER_THREAD = 2_000_000;

    @ParameterizedTest
    @EnumSource(LableMode.class)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void twoThreadsSharingAGeneratorNeverGetTheSameId(LableMode mode) throws Exception {
        ManualClock clock = ManualClock.at(Instant.parse("2026-01-01T00:00:00Z"));
        LableIdGenerator generator = LableIdGenerator.builder().generatorId(9).clusterId(4).mode(mode)
                .clock(clock).maxWait(Duration.ofSeconds(10)).build();
        CyclicBarrier start = new CyclicBarrier(THREADS);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<long[]>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                results.add(pool.submit(() -> {
                    long[] ids = new long[PER_THREAD];
                    start.await();
                    for (int i = 0; i < PER_THREAD; i++) {
                        ids[i] = generator.next().toLong();
                    }
                    return ids;
                }));
            }
            long[] all = new long[THREADS * PER_THREAD];
            for (int t = 0; t < THREADS; t++) {
                long[] ids = results.get(t).get();
                assertIssuedInSlotOrder(ids);
                System.arraycopy(ids, 0, all, t * PER_THREAD, PER_THREAD);
            }
            assertNoDuplicate(all);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Within one thread, the (timestamp, sequence) slots strictly increase. */
    private static void assertIssuedInSlotOrder(long[] ids) {
        long previous = -1;
        for (int i = 0; i < ids.length; i++) {
            LableId id = LableId.fromLong(ids[i]);
            assertThat(id.generatorId()).isEqualTo(9);
            long slot = id.timestampMillis() << 6 | id.sequence();
            if (slot <= previous) {
                assertThat(slot).as("slot of ID %d after %d", i, previous).isGreaterThan(previous);
            }
            previous = slot;
        }
    }

    private static void assertNoDuplicate(long[] all) {
        Arrays.sort(all);
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                assertThat(all[i]).as("duplicate ID %s", LableId.fromLong(all[i])).isNotEqualTo(all[i - 1]);
            }
        }
    }
}
