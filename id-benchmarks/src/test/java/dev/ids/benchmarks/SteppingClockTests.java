package dev.ids.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdGenerator;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.RecordingListener;
import dev.ids.traceid.TraceIdGenerator;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The clocks of the fast-path benchmarks never let a sequence overflow, so those benchmarks measure the path
 * without waits; a clock that moves too slowly does make the generator overflow, so the check can fail.
 */
class SteppingClockTests {

    static Stream<Arguments> fastPathGenerators() {
        Function<RecordingListener, IdGenerator<?>> sno = (listener) -> SnoGenerator.builder().partition(1)
                .listener(listener).clock(SteppingClock.perMillisecond(16_000)).build();
        Function<RecordingListener, IdGenerator<?>> traceId = (listener) -> TraceIdGenerator.builder().nodeNo(1)
                .listener(listener).clock(SteppingClock.perMillisecond(4_000)).build();
        Function<RecordingListener, IdGenerator<?>> lable = (listener) -> LableIdGenerator.builder().generatorId(1)
                .mode(LableMode.TIME_SEQUENTIAL).listener(listener).clock(SteppingClock.perMillisecond(60)).build();
        Function<RecordingListener, IdGenerator<?>> muid = (listener) -> MuidGenerator.builder().medallion(1)
                .listener(listener).clock(SteppingClock.everyReadAMicrosecond()).build();
        // More IDs than two full time units (a TraceId second holds 4,190,208).
        return Stream.of(Arguments.of("sno", sno, 200_000), Arguments.of("traceId", traceId, 9_000_000),
                Arguments.of("lable", lable, 200_000), Arguments.of("muid", muid, 200_000));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fastPathGenerators")
    void theFastPathClockNeverLetsTheSequenceOverflow(String scheme,
            Function<RecordingListener, IdGenerator<?>> build, int ids) {
        RecordingListener listener = new RecordingListener();
        IdGenerator<?> generator = build.apply(listener);

        for (int i = 0; i < ids; i++) {
            generator.next();
        }

        assertThat(listener.overflows).isEmpty();
        assertThat(listener.regressions).isEmpty();
        assertThat(listener.refusals).isEmpty();
    }

    @Test
    void aClockSlowerThanTheSchemesCapacityMakesTheSequenceOverflow() {
        RecordingListener listener = new RecordingListener();
        // 17,000 readings per millisecond: 68,000 per 4 ms unit, above sno's 65,536.
        SnoGenerator snos = SnoGenerator.builder().partition(1).listener(listener)
                .clock(SteppingClock.perMillisecond(17_000)).build();

        for (int i = 0; i < 200_000; i++) {
            snos.next();
        }

        assertThat(listener.overflows).isNotEmpty();
    }
}
