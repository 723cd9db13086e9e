package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.RecordingListener;
import dev.ids.testing.Threads;
import dev.ids.traceid.TraceIdGenerator;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A thread per task on the build's baseline JDK (platform threads): 20,000 distinct threads, each drawing one ID,
 * within one second of a {@link ManualClock}, for every scheme. Well inside every scheme's rate, so no call may wait,
 * none may throw, and no two IDs may be equal, however many distinct threads ask.
 */
class ThreadPerTaskTest {

    private static final int THREADS = 20_000;

    static Stream<Arguments> generators() {
        return Stream.of(
                // Threads start in batches, each batch together on a clock that stands still; the clock moves on
                // between batches, so that the 20,000 calls spread over one second. A batch is no larger than what
                // the scheme serves at one instant: 64 Lable IDs a millisecond, one muid a microsecond.
                generator("trace-id", 100, (clock, events) -> TraceIdGenerator.builder().nodeNo(9).clock(clock)
                        .listener(events).build()),
                generator("lable", 50, (clock, events) -> LableIdGenerator.builder().generatorId(9)
                        .mode(LableMode.TIME_SEQUENTIAL).clock(clock).listener(events).build()),
                generator("gid", 100, (clock, events) -> GidGenerator.builder().clock(clock).listener(events).build()),
                generator("sno", 100, (clock, events) -> SnoGenerator.builder().partition(9).clock(clock)
                        .listener(events).build()),
                generator("muid", 1, (clock, events) -> MuidGenerator.builder().medallion(9).clock(clock)
                        .listener(events).build()));
    }

    private static Arguments generator(String scheme, int batchSize,
            BiFunction<ManualClock, RecordingListener, IdGenerator<?>> factory) {
        return Arguments.of(scheme, batchSize, factory);
    }

    @ParameterizedTest(name = "{0}, {1} thread(s) at a time")
    @MethodSource("generators")
    void twentyThousandThreadsEachDrawingOneIdWithinOneSecondNeitherWaitNorFailNorRepeat(String scheme, int batchSize,
            BiFunction<ManualClock, RecordingListener, IdGenerator<?>> factory) throws InterruptedException {
        Duration betweenBatches = Duration.ofSeconds(1).multipliedBy(batchSize).dividedBy(THREADS);
        ManualClock clock = ManualClock.atEpochMillis(1_767_225_600_000L); // 2026-01-01T00:00:00Z, a second's start
        RecordingListener events = new RecordingListener();
        IdGenerator<?> generator = factory.apply(clock, events);
        Set<Object> ids = ConcurrentHashMap.newKeySet();
        Set<Long> threadIds = ConcurrentHashMap.newKeySet();

        List<Throwable> failures = Threads.inBatches(THREADS, batchSize, i -> {
            threadIds.add(Thread.currentThread().getId());
            ids.add(generator.next());
        }, () -> clock.advance(betweenBatches));

        assertThat(failures).as("%s: calls that threw", scheme).isEmpty();
        assertThat(ids).as("%s: distinct IDs", scheme).hasSize(THREADS);
        assertThat(threadIds).as("distinct threads that drew (thread ids are never reused)").hasSize(THREADS);
        assertThat(events.overflows).as("%s: capacity waits", scheme).isEmpty();
        assertThat(events.regressionWaits).as("%s: clock waits", scheme).isEmpty();
        assertThat(events.regressions).as("%s: regressions", scheme).isEmpty();
        assertThat(events.refusals).as("%s: refusals", scheme).isEmpty();
        assertThat(clock.monotonicNanos()).as("%s: time the calls paused, beyond the batches' steps", scheme)
                .isEqualTo(betweenBatches.toNanos() * (THREADS / batchSize));
    }
}
