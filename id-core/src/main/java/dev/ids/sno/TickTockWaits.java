package dev.ids.sno;

import dev.ids.clock.ClockWatch;
import dev.ids.event.WaitCause;
import dev.ids.sequence.QueuedReadings;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The waits of one {@link TickTockSequence}, all within one maximum wait per call: tickets for calls that queue for
 * a later unit (over capacity, behind a queue, or behind the lease's mark), and the pause behind a clock that fell
 * back into units both timelines have used. What a call already waited behind a fallen clock counts against what is
 * left for a ticket, and is reported once, when the call is issued its slot.
 *
 * <p>While the state holds a ticket it shows no clock reading, so the waits keep the latest reading a ticket
 * overwrote (since the last flip), to tell a clock behind the queue from a clock that fell. See
 * <a href="https://github.com/dev-ids/ids/blob/main/docs/SNO.md">docs/SNO.md</a> ("Tickets").
 *
 * @param state the sequence's state, which tickets advance
 * @param watch the sequence's clock watch
 * @param refusals the sequence's refusals
 * @param sequenceMin the first sequence number of each unit
 * @param sequenceMax the last
 * @param readings the latest clock reading (milliseconds since 2010) a queuing call saw or overwrote with a ticket,
 *     since the last flip (while the state's time is a ticket, the latest reading of the current timeline), and the
 *     unit of the lease's start mark, up to which nothing is issued
 */
record TickTockWaits(AtomicLong state, ClockWatch watch, TickTockRefusals refusals, int sequenceMin, int sequenceMax,
        QueuedReadings readings) {

    /** Tells the listener the clock fell back from the latest reading, once per fall. */
    void reportRegression(long latestReading, long nowMillis) {
        watch.reportRegression(latestReading, nowMillis, ChronoUnit.MILLIS);
    }

    /**
     * Takes a ticket, the next free number of a unit the clock has not reached (the rest of the unit the queue has
     * reached, or the unit after it), then waits for that unit and issues the number.
     *
     * @return the slot, or -1 when another thread changed the state first
     */
    long queue(long current, long nowMillis, long latestReading, boolean fell, long regressionWaitNanos) {
        long lastMillis = TickTockSlots.millisOf(current);
        int tick = TickTockSlots.tickOf(current);
        int next = Math.max(TickTockSlots.nextSequenceOf(current), sequenceMin);
        boolean restOfLast = next <= sequenceMax; // only when the state is ahead of the clock: see TickTockSequence
        long unit = TickTockSlots.unitOf(lastMillis) + (restOfLast ? 0 : 1);
        int sequence = restOfLast ? next : sequenceMin;
        long startMillis = unit * Sno.UNIT_MILLIS;
        if (startMillis > Sno.MAX_MILLIS) {
            throw refusals.outOfRange(Sno.EPOCH_MILLIS + startMillis);
        }
        WaitCause cause = readings.causeOfTicket(unit, fell);
        long startMicros = (Sno.EPOCH_MILLIS + startMillis) * 1000;
        // One maximum wait for the whole call: what this call already waited behind a fallen clock counts.
        long allowedNanos = Math.max(watch.maxWaitNanos() - regressionWaitNanos, 0);
        long aheadNanos = watch.nanosUntil(startMicros, startMillis - nowMillis, 1_000_000L, allowedNanos);
        if (aheadNanos > allowedNanos) {
            throw refusals.beyondMaxWait(cause, nowMillis, latestReading, unit, aheadNanos, regressionWaitNanos);
        }
        readings.queuing(nowMillis, current);
        long ticket = TickTockSlots.packAhead(startMillis, tick, sequence + 1);
        if (!state.compareAndSet(current, ticket)) {
            return -1;
        }
        long began = watch.clock().monotonicNanos();
        if (!watch.pauseUntil(startMicros, began + allowedNanos)) {
            state.compareAndSet(ticket, current); // hands the number back unless a later call queued behind it
            throw refusals.clockDidNotReach(cause, nowMillis, latestReading, unit);
        }
        watch.reportWait(cause, began);
        return issue(unit, tick, sequence, regressionWaitNanos);
    }

    /**
     * Pauses, after the clock fell back into units both timelines have used, until it reaches {@code targetMillis}
     * (since 2010).
     *
     * @param nowMillis the clock's reading, since 2010
     * @param waitedBefore what the call already waited behind a fallen clock
     * @return the nanoseconds waited, at least 1
     * @throws dev.ids.IdGenerationException when the wait would exceed what is left of the maximum wait
     */
    long awaitFallenClock(long targetMillis, long nowMillis, long waitedBefore) {
        long targetMicros = (Sno.EPOCH_MILLIS + targetMillis) * 1000;
        long allowedNanos = watch.maxWaitNanos() - waitedBefore;
        long neededNanos = watch.nanosUntil(targetMicros, targetMillis - nowMillis, 1_000_000L, allowedNanos);
        long began = watch.clock().monotonicNanos();
        if (neededNanos > allowedNanos || !watch.pauseUntil(targetMicros, began + allowedNanos)) {
            throw refusals.fallenTooFar(targetMillis, nowMillis, neededNanos, waitedBefore);
        }
        return watch.waitedSince(began);
    }

    /** Encodes a slot, after telling the listener of the wait behind a fallen clock it cost, if any. */
    long issue(long units, int tick, int sequence, long regressionWaitNanos) {
        if (regressionWaitNanos > 0) {
            watch.listener().onWait(WaitCause.CLOCK_REGRESSION, Duration.ofNanos(regressionWaitNanos));
        }
        return TickTockSlots.slot(units, tick, sequence);
    }
}
