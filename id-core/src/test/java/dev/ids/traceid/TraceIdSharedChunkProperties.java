package dev.ids.traceid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import dev.ids.testing.RecordingListener;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Threads sharing one generator: whatever their number, a second consumes only the chunks its IDs fill, and no ID
 * repeats.
 */
class TraceIdSharedChunkProperties {

    /** 2026-01-01T00:00:00Z in Unix seconds. */
    private static final long X = 1_767_225_600L;

    @Property(tries = 40)
    void threadsDrawingWithinOneSecondFillChunksWithNoGapNorRepeat(
            @ForAll @IntRange(min = 1, max = 8) int threads,
            @ForAll @IntRange(min = 1, max = 3000) int perThread) throws Exception {
        ManualClock clock = ManualClock.atEpochMillis(X * 1000 + 250);
        RecordingListener events = new RecordingListener();
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(5).clock(clock).listener(events).build();

        long[] all = TraceIdThreadPerTaskTest.draw(generator, threads, perThread);

        // The clock stands still, so every chunk but the last must be used up before the next one is leased: no
        // allowance for contention, ceil(IDs / 1023) chunks in all.
        TraceIdThreadPerTaskTest.assertFillsChunksInOrder(all, X, 5);
        assertThat(generator.generatedCount()).isEqualTo(all.length);
        assertThat(events.overflows).isEmpty();
        assertThat(clock.monotonicNanos()).isZero();
    }

    @Property(tries = 30)
    void whileTheClockMovesOnlyTheLastChunkOfEachSecondIsLeftPartlyUsed(
            @ForAll @IntRange(min = 1, max = 6) int threads,
            @ForAll @IntRange(min = 1, max = 3000) int perThread,
            @ForAll @IntRange(min = 1, max = 700) int stepMillis) throws Exception {
        ManualClock clock = ManualClock.atEpochMillis(X * 1000);
        RecordingListener events = new RecordingListener();
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(6).clock(clock).listener(events).build();
        List<Long> counts = new CopyOnWriteArrayList<>();
        Runnable tickerAndReader = () -> {
            for (int i = 0; i < 200; i++) {
                clock.advance(Duration.ofMillis(stepMillis));
                counts.add(generator.generatedCount());
                LockSupport.parkNanos(20_000);
            }
        };

        long[] all = TraceIdThreadPerTaskTest.draw(generator, threads, perThread, tickerAndReader);

        assertThat(Arrays.stream(all).distinct().count()).isEqualTo(all.length);
        Map<Long, List<Long>> bySecond = Arrays.stream(all).boxed()
                .collect(Collectors.groupingBy(id -> TraceId.fromLong(id).timestampSeconds()));
        for (Map.Entry<Long, List<Long>> second : bySecond.entrySet()) {
            long[] ids = second.getValue().stream().mapToLong(Long::longValue).toArray();
            TraceIdThreadPerTaskTest.assertFillsChunksInOrder(ids, second.getKey(), 6);
        }
        // Counted from the chunks, including those replaced with counters left when their second ended.
        assertThat(generator.generatedCount()).isEqualTo(all.length);
        assertThat(counts).as("counts read while threads drew").isSorted().allMatch(count -> count <= all.length);
        assertThat(events.overflows).isEmpty();
        assertThat(events.regressions).isEmpty();
    }
}
