package dev.ids.sequence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.ManualClock;
import dev.ids.testing.FakeNodeLease;
import dev.ids.testing.RecordingListener;
import org.junit.jupiter.api.Test;

class LeasedSequenceTest {

    private final ManualClock clock = ManualClock.atEpochMillis(1_700_000_000_000L);
    private final RecordingListener events = new RecordingListener();

    private TimeSequence.Builder sequence(String description) {
        return TimeSequence.builder(description).clock(clock).listener(events)
                .timeBase(TimeSequence.Resolution.MILLIS, 0, 1000).sequence(0, 9);
    }

    @Test
    void withoutALeaseItIsTheBareSequence() {
        LeasedSequence<TimeSequence> leased = LeasedSequence.build(sequence("bare"), null);
        long slot = leased.next();
        assertThat(leased.sequence().unitOf(slot)).isEqualTo(1_700_000_000L);
        assertThat(leased.sequence().sequenceOf(slot)).isZero();
    }

    @Test
    void aSlotLeavesOnlyOnceTheMarkCoversTheLastMillisecondOfItsUnit() {
        FakeNodeLease lease = new FakeNodeLease(3);
        LeasedSequence<TimeSequence> leased = LeasedSequence.build(sequence("covered"), lease);
        clock.advance(java.time.Duration.ofMillis(250));
        long slot = leased.next();
        long lastMillis = leased.sequence().lastMillisOfSlot(slot);
        assertThat(lastMillis).isEqualTo(1_700_000_000_999L);
        assertThat(lease.highWaterMarkMillis()).isGreaterThanOrEqualTo(lastMillis);
    }

    @Test
    void aLeaseNotHeldRefusesAfterTheSlotsClockReadingAndNoRefusedSlotLeaves() {
        FakeNodeLease lease = new FakeNodeLease(3);
        LeasedSequence<TimeSequence> leased = LeasedSequence.build(sequence("fenced"), lease);
        lease.held(false);
        assertThatThrownBy(leased::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("not held").hasMessageContaining("fenced");
        assertThatThrownBy(() -> leased.take(s -> s.reserve(5))).isInstanceOf(IdGenerationException.class);
        assertThat(events.refusals).hasSize(2);
        lease.held(true);
        // The lease is checked once, after the slot is taken (one monotonic clock reading per ID): the refused
        // calls used up their slots, which never leave, so the next slot handed out comes after them.
        assertThat(leased.sequence().sequenceOf(leased.next())).isEqualTo(6);
    }

    @Test
    void theSequenceStartsAfterTheLeasesMarkUnit() {
        FakeNodeLease lease = new FakeNodeLease(3).mark(1_700_000_000_500L);
        LeasedSequence<TimeSequence> leased = LeasedSequence.build(sequence("after the mark")
                .maxWait(java.time.Duration.ofSeconds(2)), lease);
        long slot = leased.next();
        assertThat(leased.sequence().unitOf(slot)).isEqualTo(1_700_000_001L);
        assertThat(events.markWaits).isNotEmpty();
    }

    @Test
    void aLeaseServesOneSequence() {
        FakeNodeLease lease = new FakeNodeLease(3);
        LeasedSequence.build(sequence("first"), lease);
        assertThatThrownBy(() -> LeasedSequence.build(sequence("second"), lease))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("serves another generator");
    }
}
