package dev.ids.traceid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import dev.ids.testing.RecordingListener;
import dev.ids.testing.Threads;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Many short-lived threads, and a few saturating ones, sharing one generator. */
class TraceIdThreadPerTaskTest {

    /** 4096 chunks of 1023 counters: the most IDs one node can issue in one second. */
    private static final int CAPACITY = 4096 * 1023;
    private static final long WRAP = 1L << 25;
    /** 2026-01-01T00:00:00Z in Unix seconds. */
    private static final long X = 1_767_225_600L;

    private final RecordingListener events = new RecordingListener();

    @Test
    void twentyThousandThreadsDrawingOneIdEachWithinOneSecondFillTwentyChunks() throws Exception {
        ManualClock clock = ManualClock.atEpochMillis(X * 1000 + 500);
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(3).clock(clock).listener(events).build();
        int threads = 20_000;
        int batch = 500;
        long[] ids = new long[threads];
        List<Throwable> failures = Threads.inBatches(threads, batch, i -> ids[i] = generator.next().toLong(),
                () -> { });

        assertThat(failures).isEmpty();
        assertThat(clock.monotonicNanos()).as("no call waited").isZero();
        assertThat(events.overflows).isEmpty();
        assertThat(events.regressions).isEmpty();
        assertThat(events.refusals).isEmpty();
        // All distinct, in ceil(20000 / 1023) = 20 chunks, each but the last one full.
        assertFillsChunksInOrder(ids, X, 3);
        assertThat(generator.generatedCount()).isEqualTo(threads);
        assertThat(TraceId.fromLong(Arrays.stream(ids).max().orElseThrow()).chunkNo()).isEqualTo(19);
        // Each batch started after the one before had finished, so all its IDs are greater.
        for (int from = batch; from < threads; from += batch) {
            long previousMax = Arrays.stream(ids, from - batch, from).max().orElseThrow();
            long min = Arrays.stream(ids, from, from + batch).min().orElseThrow();
            assertThat(min).as("first ID of batch from thread %d", from).isGreaterThan(previousMax);
        }
    }

    @ParameterizedTest(name = "{0} thread(s)")
    @ValueSource(ints = {1, 2, 8})
    void saturatingThreadsIssueTheWholeSecondsCapacityBeforeTheOnlyWait(int threads) throws Exception {
        ManualClock clock = ManualClock.atEpochMillis(X * 1000);
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(9).clock(clock).listener(events).build();
        int perThread = (CAPACITY + 3000) / threads;

        long[] all = draw(generator, threads, perThread);

        long[] firstSecond = Arrays.stream(all).filter(id -> TraceId.fromLong(id).timestampSeconds() == X % WRAP).toArray();
        long[] nextSecond = Arrays.stream(all).filter(id -> TraceId.fromLong(id).timestampSeconds() == (X + 1) % WRAP)
                .toArray();
        assertThat(firstSecond).hasSize(CAPACITY);
        assertThat(nextSecond).hasSize(all.length - CAPACITY);
        assertFillsChunksInOrder(firstSecond, X, 9);
        assertFillsChunksInOrder(nextSecond, X + 1, 9);
        assertThat(generator.generatedCount()).isEqualTo(all.length);
        // One wait, from the start of the second to the next, however many threads are waiting.
        assertThat(events.overflows).containsExactly(Duration.ofSeconds(1));
    }

    /**
     * Starts the threads together, each drawing {@code perThread} IDs, with each of {@code alongside} running on one
     * more thread; checks that none threw and that each thread's IDs strictly increase, and returns them all.
     */
    static long[] draw(TraceIdGenerator generator, int threads, int perThread, Runnable... alongside)
            throws InterruptedException {
        long[][] ids = new long[threads][perThread];
        List<Throwable> failures = Threads.together(threads + alongside.length, t -> {
            if (t >= threads) {
                alongside[t - threads].run();
                return;
            }
            for (int i = 0; i < perThread; i++) {
                ids[t][i] = generator.next().toLong();
            }
        });
        assertThat(failures).isEmpty();
        for (long[] mine : ids) {
            TraceIdGeneratorTest.assertStrictlyIncreasing(mine);
        }
        return Arrays.stream(ids).flatMapToLong(Arrays::stream).toArray();
    }

    /**
     * Asserts that the IDs are the first ones of their second in (chunk number, counter) order, with no gap and no
     * repeat: chunks 0, 1, ... each with counters 1 to 1023, the last one with counters 1 to some k.
     */
    static void assertFillsChunksInOrder(long[] ids, long second, int nodeNo) {
        long[] sorted = ids.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) {
            TraceId expected = TraceId.of(second % WRAP, nodeNo, i / 1023, i % 1023 + 1);
            if (sorted[i] != expected.toLong()) {
                TraceId actual = TraceId.fromLong(sorted[i]);
                throw new AssertionError("ID #" + i + " of " + sorted.length + " in order is (timestamp "
                        + actual.timestampSeconds() + ", chunk " + actual.chunkNo() + ", counter " + actual.counter()
                        + "), expected (timestamp " + expected.timestampSeconds() + ", chunk " + expected.chunkNo()
                        + ", counter " + expected.counter() + ")");
            }
        }
    }
}
