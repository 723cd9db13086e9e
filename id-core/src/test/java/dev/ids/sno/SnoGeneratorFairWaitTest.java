package dev.ids.sno;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.ManualClock;
import dev.ids.testing.Callers;
import dev.ids.testing.HeldClock;
import dev.ids.testing.RecordingListener;
import dev.ids.testing.RivalledClock;
import dev.ids.testing.SimulatedClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Over capacity, calls wait their turn in arrival order and fail only when their turn lies beyond the maximum wait. */
class SnoGeneratorFairWaitTest {

    /** On a 4 ms unit boundary. */
    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    private static final long START_UNITS = 126_230_400_000L;

    private final ManualClock clock = ManualClock.at(START);
    private final RecordingListener events = new RecordingListener();

    @Test
    void aShardOfFourNumbersServes128ThreadsOf25CallsWithoutAnException() throws Exception {
        // 1,000 IDs a second; 128 calls outstanding at most, so no call waits longer than 128 ms of the 2 s allowed.
        SnoGenerator generator = SnoGenerator.builder().partition(7).sequenceBounds(0, 3).clock(clock)
                .listener(events).build();
        int threads = 128;
        int perThread = 25;
        Sno[][] ids = new Sno[threads][perThread];
        Callers.runTogether(threads, t -> {
            for (int i = 0; i < perThread; i++) {
                ids[t][i] = generator.next();
            }
        });

        assertThat(events.refusals).isEmpty();
        Set<Sno> distinct = new HashSet<>();
        for (Sno[] mine : ids) {
            assertThat(mine).isSorted(); // each thread's IDs increase
            distinct.addAll(List.of(mine));
        }
        assertThat(distinct).hasSize(threads * perThread);
        assertThat(events.overflows).isNotEmpty();
        assertThat(events.regressions).isEmpty();
    }

    @Test
    void aThreadThatAlwaysWakesLateStillGetsItsTurnWithinTheMaximumWait() throws Exception {
        // Simulated time, as real threads see it: 128 threads x 25 calls on a shard of 4 numbers per 4 ms, and one
        // thread the scheduler always wakes 1 ms late. Racing for numbers, that thread would lose every unit to the
        // others and fail after 2 s although the rate serves every call within 128 ms.
        int threads = 128;
        int perThread = 25;
        SimulatedClock simulated = new SimulatedClock(START, threads);
        SnoGenerator generator = SnoGenerator.builder().partition(7).sequenceBounds(0, 3).clock(simulated)
                .listener(events).build();
        Sno[][] ids = new Sno[threads][perThread];
        Callers.runWithOneLate(simulated, threads, 1_000_000, t -> {
            for (int i = 0; i < perThread; i++) {
                ids[t][i] = generator.next();
            }
        });

        assertThat(events.refusals).isEmpty();
        Set<Sno> distinct = new HashSet<>();
        for (Sno[] mine : ids) {
            distinct.addAll(List.of(mine));
        }
        assertThat(distinct).hasSize(threads * perThread);
        assertThat(Duration.ofNanos(simulated.monotonicNanos())).as("all served at the rate")
                .isLessThan(Duration.ofMillis(3300));
    }

    @Test
    void aCallThatWaitsIsNotOvertakenByOneThatArrivesWhileItWaits() {
        RivalledClock<Sno> rivalled = new RivalledClock<>(clock);
        SnoGenerator generator = SnoGenerator.builder().partition(7).sequenceBounds(0, 3).clock(rivalled)
                .listener(events).build();
        rivalled.rival(generator::next);
        for (int i = 0; i < 4; i++) {
            generator.next(); // uses up the first unit
        }

        Sno caller = generator.next();

        assertThat(caller.units()).isEqualTo(START_UNITS + 1);
        assertThat(caller.sequence()).as("the caller came first").isZero();
        assertThat(rivalled.rivalResult().units()).isEqualTo(START_UNITS + 1);
        assertThat(rivalled.rivalResult().sequence()).isOne();
        assertThat(events.refusals).isEmpty();
    }

    @Test
    void queuedCallsAreServedInArrivalOrderAndOneBeyondTheMaximumWaitIsRefusedForCapacity() throws Exception {
        try (HeldClock held = new HeldClock(clock)) {
            SnoGenerator generator = SnoGenerator.builder().partition(7).sequenceBounds(0, 3).clock(held)
                    .listener(events).maxWait(Duration.ofMillis(4)).build();
            for (int i = 0; i < 4; i++) {
                generator.next(); // uses up the first unit
            }
            List<Future<Sno>> queued = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                queued.add(held.queue(generator::next)); // this call holds its number and waits
            }
            Future<Sno> late = held.submit(generator::next); // its number would lie 8 ms ahead

            assertThatThrownBy(() -> late.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(IdGenerationException.class)
                    .cause().hasMessageContaining("sno generator (partition 7)")
                    .hasMessageContaining("over capacity at 4 per 4 ms (1000 per second)")
                    .hasMessageContaining("PT0.008S ahead of the clock")
                    .hasMessageContaining("beyond the maximum wait of PT0.004S")
                    .hasMessageNotContainingAny("stands", "fell back");
            held.release();
            for (int i = 0; i < 4; i++) {
                Sno served = queued.get(i).get(10, TimeUnit.SECONDS);
                assertThat(served.units()).isEqualTo(START_UNITS + 1);
                assertThat(served.sequence()).as("call #%d", i).isEqualTo(i);
            }
        }
        assertThat(events.overflows).hasSize(4);
        assertThat(events.refusals).hasSize(1);
        assertThat(events.regressions).isEmpty();
    }

    @Test
    void aClockFarBehindBothTimelinesIsRefusedSayingClock() {
        SnoGenerator generator = SnoGenerator.builder().partition(7).clock(clock).listener(events).build();
        generator.next();
        clock.stepWallClock(Duration.ofHours(-1));
        generator.next(); // flips to the other timeline
        clock.stepWallClock(Duration.ofHours(-1));

        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("the wall clock fell back into 4 ms units both tick-tock timelines have "
                        + "already used")
                .hasMessageContaining("PT1H ahead").hasMessageContaining("beyond the maximum wait of PT2S")
                .hasMessageNotContaining("capacity");
        assertThat(events.regressions).containsExactly(Duration.ofHours(1), Duration.ofHours(1));
        assertThat(events.overflows).isEmpty();
    }
}
