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
 * <p>Readings are in the sequence's own ticks, the time its state holds.
 */
public final class QueuedReadings {

    /** The sequence's state: {@code time << timeShift}, with the ahead flag set while it holds a ticket. */
    private final AtomicLong state;
    /** The bit of the state that marks a ticket (or a lease's mark) rather than a reading. */
    private final long aheadFlag;
    /** How far up the state holds its time. */
    private final int timeShift;
    /** The unit of the lease's start mark, up to which nothing is issued; {@code Long.MIN_VALUE} without one. */
    private final long markUnit;
    /** The latest reading a queuing call saw or overwrote with a ticket, or {@code Long.MIN_VALUE}. */
    private final AtomicLong latestQueued = new AtomicLong(Long.MIN_VALUE);

    /**
     * Creates the readings of one sequence, with none queued yet.
     *
     * @param state the sequence's state, which holds its time (a non-negative reading, or a signed tick) from bit
     *     {@code timeShift} up
     * @param aheadFlag the single bit of the state, below {@code timeShift}, set while the state holds a ticket
     * @param timeShift how far up the state holds its time
     * @param markUnit the unit of the lease's start mark, or {@code Long.MIN_VALUE} without one
     */
    public QueuedReadings(AtomicLong state, long aheadFlag, int timeShift, long markUnit) {
        this.state = state;
        this.aheadFlag = aheadFlag;
        this.timeShift = timeShift;
        this.markUnit = markUnit;
    }

    /**
     * Returns the latest clock reading a state shows: its own, or while it holds a ticket the latest reading queued
     * calls saw. Read the state before the clock, so that no reading here is later than the caller's.
     *
     * @param current the state, as the caller read it
     * @return the latest reading
     */
    public long latestReading(long current) {
        return (current & aheadFlag) != 0 ? latestQueued.get() : current >> timeShift;
    }

    /**
     * Returns the latest reading the sequence has seen or gone on from, tickets left out; reads the state before
     * the clock is read, so that no reading here is later than the clock's.
     *
     * @return the latest reading
     */
    public long latestSeen() {
        long current = state.get();
        long latest = latestQueued.get();
        return (current & aheadFlag) != 0 ? latest : Math.max(latest, current >> timeShift);
    }

    /**
     * Keeps the readings a call that is about to take a ticket has seen: the clock's, and the state's unless the
     * state holds a ticket already (the new ticket overwrites it).
     *
     * @param now the clock's reading
     * @param current the state the call read
     */
    public void queuing(long now, long current) {
        long seen = (current & aheadFlag) != 0 ? now : Math.max(now, current >> timeShift);
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
     * @param clockFell whether the clock reads earlier than the latest reading
     * @return the cause the listener hears and a refusal names
     */
    public WaitCause causeOfTicket(long unit, boolean clockFell) {
        return markUnit != Long.MIN_VALUE && unit <= markUnit + 1 ? WaitCause.LEASE_MARK
                : clockFell ? WaitCause.CLOCK_REGRESSION
                : WaitCause.CAPACITY;
    }

    /** Forgets the readings kept, for a sequence that goes on from a timeline they bound no more. */
    public void forget() {
        latestQueued.set(Long.MIN_VALUE);
    }
}
