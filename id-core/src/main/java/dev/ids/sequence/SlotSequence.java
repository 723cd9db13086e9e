package dev.ids.sequence;

import java.time.Duration;

/**
 * A source of unique (time, sequence) slots: what a {@link LeasedSequence} fences. {@link TimeSequence} is the one
 * every time-ordered generator uses; sno's tick-tock sequence is the other.
 */
public interface SlotSequence {

    /** What {@link #tryNext()} returns when a slot cannot be issued without a wait; no slot has this value. */
    long WOULD_WAIT = -1;

    /**
     * Issues one slot that was never issued before; may wait for the clock, within the sequence's maximum wait.
     *
     * @return the slot, in the sequence's own encoding
     * @throws dev.ids.IdGenerationException when no slot can be issued within the maximum wait
     */
    long next();

    /**
     * Issues one slot that was never issued before if that needs no wait, or returns {@link #WOULD_WAIT} where
     * {@link #next()} would wait (or queue behind calls that wait). Never pauses, locks or does I/O; a refused
     * attempt takes nothing.
     *
     * @return the slot, or {@link #WOULD_WAIT}
     * @throws dev.ids.IdGenerationException where {@link #next()} would fail without waiting (a clock outside the
     *     representable times)
     */
    long tryNext();

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
