package dev.ids.sequence;

import dev.ids.event.WaitCause;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The latest clock reading of a sequence whose state may hold a ticket, for the queues of {@link TimeSequence} and
 * Sno's tick-tock sequence. While the state holds a ticket (a slot ahead of the clock) it shows no clock reading, so
 * the calls that queue keep the latest reading they saw or overwrote with a ticket: that is what tells a clock
 * behind the queue (a capacity wait) from a clock that stepped back (a regression). Never above the state's time
 * when that is a reading, since a reading written after a ticket lies in the ticket's unit or later.
 *
 * <p>Readings are in the sequence's own ticks; the sequence reads its state and tells whether it holds a ticket.
 */
public final class QueuedReadings {

    /** The latest reading a queuing call saw or overwrote with a ticket, or {@code Long.MIN_VALUE}. */
    private final AtomicLong latestQueued = new AtomicLong(Long.MIN_VALUE);

    /** Creates the readings of one sequence, with none queued yet. */
    public QueuedReadings() {
    }

    /**
     * Returns the latest clock reading a state shows: its own, or while it holds a ticket the latest reading queued
     * calls saw. Read the state before the clock, so that no reading here is later than the caller's.
     *
     * @param ahead whether the state holds a ticket
     * @param reading the state's time, a reading when it holds no ticket
     * @return the latest reading
     */
    public long latestReading(boolean ahead, long reading) {
        return ahead ? latestQueued.get() : reading;
    }

    /**
     * Returns the latest reading the sequence has seen or gone on from, tickets left out.
     *
     * @param ahead whether the state, read just before, holds a ticket
     * @param reading the state's time
     * @return the latest reading
     */
    public long latestSeen(boolean ahead, long reading) {
        long latest = latestQueued.get();
        return ahead ? latest : Math.max(latest, reading);
    }

    /**
     * Keeps the readings a call that is about to take a ticket has seen: the clock's, and the state's unless the
     * state holds a ticket already (the new ticket overwrites it).
     *
     * @param now the clock's reading
     * @param ahead whether the state the call read holds a ticket
     * @param reading that state's time
     */
    public void queuing(long now, boolean ahead, long reading) {
        long seen = ahead ? now : Math.max(now, reading);
        if (seen > latestQueued.get()) {
            latestQueued.accumulateAndGet(seen, Math::max);
        }
    }

    /**
     * Names why a call that takes a ticket waits: for the lease's start mark when the ticket's unit lies at most one
     * past the mark's (nothing is issued up to the mark), else for a clock that stepped back behind the latest
     * reading, else for capacity.
     *
     * @param unit the unit of the ticket
     * @param markUnit the unit of the lease's start mark, or {@code Long.MIN_VALUE} without one
     * @param clockFell whether the clock reads earlier than the latest reading
     * @return the cause the listener hears and a refusal names
     */
    public static WaitCause causeOfTicket(long unit, long markUnit, boolean clockFell) {
        return markUnit != Long.MIN_VALUE && unit <= markUnit + 1 ? WaitCause.LEASE_MARK
                : clockFell ? WaitCause.CLOCK_REGRESSION
                : WaitCause.CAPACITY;
    }

    /** Forgets the readings kept, for a sequence that goes on from a timeline they bound no more. */
    public void forget() {
        latestQueued.set(Long.MIN_VALUE);
    }
}
