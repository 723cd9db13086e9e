package dev.ids.sequence;

import dev.ids.clock.ClockWatch;
import dev.ids.event.WaitCause;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The slow path of a {@link TimeSequence}: calls that find no free slot at the clock's time unit queue in the order
 * they arrive. Each takes a <em>ticket</em>, the next free slot of a unit the clock has not reached, at once, by
 * advancing the sequence's state beyond the clock with the ahead flag set, and then pauses until the clock reaches
 * that unit. So no slot is returned before the clock reached its time, every wait is as long as the rate requires,
 * and a call that came first is never served after one that came later. A ticket that would lie further ahead than
 * the wait allowed is refused before it is taken.
 *
 * <p>While the state holds a ticket it shows no clock reading, so the queue keeps the latest reading that a ticket
 * overwrote: that is what tells a clock behind the queue (a capacity wait) from a clock that stepped back (a
 * regression). See <a href="https://github.com/dev-ids/ids/blob/main/docs/TIME-SEQUENCE.md">docs/TIME-SEQUENCE.md</a>.
 *
 * @param state the sequence's state, which tickets advance
 * @param layout the sequence's arithmetic
 * @param watch the sequence's clock watch
 * @param refusals the sequence's refusals
 * @param readings the sequence's queued readings, which know the unit of the reading it starts after
 */
record TicketQueue(AtomicLong state, SlotLayout layout, ClockWatch watch, SlotRefusals refusals,
        QueuedReadings readings) {

    /** Marks a call with no deadline of its own: it may wait the maximum wait from the moment it queues. */
    static final long NO_DEADLINE = Long.MIN_VALUE;

    /**
     * Takes a ticket, the next free slot of a unit the clock has not reached (the rest of the unit the queue has
     * reached, or the unit after it), then waits for that unit.
     *
     * @param current the state the caller read
     * @param now the clock's tick, read after the state
     * @param latestReading the latest reading of the clock the state shows (read before {@code now})
     * @param wanted how many slots the caller wants
     * @param deadlineNanos a monotonic reading to wait no later than, or {@link #NO_DEADLINE}
     * @return the slot, or -1 when another thread changed the state first
     */
    long take(long current, long now, long latestReading, int wanted, long deadlineNanos) {
        long last = layout.tickOf(current);
        int sequence = layout.sequenceOf(current);
        boolean restOfLast = sequence < layout.maxSequence(); // only when ahead of the clock: see SlotIssuer
        long unit = layout.unitOfTick(last) + (restOfLast ? 0 : 1);
        int first = restOfLast ? sequence + 1 : layout.minSequence();
        long start = layout.startOfUnit(unit);
        if (start > layout.maxTick()) {
            throw refusals.lastUnitUsedUp();
        }
        WaitCause cause = readings.causeOfTicket(unit, now < latestReading);
        if (cause == WaitCause.CLOCK_REGRESSION) {
            watch.reportRegression(latestReading, now, layout.readingUnit());
        }
        long began = watch.clock().monotonicNanos();
        long deadline = deadlineNanos == NO_DEADLINE ? began + watch.maxWaitNanos() : deadlineNanos;
        long allowedNanos = deadline - began;
        long aheadNanos = watch.nanosUntil(layout.microsOf(start), start - now, layout.nanosPerTick(), allowedNanos);
        if (aheadNanos > allowedNanos) {
            throw refusals.beyondMaxWait(cause, start, now, latestReading, aheadNanos, allowedNanos);
        }
        readings.queuing(now, current);
        long ticket = layout.packAhead(start, layout.lastTaken(first, wanted));
        if (!state.compareAndSet(current, ticket)) {
            return -1;
        }
        if (!watch.pauseUntil(layout.microsOf(start), deadline)) {
            state.compareAndSet(ticket, current); // hands the slots back unless a later call queued behind them
            throw refusals.clockDidNotReach(cause, start, watch.clock().monotonicNanos() - began);
        }
        watch.reportWait(cause, began);
        return layout.pack(start, first);
    }
}
