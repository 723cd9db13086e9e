package dev.ids.sequence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.ManualClock;
import dev.ids.testing.Callers;
import dev.ids.testing.CostlyReadingClock;
import dev.ids.testing.HeldClock;
import dev.ids.testing.RecordingListener;
import dev.ids.testing.RivalledClock;
import dev.ids.testing.SimulatedClock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class TimeSequenceTest {

    private final ManualClock clock = ManualClock.at(Instant.parse("2026-01-01T00:00:00Z"));
    private final RecordingListener events = new RecordingListener();

    private TimeSequence sequence(int min, int max) {
        return TimeSequence.builder("test sequence").clock(clock).listener(events)
                .timeBase(TimeSequence.Resolution.MILLIS, 0, 4).sequence(min, max).build();
    }

    @Test
    void firstSlotOfEachUnitStartsAtTheMinimum() {
        TimeSequence sequence = sequence(10, 20);
        long first = sequence.next();
        long second = sequence.next();
        clock.advance(Duration.ofMillis(4));
        long nextUnit = sequence.next();

        assertThat(sequence.sequenceOf(first)).isEqualTo(10);
        assertThat(sequence.sequenceOf(second)).isEqualTo(11);
        assertThat(sequence.unitOf(nextUnit)).isEqualTo(sequence.unitOf(first) + 1);
        assertThat(sequence.sequenceOf(nextUnit)).isEqualTo(10);
    }

    @Test
    void usedUpUnitWaitsForTheNextAndReportsOverflow() {
        TimeSequence sequence = sequence(0, 3);
        long unit = sequence.unitOf(sequence.next());
        for (int i = 0; i < 3; i++) {
            sequence.next();
        }
        long afterOverflow = sequence.next();

        assertThat(sequence.unitOf(afterOverflow)).isEqualTo(unit + 1);
        assertThat(sequence.sequenceOf(afterOverflow)).isZero();
        assertThat(events.overflows).hasSize(1);
        assertThat(events.overflows.get(0)).isPositive().isLessThanOrEqualTo(Duration.ofMillis(4));
    }

    @Test
    void usedUpUnitWaitsOnlyUntilTheNextUnitStarts() {
        ManualClock midMilli = ManualClock.at(Instant.parse("2026-01-01T00:00:00.000300Z"));
        TimeSequence sequence = TimeSequence.builder("test sequence").clock(midMilli).listener(events)
                .timeBase(TimeSequence.Resolution.MILLIS, 0, 1).sequence(0, 0).build();
        long first = sequence.next();
        long second = sequence.next();

        assertThat(sequence.unitOf(second)).isEqualTo(sequence.unitOf(first) + 1);
        assertThat(events.overflows).containsExactly(Duration.ofNanos(700_000));
        assertThat(midMilli.instant()).isEqualTo(Instant.parse("2026-01-01T00:00:00.001Z"));
    }

    @Test
    void clockStepBackContinuesTheLatestUnitAndReportsOnce() {
        TimeSequence sequence = sequence(0, 1000);
        long before = sequence.next();
        clock.stepWallClock(Duration.ofMillis(-9));
        long after1 = sequence.next();
        long after2 = sequence.next();

        assertThat(sequence.unitOf(after1)).isEqualTo(sequence.unitOf(before));
        assertThat(sequence.sequenceOf(after1)).isEqualTo(1);
        assertThat(sequence.sequenceOf(after2)).isEqualTo(2);
        assertThat(events.regressions).containsExactly(Duration.ofMillis(9));
    }

    @Test
    void clockFarBehindFailsAtOnceInsteadOfIssuingADuplicate() {
        TimeSequence sequence = TimeSequence.builder("test sequence").clock(clock).listener(events)
                .sequence(0, 0).maxWait(Duration.ofSeconds(1)).build();
        sequence.next();
        clock.stepWallClock(Duration.ofHours(-1));

        assertThatThrownBy(sequence::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("test sequence: the wall clock (")
                .hasMessageContaining("stands PT1H behind the latest time it read")
                .hasMessageContaining("maximum wait of PT1S").hasMessageNotContaining("capacity");
        assertThat(events.regressions).containsExactly(Duration.ofHours(1));
        assertThat(events.overflows).isEmpty();
    }

    @Test
    void frozenClockFailsAfterTheMaximumWaitAndHandsItsSlotBack() {
        TimeSequence sequence = TimeSequence.builder("test sequence").clock(clock)
                .sequence(0, 0).maxWait(Duration.ofMillis(50)).build();
        long unit = sequence.unitOf(sequence.next());
        clock.freeze();

        assertThatThrownBy(sequence::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("waited PT0.05S of its maximum wait of PT0.05S for the wall clock to reach")
                .hasMessageContaining("it stood still or stepped back");
        clock.unfreeze();
        assertThat(sequence.unitOf(sequence.next())).isEqualTo(unit + 1);
    }

    @Test
    void clockBeforeTheEpochIsRefused() {
        TimeSequence sequence = TimeSequence.builder("test sequence").clock(clock)
                .timeBase(TimeSequence.Resolution.MILLIS, clock.wallTimeMillis() + 1, 1).build();

        assertThatThrownBy(sequence::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("outside the times this scheme can represent");
    }

    @Property(tries = 50)
    void slotsNeverRepeatWhateverTheClockDoes(@ForAll List<@IntRange(min = -20, max = 20) Integer> stepsMillis) {
        ManualClock wobbly = ManualClock.at(Instant.parse("2026-01-01T00:00:00Z"));
        TimeSequence sequence = TimeSequence.builder("test").clock(wobbly).sequence(0, 2)
                .timeBase(TimeSequence.Resolution.MILLIS, 0, 4).maxWait(Duration.ofMinutes(1)).build();
        Set<Long> seen = new HashSet<>();
        for (int step : stepsMillis) {
            wobbly.stepWallClock(Duration.ofMillis(step));
            long slot = sequence.next();
            assertThat(seen.add(sequence.unitOf(slot) << 8 | sequence.sequenceOf(slot))).isTrue();
        }
    }

    @Test
    void reserveHandsOutWhatIsLeftOfTheUnit() {
        TimeSequence sequence = sequence(0, 63);
        long first = sequence.reserve(50);
        long rest = sequence.reserve(50);
        long next = sequence.next();

        assertThat(sequence.sequenceOf(first)).isZero();
        assertThat(sequence.sequenceOf(rest)).isEqualTo(50);
        assertThat(sequence.unitOf(next)).isEqualTo(sequence.unitOf(first) + 1);
    }

    @Test
    void reservingFewerThanOneSlotIsRefused() {
        TimeSequence sequence = sequence(0, 3);

        assertThatThrownBy(() -> sequence.reserve(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("slots wanted out of range [1, 2147483647]: 0");
    }

    @Test
    void aCallThatWaitsIsNotOvertakenByOneThatArrivesWhileItWaits() {
        // While the caller pauses for the next unit, a rival asks for a slot too.
        RivalledClock<Long> rivalled = new RivalledClock<>(clock);
        TimeSequence sequence = TimeSequence.builder("contested").clock(rivalled).listener(events).sequence(0, 0)
                .timeBase(TimeSequence.Resolution.MILLIS, 0, 100).maxWait(Duration.ofMillis(250)).build();
        rivalled.rival(sequence::next);
        long unit = sequence.unitOf(sequence.next());

        long caller = sequence.next();

        assertThat(sequence.unitOf(caller)).as("the caller came first").isEqualTo(unit + 1);
        assertThat(sequence.unitOf(rivalled.rivalResult())).isEqualTo(unit + 2);
        assertThat(events.overflows).hasSize(2);
        assertThat(events.refusals).isEmpty();
    }

    @Test
    void queuedCallsAreServedInArrivalOrderAndOneBeyondTheMaximumWaitIsRefusedForCapacity() throws Exception {
        try (HeldClock held = new HeldClock(clock)) {
            TimeSequence sequence = TimeSequence.builder("lined up").clock(held).listener(events).sequence(0, 0)
                    .timeBase(TimeSequence.Resolution.MILLIS, 0, 1).maxWait(Duration.ofMillis(2)).build();
            long unit = sequence.unitOf(sequence.next());
            Future<Long> first = held.queue(sequence::next);
            Future<Long> second = held.queue(sequence::next);
            Future<Long> third = held.submit(sequence::next); // its slot would lie 3 ms ahead

            assertThatThrownBy(() -> third.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(IdGenerationException.class)
                    .cause().hasMessageContaining("lined up: over capacity at 1 per 1 ms (1000 per second)")
                    .hasMessageContaining("PT0.003S ahead of the clock")
                    .hasMessageContaining("beyond the maximum wait of PT0.002S")
                    .hasMessageNotContainingAny("clock stands", "behind");
            held.release();
            assertThat(sequence.unitOf(first.get(10, TimeUnit.SECONDS))).isEqualTo(unit + 1);
            assertThat(sequence.unitOf(second.get(10, TimeUnit.SECONDS))).isEqualTo(unit + 2);
        }
        assertThat(events.overflows).hasSize(2); // how long each took depends on the other's pauses
        assertThat(events.regressions).isEmpty();
    }

    @Test
    void manyThreadsOverCapacityWaitTheirTurnWithoutAnException() throws Exception {
        // 4 slots per 4 ms: 128 threads x 25 slots is 3.2 s of capacity, each call waiting at most 128 ms.
        TimeSequence sequence = sequence(0, 3);
        int threads = 128;
        int perThread = 25;
        long[][] slots = new long[threads][perThread];
        Callers.run(threads, t -> {
            for (int i = 0; i < perThread; i++) {
                long slot = sequence.next();
                slots[t][i] = sequence.unitOf(slot) << 2 | sequence.sequenceOf(slot);
            }
        });
        assertThat(events.refusals).isEmpty();
        assertThat(events.regressions).as("a shared clock that only moves forwards").isEmpty();
        Set<Long> distinct = new HashSet<>();
        for (long[] mine : slots) {
            for (long slot : mine) {
                distinct.add(slot);
            }
        }
        assertThat(distinct).hasSize(threads * perThread);
    }

    @Test
    void aThreadThatAlwaysWakesLateStillGetsItsTurnWithinTheMaximumWait() throws Exception {
        // Simulated time, as real threads see it: 128 threads x 25 calls at 4 slots per 4 ms, and one thread the
        // scheduler always wakes 1 ms late, which would lose every unit to the others if they raced for slots.
        int threads = 128;
        int perThread = 25;
        SimulatedClock simulated = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"), threads);
        TimeSequence sequence = TimeSequence.builder("simulated").clock(simulated).listener(events)
                .timeBase(TimeSequence.Resolution.MILLIS, 0, 4).sequence(0, 3).build();
        Set<Long> slots = java.util.concurrent.ConcurrentHashMap.newKeySet();
        Callers.runWithOneLate(simulated, threads, 1_000_000, t -> {
            for (int i = 0; i < perThread; i++) {
                long slot = sequence.next();
                slots.add(sequence.unitOf(slot) << 2 | sequence.sequenceOf(slot));
            }
        });

        assertThat(events.refusals).isEmpty();
        assertThat(slots).hasSize(threads * perThread);
    }

    @Test
    void aSaturatedMicrosecondSequenceIssuesInEveryMicrosecond() {
        // Each reading of the clock costs 150 ns, as on a real machine.
        CostlyReadingClock costly = new CostlyReadingClock(1_767_225_600_000_000L, 150);
        TimeSequence sequence = TimeSequence.builder("saturated").clock(costly).listener(events)
                .timeBase(TimeSequence.Resolution.MICROS, 0, 1).sequence(0, 0).build();
        long first = sequence.unitOf(sequence.next());
        for (int i = 1; i < 10_000; i++) {
            long unit = sequence.unitOf(sequence.next());
            if (unit != first + i) {
                throw new AssertionError("call #" + i + " got microsecond " + (unit - first) + ": skipped "
                        + (unit - first - i) + " since the first");
            }
        }
        assertThat(events.overflows).hasSize(9_999);
    }

    @Test
    void clockCenturiesBehindFailsInsteadOfOverflowing() {
        ManualClock farFuture = ManualClock.at(Instant.parse("2600-01-01T00:00:00Z"));
        TimeSequence sequence = TimeSequence.builder("test sequence").clock(farFuture).sequence(0, 0).build();
        sequence.next();
        farFuture.setWallClock(Instant.parse("1975-01-01T00:00:00Z"));

        assertThatThrownBy(sequence::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("beyond the maximum wait");
    }

    @Test
    void manyThreadsMixingNextAndReserveNeverShareASlot() throws Exception {
        TimeSequence sequence = TimeSequence.builder("shared").sequence(0, 3)
                .timeBase(TimeSequence.Resolution.MICROS, 0, 1).maxWait(Duration.ofSeconds(10)).build();
        int threads = 8;
        int perThread = 20_000;
        long[][] keys = new long[threads][];
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int index = t;
            workers[t] = new Thread(() -> {
                long[] mine = new long[perThread * 3];
                int n = 0;
                for (int i = 0; i < perThread; i++) {
                    int wanted = index % 2 == 0 ? 1 : 1 + i % 3;
                    long first = sequence.reserve(wanted);
                    int count = Math.min(wanted, 3 - sequence.sequenceOf(first) + 1);
                    for (int k = 0; k < count; k++) {
                        mine[n++] = sequence.unitOf(first) << 2 | (sequence.sequenceOf(first) + k);
                    }
                }
                keys[index] = java.util.Arrays.copyOf(mine, n);
            });
            workers[t].start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        long[] all = java.util.Arrays.stream(keys).flatMapToLong(java.util.Arrays::stream).sorted().toArray();
        for (int i = 1; i < all.length; i++) {
            assertThat(all[i]).as("slot issued twice").isNotEqualTo(all[i - 1]);
        }
    }

    @Test
    void notBeforeStartsAfterTheUnitOfTheReadingAndWaitsForTheClockToPassIt() {
        ManualClock clock = ManualClock.atEpochMillis(10_000);
        TimeSequence sequence = TimeSequence.builder("test").clock(clock).listener(events)
                .timeBase(TimeSequence.Resolution.MILLIS, 0, 1000).sequence(0, 9)
                .notBefore(10_500).maxWait(Duration.ofSeconds(2)).build();
        long slot = sequence.next();
        assertThat(sequence.unitOf(slot)).isEqualTo(11);
        assertThat(sequence.sequenceOf(slot)).isZero();
        assertThat(clock.instant().toEpochMilli()).isEqualTo(11_000);
        assertThat(events.markWaits).as("a wait for the mark").containsExactly(Duration.ofSeconds(1));
        assertThat(events.regressions).as("the clock never read the mark: no regression").isEmpty();
        assertThat(events.overflows).isEmpty();
        assertThat(sequence.lead()).isZero();
    }

    @Test
    void notBeforeFurtherAheadThanTheMaximumWaitRefuses() {
        ManualClock clock = ManualClock.atEpochMillis(10_000);
        TimeSequence sequence = TimeSequence.builder("test").clock(clock).listener(events)
                .notBefore(20_000).maxWait(Duration.ofSeconds(2)).build();
        assertThatThrownBy(sequence::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("high-water mark").hasMessageContaining("PT10.001S ahead")
                .hasMessageContaining("maximum wait of PT2S").hasMessageNotContaining("capacity");
        assertThat(events.regressions).isEmpty();
        clock.advance(Duration.ofSeconds(10));
        assertThat(sequence.unitOf(sequence.next())).isEqualTo(20_001);
    }

    @Test
    void aTimeSequenceTakesNoLease() {
        // Its builder no longer inherits the generators' settings, so there is no lease(...) left to refuse: a
        // lease reaches a sequence only through LeasedSequence.
        assertThat(java.util.Arrays.stream(TimeSequence.Builder.class.getMethods()).map(java.lang.reflect.Method::getName))
                .doesNotContain("lease");
    }
}
