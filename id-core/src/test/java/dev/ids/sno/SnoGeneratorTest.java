package dev.ids.sno;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.ManualClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.testing.RecordingListener;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class SnoGeneratorTest {

    /** 2026-01-01T00:00:00Z is (1767225600000 - 1262304000000) / 4 = 126230400000 units, on a unit boundary. */
    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    private static final long START_UNITS = 126_230_400_000L;

    private final ManualClock clock = ManualClock.at(START);
    private final RecordingListener events = new RecordingListener();

    private SnoGenerator.Builder builder() {
        return SnoGenerator.builder().clock(clock).listener(events).partition(7);
    }

    @Test
    void firstIdOfAUnitTakesTheMinimumAndTheNextOnesCountUp() {
        SnoGenerator generator = builder().sequenceBounds(10, 20).build();
        Sno a = generator.next();
        Sno b = generator.next(42);
        clock.advance(Duration.ofMillis(3));
        Sno c = generator.next();
        clock.advance(Duration.ofMillis(1));
        Sno d = generator.next();

        assertThat(List.of(a.sequence(), b.sequence(), c.sequence(), d.sequence())).containsExactly(10, 11, 12, 10);
        assertThat(List.of(a.units(), b.units(), c.units(), d.units()))
                .containsExactly(START_UNITS, START_UNITS, START_UNITS, START_UNITS + 1);
        assertThat(a.partition()).isEqualTo(7);
        assertThat(a.metabyte()).isZero();
        assertThat(b.metabyte()).isEqualTo(42);
        assertThat(a.tickTock()).isZero();
        assertThat(a.timestamp()).isEqualTo(START);
        assertThat(List.of(a, c, d)).isSorted();
        assertThat(List.of(a, b, c, d)).doesNotHaveDuplicates();
        assertThat(events.regressions).isEmpty();
        assertThat(events.overflows).isEmpty();
    }

    @Test
    void stepBackOfOneMillisecondWithinTheUnitContinuesItsSequence() {
        clock.advance(Duration.ofMillis(2));
        SnoGenerator generator = builder().build();
        Sno before = generator.next();
        clock.stepWallClock(Duration.ofMillis(-1));
        Sno after = generator.next();
        Sno again = generator.next();

        assertThat(after.units()).isEqualTo(before.units());
        assertThat(after.tickTock()).isZero();
        assertThat(List.of(before.sequence(), after.sequence(), again.sequence())).containsExactly(0, 1, 2);
        assertThat(events.regressions).containsExactly(Duration.ofMillis(1));
        assertThat(List.of(before, after, again)).isSorted();
    }

    @Test
    void stepBackOfOneMillisecondIntoThePreviousUnitFlipsTheTickTockWithoutWaiting() {
        SnoGenerator generator = builder().sequenceBounds(5, 100).build();
        Sno before = generator.next();
        generator.next();
        clock.stepWallClock(Duration.ofMillis(-1));
        long monotonic = clock.monotonicNanos();
        Sno after = generator.next();

        assertThat(after.units()).isEqualTo(START_UNITS - 1);
        assertThat(after.tickTock()).isOne();
        assertThat(after.sequence()).isEqualTo(5);
        assertThat(clock.monotonicNanos()).isEqualTo(monotonic);
        assertThat(events.regressions).containsExactly(Duration.ofMillis(1));
        assertThat(after).isNotEqualTo(before).isLessThan(before);
        assertThat(generator.snapshot().drifts()).isOne();
    }

    @Test
    void stepBackOfOneSecondFlipsAndTheNewTimelineKeepsItsOrder() {
        SnoGenerator generator = builder().build();
        List<Sno> all = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            all.add(generator.next());
            clock.advance(Duration.ofMillis(2));
        }
        clock.stepWallClock(Duration.ofSeconds(-1));
        long monotonic = clock.monotonicNanos();
        List<Sno> flipped = new ArrayList<>();
        for (int i = 0; i < 1000; i++) { // 2 s: past the old latest unit and beyond
            flipped.add(generator.next());
            clock.advance(Duration.ofMillis(2));
        }
        all.addAll(flipped);

        assertThat(flipped.get(0).units()).isEqualTo(START_UNITS + 150 - 250);
        assertThat(flipped).allSatisfy(id -> assertThat(id.tickTock()).isOne());
        assertThat(flipped).isSorted();
        assertThat(all).doesNotHaveDuplicates();
        // Measured from the latest reading used (START + 598 ms) to the clock after the step (START - 400 ms).
        assertThat(events.regressions).containsExactly(Duration.ofMillis(998));
        assertThat(clock.monotonicNanos() - monotonic).isEqualTo(Duration.ofSeconds(2).toNanos());
    }

    @Test
    void stepBackOfOneHourFlipsButASecondFallIntoTheUsedWindowFailsAtOnce() {
        SnoGenerator generator = builder().build();
        Sno first = generator.next();
        clock.stepWallClock(Duration.ofHours(-1));
        Sno flipped = generator.next();
        clock.advance(Duration.ofMillis(10));
        generator.next();
        clock.stepWallClock(Duration.ofHours(-1));
        long monotonic = clock.monotonicNanos();

        assertThat(flipped.tickTock()).isOne();
        assertThat(flipped.units()).isEqualTo(first.units() - 900_000);
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("partition 7")
                .hasMessageContaining("maximum wait of PT2S")
                .hasMessageContaining("possible duplicate");
        assertThat(clock.monotonicNanos()).isEqualTo(monotonic);
        assertThat(events.regressions).containsExactly(Duration.ofHours(1), Duration.ofHours(1));
    }

    @Test
    void secondFallIntoTheUsedWindowWaitsForTheCurrentTimelineToCatchUp() {
        SnoGenerator generator = builder().build();
        Sno a = generator.next();                       // unit U, tick 0
        clock.stepWallClock(Duration.ofMillis(-8));
        Sno b = generator.next();                       // unit U-2, tick 1
        clock.stepWallClock(Duration.ofMillis(-4));     // unit U-3: tick 0 used it, tick 1 is at U-2
        long monotonic = clock.monotonicNanos();
        Sno c = generator.next();

        assertThat(b.units()).isEqualTo(START_UNITS - 2);
        assertThat(b.tickTock()).isOne();
        assertThat(c.units()).isEqualTo(START_UNITS - 2);
        assertThat(c.tickTock()).isOne();
        assertThat(c.sequence()).isEqualTo(b.sequence() + 1);
        assertThat(clock.monotonicNanos() - monotonic).isEqualTo(Duration.ofMillis(4).toNanos());
        assertThat(List.of(a, b, c)).doesNotHaveDuplicates();
        assertThat(events.regressions).containsExactly(Duration.ofMillis(8), Duration.ofMillis(4));
        assertThat(events.overflows).isEmpty();
    }

    @Test
    void secondFallWaitsOnlyUntilTheOtherTimelineIsFreeAndFlipsBack() {
        SnoGenerator generator = builder().build();
        Sno a = generator.next();                       // unit U, tick 0
        clock.stepWallClock(Duration.ofMillis(-8));
        generator.next();                               // unit U-2, tick 1
        clock.advance(Duration.ofMillis(20));
        Sno b = generator.next();                       // unit U+3, tick 1
        clock.stepWallClock(Duration.ofMillis(-12));    // unit U: both timelines used it
        long monotonic = clock.monotonicNanos();
        Sno c = generator.next();

        assertThat(b.units()).isEqualTo(START_UNITS + 3);
        assertThat(c.units()).isEqualTo(START_UNITS + 1); // tick 0 used nothing after U
        assertThat(c.tickTock()).isZero();
        assertThat(c.sequence()).isZero();
        assertThat(c).isGreaterThan(a);
        assertThat(clock.monotonicNanos() - monotonic).isEqualTo(Duration.ofMillis(4).toNanos());
        assertThat(generator.snapshot().drifts()).isEqualTo(2);
    }

    @Test
    void burstAboveTheCapacityOfAUnitStallsForTheNextUnitAndReportsOverflow() {
        SnoGenerator generator = builder().sequenceBounds(100, 103).build();
        List<Sno> ids = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            ids.add(generator.next());
        }

        assertThat(ids).isSorted().doesNotHaveDuplicates();
        for (int i = 0; i < 20; i++) {
            assertThat(ids.get(i).units()).isEqualTo(START_UNITS + i / 4);
            assertThat(ids.get(i).sequence()).isEqualTo(100 + i % 4);
        }
        assertThat(events.overflows).hasSize(4)
                .allSatisfy(waited -> assertThat(waited).isPositive().isLessThanOrEqualTo(Duration.ofMillis(4)));
        assertThat(events.regressions).isEmpty();
    }

    @Test
    void frozenClockFailsAfterTheMaximumWaitInsteadOfRepeating() {
        SnoGenerator generator = builder().sequenceBounds(0, 3).maxWait(Duration.ofMillis(50)).build();
        clock.freeze();
        Set<Sno> ids = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            assertThat(ids.add(generator.next())).isTrue();
        }
        long monotonic = clock.monotonicNanos();

        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("sequence of its 4 ms unit is used up")
                .hasMessageContaining("maximum wait of PT0.05S");
        assertThat(clock.monotonicNanos() - monotonic).isLessThanOrEqualTo(Duration.ofMillis(50).toNanos());
        clock.unfreeze().advance(Duration.ofMillis(4));
        assertThat(ids.add(generator.next())).isTrue();
    }

    @Test
    void wallClockOutsideTheSnoEraIsRefused() {
        SnoGenerator late = builder().clock(ManualClock.at(Instant.parse("2079-09-07T15:47:35.551Z"))).build();
        assertThat(late.next().units()).isEqualTo((1L << 39) - 1);
        SnoGenerator past = builder().clock(ManualClock.at(Instant.parse("2079-09-07T15:47:35.552Z"))).build();
        SnoGenerator early = builder().clock(ManualClock.at(Instant.parse("2009-12-31T23:59:59.999Z"))).build();

        assertThatThrownBy(past::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("outside the times a sno can hold");
        assertThatThrownBy(early::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("2009-12-31T23:59:59.999Z");
    }

    @Test
    void lastUnitUsedUpFailsRatherThanWrappingAround() {
        ManualClock end = ManualClock.at(Instant.parse("2079-09-07T15:47:35.548Z"));
        SnoGenerator generator = builder().clock(end).sequenceBounds(0, 3).build();
        for (int i = 0; i < 4; i++) {
            generator.next();
        }
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("outside the times a sno can hold");
    }

    @Test
    void nodeIdentityAndBoundsAreChecked() {
        assertThatThrownBy(() -> SnoGenerator.builder().partition(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("partition out of range [0, 65535]: -1");
        assertThatThrownBy(() -> SnoGenerator.builder().partition(65536))
                .hasMessage("partition out of range [0, 65535]: 65536");
        assertThatThrownBy(() -> SnoGenerator.builder().sequenceBounds(-1, 10))
                .hasMessage("sequence minimum out of range [0, 65535]: -1");
        assertThatThrownBy(() -> SnoGenerator.builder().sequenceBounds(0, 65536))
                .hasMessage("sequence maximum out of range [0, 65535]: 65536");
        assertThatThrownBy(() -> SnoGenerator.builder().sequenceBounds(20, 10))
                .hasMessage("sequence minimum 20 must not exceed the sequence maximum 10");
        assertThatThrownBy(() -> SnoGenerator.builder().sequenceBounds(10, 12))
                .hasMessage("sequence pool [10, 12] holds 3 numbers; a sno generator needs at least 4");
        assertThatThrownBy(() -> SnoGenerator.builder().maxWait(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(SnoGenerator.builder().sequenceBounds(65532, 65535).partition(65535).build().partition())
                .isEqualTo(65535);
        assertThatThrownBy(() -> SnoGenerator.builder().build()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("partition must be set");

        SnoGenerator generator = builder().build();
        assertThatThrownBy(() -> generator.next(256)).hasMessage("metabyte out of range [0, 255]: 256");
        assertThatThrownBy(() -> generator.next(-1)).hasMessage("metabyte out of range [0, 255]: -1");
        assertThat(generator.next(255).metabyte()).isEqualTo(255);
    }

    @Test
    void snapshotCapturesTheStateAndARestoredGeneratorContinuesTheSequence() {
        SnoGenerator generator = builder().sequenceBounds(10, 5000).build();
        assertThat(generator.snapshot()).isEqualTo(new SnoGenerator.Snapshot(7, 10, 5000, 10, null, 0, null));
        clock.advance(Duration.ofMillis(1));
        generator.next();
        Sno last = generator.next();
        SnoGenerator.Snapshot snapshot = generator.snapshot();

        assertThat(snapshot).isEqualTo(new SnoGenerator.Snapshot(7, 10, 5000, 11, START.plusMillis(1), 0, null));
        SnoGenerator restored = SnoGenerator.builder().clock(clock).restore(snapshot).build();
        Sno next = restored.next();
        assertThat(restored.partition()).isEqualTo(7);
        assertThat(next.units()).isEqualTo(last.units());
        assertThat(next.sequence()).isEqualTo(12);
    }

    @Test
    void restoredGeneratorWhoseClockFellBackDuringTheRestartIssuesNoDuplicate() {
        SnoGenerator generator = builder().build();
        Set<Sno> ids = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            ids.add(generator.next());
            clock.advance(Duration.ofMillis(1));
        }
        clock.stepWallClock(Duration.ofMillis(-50));
        for (int i = 0; i < 100; i++) {
            ids.add(generator.next());       // tick 1 from here
            clock.advance(Duration.ofMillis(1));
        }
        SnoGenerator.Snapshot snapshot = generator.snapshot();
        assertThat(snapshot.drifts()).isOne();
        assertThat(snapshot.safeTime()).isEqualTo(START.plusMillis(96));

        // Restart with the clock back in both used windows: the restored generator must wait, not repeat.
        clock.stepWallClock(Duration.ofMillis(-80));
        SnoGenerator restored = SnoGenerator.builder().clock(clock).restore(snapshot).build();
        for (int i = 0; i < 200; i++) {
            assertThat(ids.add(restored.next())).isTrue();
            clock.advance(Duration.ofMillis(1));
        }
        assertThat(ids).hasSize(400);
    }

    @Test
    void snapshotFromAnotherPartitionOrPoolIsRefused() {
        SnoGenerator.Snapshot snapshot = builder().sequenceBounds(0, 99).build().snapshot();
        assertThatThrownBy(() -> SnoGenerator.builder().partition(8).restore(snapshot).build())
                .hasMessage("partition 8 differs from the restored snapshot's partition 7");
        assertThatThrownBy(() -> SnoGenerator.builder().sequenceBounds(0, 100).restore(snapshot).build())
                .hasMessage("sequence bounds [0, 100] differ from the restored snapshot's [0, 99]");
        assertThatThrownBy(() -> new SnoGenerator.Snapshot(7, 0, 99, 100, START, 0, null))
                .hasMessage("sequence out of range [0, 99]: 100");
        assertThatThrownBy(() -> new SnoGenerator.Snapshot(7, 0, 99, 0, Instant.EPOCH, 0, null))
                .hasMessageStartingWith("lastTime: instant out of range");
    }

    /** Random clock steps, forwards and backwards, across several units and both timelines: never a duplicate. */
    @Property(tries = 200)
    void noDuplicateWhateverTheClockDoes(@ForAll @Size(max = 300) List<@IntRange(min = -40, max = 40) Integer> steps,
            @ForAll @IntRange(min = 0, max = 2) int calls) {
        ManualClock wobbly = ManualClock.at(START);
        SnoGenerator generator = SnoGenerator.builder().clock(wobbly).partition(0).sequenceBounds(0, 3)
                .maxWait(Duration.ofMinutes(1)).build();
        Set<Sno> seen = new HashSet<>();
        for (int step : steps) {
            wobbly.stepWallClock(Duration.ofMillis(step));
            for (int i = 0; i <= calls; i++) {
                Sno id = generator.next();
                assertThat(seen.add(id)).as("duplicate %s", id).isTrue();
                // sno stamps the clock's own unit, never a borrowed one.
                assertThat(id.units()).isEqualTo(Math.floorDiv(wobbly.wallTimeMillis() - 1_262_304_000_000L, 4));
            }
        }
    }
}
