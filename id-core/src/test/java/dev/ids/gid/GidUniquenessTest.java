package dev.ids.gid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import dev.ids.testing.Threads;
import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class GidUniquenessTest {

    private static final int THREADS = 2;
    private static final int PER_THREAD = 2_000_000;

    @Test
    void twoThreadsSharingOneGeneratorNeverRepeatAGid() throws Exception {
        GidGenerator logs = GidGenerator.builder().type(GidType.LOG).build();
        long[] high = new long[THREADS * PER_THREAD];
        long[] low = new long[THREADS * PER_THREAD];
        boolean[] ordered = new boolean[THREADS];
        Threads.together(THREADS, thread -> {
            boolean nonDecreasing = true;
            long previous = -1;
            for (int i = thread * PER_THREAD, end = i + PER_THREAD; i < end; i++) {
                Gid gid = logs.next();
                high[i] = gid.mostSignificantBits();
                low[i] = gid.leastSignificantBits();
                nonDecreasing &= gid.timestampMillis() >= previous;
                previous = gid.timestampMillis();
            }
            ordered[thread] = nonDecreasing;
        });

        assertThat(ordered).containsOnly(true);
        assertThat(Uniqueness.duplicates(high, low)).isZero();
    }

    @Test
    void twentyThousandThreadsOneGidEachInOneMillisecondAreDistinct() throws Exception {
        ManualClock clock = ManualClock.at(Instant.parse("2025-06-01T00:00:00Z"));
        GidGenerator logs = GidGenerator.builder().type(GidType.LOG).clock(clock).build();
        int threads = 20_000;
        long[] high = new long[threads];
        long[] low = new long[threads];
        AtomicInteger drawn = new AtomicInteger();
        Threads.run(threads, slot -> {
            Gid gid = logs.next();
            high[slot] = gid.mostSignificantBits();
            low[slot] = gid.leastSignificantBits();
            drawn.incrementAndGet();
        });

        assertThat(drawn).hasValue(threads);
        assertThat(Arrays.stream(high).map(h -> h >>> 8).distinct()).as("one millisecond, one type").hasSize(1);
        assertThat(Uniqueness.duplicates(high, low)).isZero();
    }

    @Test
    void duplicateFinderFindsAPlantedDuplicate() {
        long[] high = {1, 2, 3, 1, 9};
        long[] low = {5, 5, 6, 5, 7};

        assertThat(Uniqueness.duplicates(high, low)).isEqualTo(1);
    }
}
