package dev.ids.attempt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.MonitoredIdGenerator;
import dev.ids.clock.ManualClock;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.HeldClock;
import dev.ids.testing.RecordingListener;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Future;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The non-waiting attempt ({@code tryNext}) of the sequenced generators: it issues what a time unit offers, then
 * says "would wait" where {@code next()} waits (over capacity, a clock behind a used-up unit, calls queued for later
 * units), without pausing; its IDs and {@code next()}'s never meet.
 */
class TryNextTest {

    /** Inside a second, so that the attempts below all fall into one unit of every scheme. */
    private static final Instant START = Instant.parse("2026-05-01T12:00:00.500Z");

    private final ManualClock clock = ManualClock.at(START);
    private final RecordingListener events = new RecordingListener();

    @ParameterizedTest
    @EnumSource(SequencedScheme.class)
    void overCapacityAnAttemptSaysWouldWaitInsteadOfWaiting(SequencedScheme scheme) {
        MonitoredIdGenerator<?> generator = scheme.build(clock, events);

        Comparable<Object> last = issueUnitByAttempts(scheme, generator);

        // No pause: a pause of the manual clock moves its monotonic time.
        assertThat(clock.monotonicNanos()).isZero();
        assertThat(clock.instant()).isEqualTo(START);
        assertThat(events.overflows).isEmpty();
        assertThat(generator.generatedCount()).isEqualTo(scheme.perUnit());
        // next() waits for the following unit, and its ID comes after (so is none of) the attempts' IDs.
        Object waited = generator.next();
        assertThat(last.compareTo(waited)).isNegative();
        assertThat(clock.monotonicNanos()).isPositive();
        assertThat(events.overflows).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(SequencedScheme.class)
    void withTheClockBehindAUsedUpUnitAnAttemptRefuses(SequencedScheme scheme) {
        MonitoredIdGenerator<?> generator = scheme.build(clock, events);
        issueUnitByAttempts(scheme, generator);

        clock.stepWallClock(scheme.unit().multipliedBy(-3));

        assertThat(generator.tryNext()).isNull();
        assertThat(clock.monotonicNanos()).isZero();
        assertThat(events.regressionWaits).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(SequencedScheme.class)
    void anAttemptIsNeverServedBeforeACallWaitingItsTurn(SequencedScheme scheme) throws Exception {
        try (HeldClock held = new HeldClock(clock)) {
            MonitoredIdGenerator<?> generator = scheme.build(held, events);
            Comparable<Object> last = issueUnitByAttempts(scheme, generator);
            // It takes its place for the next unit, and waits (held) for the clock to reach it.
            Future<Object> waiting = held.queue(generator::next);

            clock.stepWallClock(scheme.unit()); // the clock reaches that unit before the waiting call wakes
            Object attempt = generator.tryNext();
            held.release();
            @SuppressWarnings("unchecked")
            Comparable<Object> first = (Comparable<Object>) waiting.get();

            assertThat(last.compareTo(first)).isNegative();
            if (scheme == SequencedScheme.TRACE_ID || scheme == SequencedScheme.MUID) {
                // TraceId: the waiting call holds the refill lock for the new second's first chunk; muid: the new
                // microsecond's one slot is the waiting call's.
                assertThat(attempt).isNull();
            } else {
                // A later number of the same unit: the waiting call's comes first.
                assertThat(attempt).isNotNull();
                assertThat(first.compareTo(attempt)).isNegative();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = SequencedScheme.class, names = {"TRACE_ID", "LABLE"})
    void withTheClockBehindAUnitThatHasNumbersLeftAnAttemptGoesOnWithoutWaitingAsNextDoes(SequencedScheme scheme) {
        MonitoredIdGenerator<?> generator = scheme.build(clock, events);
        @SuppressWarnings("unchecked")
        Comparable<Object> first = (Comparable<Object>) generator.tryNext();

        clock.stepWallClock(Duration.ofMillis(-1));
        Object second = generator.tryNext();

        assertThat(second).isNotNull();
        assertThat(first.compareTo(second)).isNegative();
        assertThat(clock.monotonicNanos()).isZero();
    }

    @ParameterizedTest
    @EnumSource(value = SequencedScheme.class, names = "SNO")
    void snoLeavesAFlipOfTheTickTockBitToNext(SequencedScheme scheme) {
        SnoGenerator generator = (SnoGenerator) scheme.build(clock, events);
        Sno before = generator.tryNext();

        clock.stepWallClock(Duration.ofMillis(-1)); // back into the unit before: a flip takes the timelines' lock

        assertThat(generator.tryNext()).isNull();
        Sno flipped = generator.next();
        assertThat(flipped.tickTock()).isNotEqualTo(before.tickTock());
        assertThat(clock.monotonicNanos()).isZero();
    }

    /**
     * Issues one whole unit by attempts: exactly as many as the scheme offers, each greater than the one before
     * (so all distinct), then an attempt that says "would wait".
     */
    @SuppressWarnings("unchecked")
    private static Comparable<Object> issueUnitByAttempts(SequencedScheme scheme, MonitoredIdGenerator<?> generator) {
        Comparable<Object> last = null;
        for (int i = 0; i < scheme.perUnit(); i++) {
            Object id = generator.tryNext();
            if (id == null) {
                throw new AssertionError("attempt " + (i + 1) + " of " + scheme.perUnit() + " said it would wait");
            }
            if (last != null && last.compareTo(id) >= 0) {
                throw new AssertionError("attempt " + (i + 1) + " gave " + id + ", not above " + last);
            }
            last = (Comparable<Object>) id;
        }
        assertThat(generator.tryNext()).as("the attempt after the unit's last ID").isNull();
        return last;
    }
}
