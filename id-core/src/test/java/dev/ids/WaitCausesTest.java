package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.Callers;
import dev.ids.testing.RecordingListener;
import dev.ids.traceid.TraceIdGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** One meaning per event for every scheme: a clock that stepped back is a clock regression, never an overflow. */
class WaitCausesTest {

    private static final Instant START = Instant.parse("2026-05-01T12:00:00.500Z");

    /** Long enough that no scheme refuses: each waits for the clock instead. */
    private static final Duration MAX_WAIT = Duration.ofHours(2);

    private final ManualClock clock = ManualClock.at(START);
    private final RecordingListener events = new RecordingListener();

    static Stream<Arguments> generators() {
        return Stream.of(
                Arguments.of(IdScheme.TRACE_ID, (BiFunction<ManualClock, RecordingListener, IdGenerator<?>>)
                        (clock, events) -> TraceIdGenerator.builder().nodeNo(9).clock(clock).listener(events)
                                .maxWait(MAX_WAIT).build()),
                Arguments.of(IdScheme.LABLE, (BiFunction<ManualClock, RecordingListener, IdGenerator<?>>)
                        (clock, events) -> LableIdGenerator.builder().generatorId(9).clock(clock).listener(events)
                                .maxWait(MAX_WAIT).build()),
                Arguments.of(IdScheme.GID, (BiFunction<ManualClock, RecordingListener, IdGenerator<?>>)
                        (clock, events) -> GidGenerator.builder().clock(clock).listener(events).build()),
                Arguments.of(IdScheme.SNO, (BiFunction<ManualClock, RecordingListener, IdGenerator<?>>)
                        (clock, events) -> SnoGenerator.builder().partition(9).clock(clock).listener(events)
                                .maxWait(MAX_WAIT).build()),
                Arguments.of(IdScheme.MUID, (BiFunction<ManualClock, RecordingListener, IdGenerator<?>>)
                        (clock, events) -> MuidGenerator.builder().medallion(9).clock(clock).listener(events)
                                .maxWait(MAX_WAIT).build()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("generators")
    void aStepBackOfAnHourIsAClockRegressionNeverAnOverflow(IdScheme scheme,
            BiFunction<ManualClock, RecordingListener, IdGenerator<?>> make) {
        IdGenerator<?> generator = make.apply(clock, events);
        generator.next();
        clock.stepWallClock(Duration.ofHours(-1));

        // Until the scheme has used what is left of its latest time unit and waited for the clock (at most 4.2
        // million IDs, more than a TraceId second holds); sno flips its tick-tock bit and GID goes on at once, so a
        // few IDs show what they do.
        boolean waits = scheme == IdScheme.TRACE_ID || scheme == IdScheme.LABLE || scheme == IdScheme.MUID;
        int most = waits ? 4_200_000 : 100;
        for (int i = 0; i < most && events.regressionWaits.isEmpty() && events.overflows.isEmpty(); i++) {
            generator.next();
        }

        assertThat(events.regressions).as("reported once, as a regression").containsExactly(Duration.ofHours(1));
        assertThat(events.overflows).as("never as a sequence overflow").isEmpty();
        assertThat(events.refusals).isEmpty();
        if (waits) {
            assertThat(events.regressionWaits).hasSize(1);
            assertThat(events.regressionWaits.get(0))
                    .isBetween(Duration.ofHours(1), Duration.ofHours(1).plusSeconds(1));
        } else {
            assertThat(events.regressionWaits).isEmpty();
        }
    }

    /** With the default maximum wait of 2 s. */
    static Stream<Arguments> sequencedGenerators() {
        return Stream.of(
                Arguments.of(IdScheme.LABLE, (BiFunction<ManualClock, RecordingListener, IdGenerator<?>>)
                        (clock, events) -> LableIdGenerator.builder().generatorId(9).clock(clock).listener(events)
                                .build()),
                Arguments.of(IdScheme.MUID, (BiFunction<ManualClock, RecordingListener, IdGenerator<?>>)
                        (clock, events) -> MuidGenerator.builder().medallion(9).clock(clock).listener(events)
                                .build()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sequencedGenerators")
    void manyThreadsOverCapacityWaitTheirTurnWithoutAnException(IdScheme scheme,
            BiFunction<ManualClock, RecordingListener, IdGenerator<?>> make) throws Exception {
        IdGenerator<?> generator = make.apply(clock, events);
        int threads = 128;
        int perThread = 100;
        List<Object> ids = new CopyOnWriteArrayList<>();
        Callers.runTogether(threads, t -> {
            List<Object> mine = new ArrayList<>();
            for (int i = 0; i < perThread; i++) {
                mine.add(generator.next());
            }
            ids.addAll(mine);
        });

        assertThat(events.refusals).isEmpty();
        assertThat(new HashSet<>(ids)).hasSize(threads * perThread);
        assertThat(events.overflows).isNotEmpty();
        assertThat(events.regressions).isEmpty();
    }
}
