package dev.ids.sequence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.IdClock;
import dev.ids.clock.ManualClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.testing.RecordingListener;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
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
                .hasMessageContaining("test sequence").hasMessageContaining("maximum wait of PT1S");
        assertThat(events.regressions).containsExactly(Duration.ofHours(1));
    }

    @Test
    void frozenClockFailsAfterTheMaximumWait() {
        TimeSequence sequence = TimeSequence.builder("test sequence").clock(clock)
                .sequence(0, 0).maxWait(Duration.ofMillis(50)).build();
        sequence.next();
        clock.freeze();

        assertThatThrownBy(sequence::next).isInstanceOf(IdGenerationException.class);
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
    void waitsOfOneCallAddUpToTheMaximumWaitAtMost() {
        // Each time the caller pauses, a rival takes the one slot of the unit it waits for.
        AtomicReference<TimeSequence> shared = new AtomicReference<>();
        IdClock rivalled = new IdClock() {
            @Override
            public long wallTimeMicros() {
                return clock.wallTimeMicros();
            }

            @Override
            public long monotonicNanos() {
                return clock.monotonicNanos();
            }

            @Override
            public void pause(long nanos) {
                clock.pause(nanos);
                shared.get().next();
            }
        };
        shared.set(TimeSequence.builder("contested").clock(rivalled).sequence(0, 0)
                .timeBase(TimeSequence.Resolution.MILLIS, 0, 100).maxWait(Duration.ofMillis(250)).build());
        shared.get().next();
        long start = clock.monotonicNanos();

        assertThatThrownBy(shared.get()::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("maximum wait of PT0.25S");
        assertThat(clock.monotonicNanos() - start).isLessThanOrEqualTo(Duration.ofMillis(250).toNanos());
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
        TimeSequence sequence = TimeSequence.builder("test").clock(clock)
                .timeBase(TimeSequence.Resolution.MILLIS, 0, 1000).sequence(0, 9)
                .notBefore(10_500).maxWait(Duration.ofSeconds(2)).build();
        long slot = sequence.next();
        assertThat(sequence.unitOf(slot)).isEqualTo(11);
        assertThat(sequence.sequenceOf(slot)).isZero();
        assertThat(clock.instant().toEpochMilli()).isEqualTo(11_000);
    }

    @Test
    void notBeforeFurtherAheadThanTheMaximumWaitRefuses() {
        ManualClock clock = ManualClock.atEpochMillis(10_000);
        TimeSequence sequence = TimeSequence.builder("test").clock(clock)
                .notBefore(20_000).maxWait(Duration.ofSeconds(2)).build();
        assertThatThrownBy(sequence::next).isInstanceOf(IdGenerationException.class);
        clock.advance(Duration.ofSeconds(10));
        assertThat(sequence.unitOf(sequence.next())).isEqualTo(20_001);
    }

    @Test
    void aTimeSequenceRejectsALease() {
        assertThatThrownBy(() -> TimeSequence.builder("test").lease(new dev.ids.testing.FakeNodeLease(1)).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("takes no lease");
    }
}
