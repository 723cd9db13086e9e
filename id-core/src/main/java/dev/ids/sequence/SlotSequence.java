package dev.ids.sequence;

import java.time.Duration;

/**
 * A source of unique (time, sequence) slots: what a {@link LeasedSequence} fences. {@link TimeSequence} is the one
 * every time-ordered generator uses; sno's tick-tock sequence is the other.
 */
public interface SlotSequence {

    /**
     * Issues one slot that was never issued before; may wait for the clock, within the sequence's maximum wait.
     *
     * @return the slot, in the sequence's own encoding
     * @throws dev.ids.IdGenerationException when no slot can be issued within the maximum wait
     */
    long next();

    /**
     * Returns the last millisecond of the time unit a slot lies in: the time a lease's high-water mark must cover
     * before the slot's ID is returned.
     *
     * @param slot a slot from this sequence
     * @return the millisecond, since the Unix epoch
     */
    long lastMillisOfSlot(long slot);

    /**
     * Returns how far the wall clock now stands behind the latest time this sequence used.
     *
     * @return the lead, never negative
     */
    Duration lead();
}
