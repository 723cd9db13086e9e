package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.clock.ManualClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.MuidGenerator;
import dev.ids.muid.MuidTransaction;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MonitoredIdGeneratorTest {

    private static final Instant START = Instant.parse("2026-05-01T12:00:00Z");

    private final ManualClock clock = ManualClock.at(START);
    private final List<IdGenerationException> refusals = new CopyOnWriteArrayList<>();
    private final IdGeneratorListener listener = new IdGeneratorListener() {
        @Override
        public void onRefused(IdGenerationException failure) {
            refusals.add(failure);
        }
    };

    static Stream<Arguments> generators() {
        return Stream.of(
                Arguments.of(IdScheme.TRACE_ID, (Function<ManualClock, MonitoredIdGenerator<?>>) clock ->
                        TraceIdGenerator.builder().nodeNo(9).clock(clock).build()),
                Arguments.of(IdScheme.LABLE, (Function<ManualClock, MonitoredIdGenerator<?>>) clock ->
                        LableIdGenerator.builder().generatorId(9).clock(clock).build()),
                Arguments.of(IdScheme.GID, (Function<ManualClock, MonitoredIdGenerator<?>>) clock ->
                        GidGenerator.builder().clock(clock).build()),
                Arguments.of(IdScheme.SNO, (Function<ManualClock, MonitoredIdGenerator<?>>) clock ->
                        SnoGenerator.builder().partition(9).clock(clock).build()),
                Arguments.of(IdScheme.MUID, (Function<ManualClock, MonitoredIdGenerator<?>>) clock ->
                        MuidGenerator.builder().medallion(9).clock(clock).build()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("generators")
    void countsEveryIdItReturnsAndNamesItsScheme(IdScheme scheme, Function<ManualClock, MonitoredIdGenerator<?>> make) {
        MonitoredIdGenerator<?> generator = make.apply(clock);
        for (int i = 0; i < 5000; i++) {
            generator.next();
            if (i % 100 == 0) {
                clock.advance(Duration.ofMillis(1));
            }
        }

        assertThat(generator.generatedCount()).isEqualTo(5000);
        assertThat(generator.scheme()).isEqualTo(scheme);
        assertThat(generator.lead()).isZero();
    }

    @Test
    void settingsShowTheNodeIdentityAndModeInLayoutOrder() {
        assertThat(TraceIdGenerator.builder().nodeNo(9).build().settings()).containsExactly(
                org.assertj.core.api.Assertions.entry("nodeNo", 9));
        assertThat(LableIdGenerator.builder().generatorId(5).clusterId(2).mode(LableMode.TIME_SEQUENTIAL).build()
                .settings().keySet()).containsExactly("generatorId", "clusterId", "mode");
        assertThat(LableIdGenerator.builder().generatorId(5).build().settings()).containsEntry("mode", "SPREAD");
        assertThat(GidGenerator.builder().type(GidType.LOG).build().settings()).containsEntry("type", "Log")
                .containsEntry("prefix", 0xA0);
        assertThat(SnoGenerator.builder().partition(3).sequenceBounds(10, 20).build().settings().values())
                .containsExactly(3, 10, 20);
        assertThat(MuidGenerator.builder().medallion(77).build().settings()).containsEntry("medallion", 77L);
    }

    @Test
    void batchesAndTransactionChangesCount() {
        LableIdGenerator lable = LableIdGenerator.builder().generatorId(1).clock(clock).build();
        lable.next(150);
        lable.next();
        MuidGenerator muid = MuidGenerator.builder().medallion(1).clock(clock).build();
        MuidTransaction tx = muid.beginTransaction();
        tx.next();
        tx.next();

        assertThat(lable.generatedCount()).isEqualTo(151);
        assertThat(muid.generatedCount()).isEqualTo(3);
    }

    @Test
    void leadShowsHowFarTheLatestIdsRunAheadOfTheClock() {
        LableIdGenerator lable = LableIdGenerator.builder().generatorId(1).clock(clock).build();
        GidGenerator gid = GidGenerator.builder().clock(clock).build();
        SnoGenerator sno = SnoGenerator.builder().partition(1).clock(clock).build();
        lable.next();
        gid.next();
        sno.next();
        clock.stepWallClock(Duration.ofMillis(-300));
        lable.next();
        gid.next();

        assertThat(lable.lead()).isEqualTo(Duration.ofMillis(300));
        assertThat(gid.lead()).isEqualTo(Duration.ofMillis(300));
        assertThat(sno.lead()).isEqualTo(Duration.ofMillis(300));
        clock.advance(Duration.ofSeconds(1));
        assertThat(lable.lead()).isZero();
    }

    @Test
    void listenerHearsOfARefusalBeforeTheExceptionIsThrown() {
        LableIdGenerator lable = LableIdGenerator.builder().generatorId(1).clock(clock).listener(listener).build();
        SnoGenerator sno = SnoGenerator.builder().partition(1).clock(clock).listener(listener).build();
        for (int i = 0; i < 64; i++) {
            lable.next();
        }
        sno.next();
        clock.stepWallClock(Duration.ofHours(-1));
        sno.next(); // the first fall flips sno's tick-tock bit; a second one into the used window cannot
        clock.stepWallClock(Duration.ofMinutes(-30));

        Throwable lableFailure = org.assertj.core.api.Assertions.catchThrowable(lable::next);
        Throwable snoFailure = org.assertj.core.api.Assertions.catchThrowable(sno::next);

        assertThat(lableFailure).isInstanceOf(IdGenerationException.class);
        assertThat(snoFailure).isInstanceOf(IdGenerationException.class);
        assertThat(refusals).containsExactly((IdGenerationException) lableFailure,
                (IdGenerationException) snoFailure);
    }

    @Test
    void gidRefusalOfAClockBefore1970IsHeard() {
        GidGenerator gid = GidGenerator.builder().clock(clock).listener(listener).build();
        clock.setWallClock(Instant.parse("1969-12-31T23:00:00Z"));

        assertThatThrownBy(gid::next).isInstanceOf(IdGenerationException.class);
        assertThat(refusals).hasSize(1);
    }
}
