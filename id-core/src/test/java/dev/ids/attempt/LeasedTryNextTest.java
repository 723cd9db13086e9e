package dev.ids.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.MonitoredIdGenerator;
import dev.ids.clock.ManualClock;
import dev.ids.node.LeaseFence;
import dev.ids.testing.FakeNodeLease;
import dev.ids.testing.RecordingListener;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The attempt of a generator fenced by a node lease: it leaves every write of the lease's high-water mark, and
 * every wait for the clock to pass the mark it started from, to {@code next()}, and fails as {@code next()} does
 * when the lease is not held.
 */
class LeasedTryNextTest {

    private static final Instant START = Instant.parse("2026-05-01T12:00:00.500Z");

    private final ManualClock clock = ManualClock.at(START);
    private final RecordingListener events = new RecordingListener();

    @ParameterizedTest
    @EnumSource(SequencedScheme.class)
    void theMarksWritesAreLeftToNextAndAttemptsFollowOnceItCoversTheirTime(SequencedScheme scheme) throws Exception {
        FakeNodeLease lease = new FakeNodeLease(7);
        MonitoredIdGenerator<?> generator = scheme.build(clock, events, lease);

        // Nothing written yet: the attempt starts no write, and next() writes the first step.
        assertThat(generator.tryNext()).isNull();
        assertThat(lease.attempts).hasValue(0);
        Object first = generator.next();
        assertThat(lease.advances).hasSize(1);
        clock.stepWallClock(Duration.ofMillis(1)); // a moment later: muid issues one ID per microsecond
        Object attempted = generator.tryNext();
        assertThat(attempted).isNotNull().isNotEqualTo(first);

        // Within the margin of the written mark the attempt refuses, so that next() writes the next step ahead.
        long written = lease.advances.get(0);
        clock.setWallClock(Instant.ofEpochMilli(written - LeaseFence.MARGIN_MILLIS + 1));
        assertThat(generator.tryNext()).isNull();
        assertThat(lease.attempts).hasValue(1);
        generator.next();
        awaitAdvances(lease, 2);
        clock.stepWallClock(Duration.ofMillis(1));
        assertThat(generator.tryNext()).isNotNull();
        assertThat(lease.highWaterMarkMillis()).isGreaterThan(written);
        assertThat(clock.monotonicNanos()).as("no pause of the clock").isZero();
    }

    @ParameterizedTest
    @EnumSource(SequencedScheme.class)
    void beforeTheClockPassesTheStartMarkAnAttemptSaysWouldWait(SequencedScheme scheme) {
        FakeNodeLease lease = new FakeNodeLease(7).mark(START.toEpochMilli() + 100);
        MonitoredIdGenerator<?> generator = scheme.build(clock, events, lease);

        assertThat(generator.tryNext()).isNull();
        assertThat(clock.monotonicNanos()).isZero();
        assertThat(events.markWaits).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(SequencedScheme.class)
    void aLeaseNotHeldFailsTheAttemptAsItFailsNext(SequencedScheme scheme) {
        FakeNodeLease lease = new FakeNodeLease(7);
        MonitoredIdGenerator<?> generator = scheme.build(clock, events, lease);
        generator.next();
        lease.held(false);

        assertThatThrownBy(generator::tryNext).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("not held");
        assertThat(events.refusals).hasSize(1);
    }

    private static void awaitAdvances(FakeNodeLease lease, int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (lease.advances.size() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the mark was not written ahead within 10 s: " + lease.advances);
            }
            Thread.sleep(1);
        }
        Thread.sleep(20); // the writer publishes the mark to the fence just after the store has it
    }
}
