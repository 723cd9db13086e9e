package dev.ids.lable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.ManualClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.testing.RecordingListener;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class LableIdGeneratorTest {

    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    private static final long START_MS = START.toEpochMilli();

    private final ManualClock clock = ManualClock.at(START);
    private final RecordingListener events = new RecordingListener();

    private LableIdGenerator.Builder generator(LableMode mode) {
        return LableIdGenerator.builder().generatorId(42).clusterId(3).mode(mode).clock(clock).listener(events);
    }

    @ParameterizedTest
    @EnumSource(LableMode.class)
    void idsCarryTheClockTimeAndTheNodeIdentity(LableMode mode) {
        LableIdGenerator generator = generator(mode).build();
        LableId first = generator.next();
        LableId second = generator.next();

        assertThat(first.timestampMillis()).isEqualTo(START_MS);
        assertThat(first.sequence()).isZero();
        assertThat(second.timestampMillis()).isEqualTo(START_MS);
        assertThat(second.sequence()).isEqualTo(1);
        assertThat(first.generatorId()).isEqualTo(42);
        assertThat(first.clusterId()).isEqualTo(3);
        assertThat(first.mode()).isEqualTo(mode);
        assertThat(generator.generatorId()).isEqualTo(42);
        assertThat(generator.clusterId()).isEqualTo(3);
        assertThat(generator.mode()).isEqualTo(mode);
    }

    @Test
    void modeDefaultsToSpreadAndClusterToZero() {
        LableIdGenerator generator = LableIdGenerator.builder().generatorId(7).clock(clock).build();
        LableId id = generator.next();

        assertThat(generator.mode()).isEqualTo(LableMode.SPREAD);
        assertThat(id.mode()).isEqualTo(LableMode.SPREAD);
        assertThat(id.clusterId()).isZero();
        assertThat(id).isEqualTo(LableId.of(START_MS, 0, 7, 0, LableMode.SPREAD));
    }

    @ParameterizedTest
    @EnumSource(LableMode.class)
    void burstAboveSixtyFourPerMillisecondWaitsForTheNextMillisecond(LableMode mode) {
        LableIdGenerator generator = generator(mode).build();
        List<LableId> ids = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            ids.add(generator.next());
        }

        assertSlotsFromStart(ids, 0);
        assertThat(events.overflows).hasSize(1000 / 64).allMatch(Duration.ofMillis(1)::equals);
        assertThat(events.regressions).isEmpty();
        assertUniqueAndInIssueOrder(ids, mode);
    }

    @ParameterizedTest
    @EnumSource(LableMode.class)
    void batchesReserveWhatIsLeftOfEachMillisecond(LableMode mode) {
        LableIdGenerator generator = generator(mode).build();
        List<LableId> ids = new ArrayList<>(generator.next(3));
        ids.addAll(generator.next(200));
        ids.add(generator.next());

        assertThat(ids).hasSize(204);
        assertSlotsFromStart(ids, 0);
        assertThat(events.overflows).hasSize(3);
        assertUniqueAndInIssueOrder(ids, mode);
        assertThat(generator.next(0)).isEmpty();
        assertThatThrownBy(() -> generator.next(2).add(ids.get(0))).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void batchSizeIsChecked() {
        LableIdGenerator generator = generator(LableMode.SPREAD).build();

        assertThatThrownBy(() -> generator.next(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("batch size out of range [0, 1048576]: -1");
        assertThatThrownBy(() -> generator.next(LableIdGenerator.MAX_BATCH + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    static Stream<Arguments> smallStepsBack() {
        return Stream.of(LableMode.values()).flatMap(mode -> Stream.of(
                Arguments.of(Duration.ofMillis(1), mode), Arguments.of(Duration.ofSeconds(1), mode)));
    }

    @ParameterizedTest(name = "{0} back, {1}")
    @MethodSource("smallStepsBack")
    void clockStepBackUsesTheRestOfTheLatestMillisecondThenWaits(Duration back, LableMode mode) {
        LableIdGenerator generator = generator(mode).build();
        List<LableId> ids = new ArrayList<>(generator.next(10));
        clock.stepWallClock(back.negated());
        for (int i = 0; i < 100; i++) {
            ids.add(generator.next());
        }

        // Sequence 10..63 of the start millisecond, then the wait for the next one, then on from there.
        assertSlotsFromStart(ids, 0);
        assertThat(events.regressions).containsExactly(back);
        assertThat(events.regressionWaits).containsExactly(back.plusMillis(1));
        assertThat(events.overflows).isEmpty();
        assertUniqueAndInIssueOrder(ids, mode);
    }

    @ParameterizedTest
    @EnumSource(LableMode.class)
    void clockOneHourBackFailsInsteadOfReissuing(LableMode mode) {
        LableIdGenerator generator = generator(mode).build();
        List<LableId> ids = new ArrayList<>(generator.next(10));
        clock.stepWallClock(Duration.ofHours(-1));
        for (int i = 10; i < 64; i++) {
            ids.add(generator.next());
        }

        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("generator id 42, cluster id 3").hasMessageContaining("maximum wait of PT2S");
        assertThatThrownBy(() -> generator.next(5)).isInstanceOf(IdGenerationException.class);
        assertThat(events.regressions).containsExactly(Duration.ofHours(1));

        clock.stepWallClock(Duration.ofHours(1).plusMillis(1));
        ids.add(generator.next());
        assertSlotsFromStart(ids, 0);
        assertUniqueAndInIssueOrder(ids, mode);
    }

    @Test
    void clockOneHourBackWaitsWhenTheMaximumWaitAllowsIt() {
        LableIdGenerator generator = generator(LableMode.TIME_SEQUENTIAL).maxWait(Duration.ofHours(2)).build();
        List<LableId> ids = new ArrayList<>(generator.next(64));
        clock.stepWallClock(Duration.ofHours(-1));
        ids.add(generator.next());

        assertThat(ids.get(64).timestampMillis()).isEqualTo(START_MS + 1);
        assertThat(ids.get(64).sequence()).isZero();
        assertThat(events.regressions).containsExactly(Duration.ofHours(1));
        assertThat(events.regressionWaits).containsExactly(Duration.ofHours(1).plusMillis(1));
        assertThat(events.overflows).isEmpty();
        assertUniqueAndInIssueOrder(ids, LableMode.TIME_SEQUENTIAL);
    }

    @ParameterizedTest
    @EnumSource(LableMode.class)
    void frozenClockGivesSixtyFourIdsThenFailsAfterTheMaximumWait(LableMode mode) {
        LableIdGenerator generator = generator(mode).maxWait(Duration.ofMillis(50)).build();
        clock.freeze();
        List<LableId> ids = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            ids.add(generator.next());
        }

        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("maximum wait of PT0.05S");
        clock.unfreeze().advance(Duration.ofMillis(1));
        ids.add(generator.next());
        assertSlotsFromStart(ids, 0);
        assertUniqueAndInIssueOrder(ids, mode);
    }

    @Test
    void clockOutsideTheFortyTwoBitRangeIsRefused() {
        LableIdGenerator late = LableIdGenerator.builder().generatorId(1)
                .clock(ManualClock.atEpochMillis(1L << 42)).build();
        LableIdGenerator early = LableIdGenerator.builder().generatorId(1)
                .clock(ManualClock.atEpochMillis(-1)).build();
        LableIdGenerator last = LableIdGenerator.builder().generatorId(1)
                .clock(ManualClock.atEpochMillis((1L << 42) - 1)).mode(LableMode.TIME_SEQUENTIAL).build();

        assertThatThrownBy(late::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("outside the times this scheme can represent");
        assertThatThrownBy(early::next).isInstanceOf(IdGenerationException.class);
        assertThat(last.next().toString()).isEqualTo("ffffffffffc01010");
    }

    @Test
    void nodeIdentityIsChecked() {
        assertThatThrownBy(() -> LableIdGenerator.builder().generatorId(64))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("generator id out of range [0, 63]: 64");
        assertThatThrownBy(() -> LableIdGenerator.builder().generatorId(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("generator id out of range [0, 63]: -1");
        assertThatThrownBy(() -> LableIdGenerator.builder().clusterId(16))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("cluster id out of range [0, 15]: 16");
        assertThatThrownBy(() -> LableIdGenerator.builder().clusterId(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("cluster id out of range [0, 15]: -1");
        assertThatThrownBy(() -> LableIdGenerator.builder().clusterId(2).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("generator id not set");
        assertThatThrownBy(() -> LableIdGenerator.builder().mode(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> LableIdGenerator.builder().maxWait(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(LableIdGenerator.builder().generatorId(63).clusterId(15).build().next())
                .extracting(LableId::generatorId, LableId::clusterId).containsExactly(63, 15);
    }

    @Test
    void timeSequentialBoundsSelectExactlyTheIdsOfATimeRangeFromEveryGenerator() {
        LableIdGenerator first = generator(LableMode.TIME_SEQUENTIAL).build();
        LableIdGenerator second = LableIdGenerator.builder().generatorId(7).clusterId(15)
                .mode(LableMode.TIME_SEQUENTIAL).clock(clock).build();
        List<LableId> ids = new ArrayList<>();
        for (int millisecond = 0; millisecond < 10; millisecond++) {
            ids.addAll(first.next(25));
            ids.addAll(second.next(25));
            clock.advance(Duration.ofMillis(1));
        }
        Instant from = START.plusMillis(3);
        Instant last = START.plusMillis(7).minusNanos(1);
        LableId min = first.min(from);
        LableId max = first.max(last);

        assertThat(min).isEqualTo(LableId.min(from, LableMode.TIME_SEQUENTIAL));
        assertThat(max).isEqualTo(second.max(last)).isEqualTo(LableId.max(last, LableMode.TIME_SEQUENTIAL));
        assertThat(ids.stream().filter(id -> id.compareTo(min) >= 0 && id.compareTo(max) <= 0))
                .hasSize(200).containsExactlyInAnyOrderElementsOf(ids.stream()
                        .filter(id -> id.timestampMillis() >= START_MS + 3 && id.timestampMillis() <= START_MS + 6)
                        .toList());
    }

    @Test
    void spreadGeneratorRefusesTimeRangeBoundsSayingWhyAndWhichModeHasThem() {
        LableIdGenerator spread = generator(LableMode.SPREAD).build();
        List<LableId> ids = spread.next(64);

        // the silent failure the refusal replaces: time-sequential bounds select none of the SPREAD IDs of their time
        assertThat(ids).noneMatch(id -> id.compareTo(LableId.min(START, LableMode.TIME_SEQUENTIAL)) >= 0
                && id.compareTo(LableId.max(START, LableMode.TIME_SEQUENTIAL)) <= 0);
        for (ThrowingCallable bound : List.<ThrowingCallable>of(() -> spread.min(START), () -> spread.max(START))) {
            assertThatThrownBy(bound).isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("No time-range bound from LableIdGenerator[generatorId=42, clusterId=3, "
                            + "mode=SPREAD]: SPREAD IDs are not ordered by time")
                    .hasMessageContaining("a range between two of them selects unrelated IDs")
                    .hasMessageContaining("ids.lable.mode=time-sequential")
                    .hasMessageContaining("LableIdGenerator.builder().mode(LableMode.TIME_SEQUENTIAL)");
        }
    }

    @Test
    void systemClockIssuesUniqueIdsAcrossMilliseconds() {
        LableIdGenerator generator = LableIdGenerator.builder().generatorId(1).listener(events).build();
        List<LableId> ids = new ArrayList<>(generator.next(300));
        for (int i = 0; i < 300; i++) {
            ids.add(generator.next());
        }

        assertUniqueAndInIssueOrder(ids, LableMode.SPREAD);
        assertThat(ids.get(ids.size() - 1).timestampMillis() - ids.get(0).timestampMillis())
                .isGreaterThanOrEqualTo(600 / 64);
    }

    @Property(tries = 50)
    void idsNeverRepeatWhateverTheClockDoes(@ForAll List<@IntRange(min = -5, max = 5) Integer> stepsMillis,
                                            @ForAll LableMode mode) {
        ManualClock wobbly = ManualClock.at(START);
        LableIdGenerator generator = LableIdGenerator.builder().generatorId(5).mode(mode).clock(wobbly).build();
        List<LableId> ids = new ArrayList<>();
        for (int step : stepsMillis) {
            wobbly.stepWallClock(Duration.ofMillis(step));
            ids.addAll(generator.next(step & 0x7F));
            ids.add(generator.next());
        }
        assertUniqueAndInIssueOrder(ids, mode);
    }

    /** Asserts that the i-th ID holds slot {@code first + i}: millisecond START + slot / 64, sequence slot % 64. */
    private static void assertSlotsFromStart(List<LableId> ids, int first) {
        for (int i = 0; i < ids.size(); i++) {
            int slot = first + i;
            assertThat(ids.get(i).timestampMillis()).as("timestamp of ID %d", i).isEqualTo(START_MS + slot / 64);
            assertThat(ids.get(i).sequence()).as("sequence of ID %d", i).isEqualTo(slot % 64);
        }
    }

    /** No duplicate; (timestamp, sequence) strictly increases; time-sequential IDs themselves strictly increase. */
    private static void assertUniqueAndInIssueOrder(List<LableId> ids, LableMode mode) {
        assertThat(new HashSet<>(ids)).hasSameSizeAs(ids);
        for (int i = 1; i < ids.size(); i++) {
            LableId before = ids.get(i - 1);
            LableId after = ids.get(i);
            assertThat(after.timestampMillis() << 6 | after.sequence())
                    .as("slot of ID %d", i).isGreaterThan(before.timestampMillis() << 6 | before.sequence());
        }
        if (mode == LableMode.TIME_SEQUENTIAL) {
            List<LableId> sorted = new ArrayList<>(ids);
            Collections.sort(sorted);
            assertThat(sorted).containsExactlyElementsOf(ids);
        }
    }
}
