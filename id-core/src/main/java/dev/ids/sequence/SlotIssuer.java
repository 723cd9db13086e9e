package dev.ids.sequence;

import dev.ids.clock.ClockWatch;
import dev.ids.clock.IdClock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The state of one {@link TimeSequence} and the lock-free fast path that advances it: read the state, read the
 * clock, compare-and-set; a call that finds no free slot at the clock's unit is handed to the {@link TicketQueue}.
 * Apart from the sequence so that the public class holds its contract and settings, and this one the algorithm that
 * keeps slots unique. It knows nothing of the sequence's builder: it gets its layout, watch and start mark as
 * plain values, so that the dependency runs one way.
 *
 * <p>The state is one {@link AtomicLong}, shared with the queue and changed only by compare-and-set (here and in the
 * queue), so every thread sees each change whole; all other fields are final.
 */
final class SlotIssuer {

    /** {@link #takeAtOnce}'s answer when another thread changed the state first. */
    private static final long LOST_RACE = -2;

    private final IdClock clock;
    private final ClockWatch watch;
    private final SlotLayout layout;
    private final SlotRefusals refusals;
    private final TicketQueue queue;
    private final QueuedReadings readings;
    /** {@code time << timeShift | ahead << sequenceBits | last sequence taken}, as {@link SlotLayout} packs it. */
    private final AtomicLong state;

    /**
     * Starts the state of one sequence.
     *
     * @param layout the sequence's arithmetic
     * @param watch the sequence's clock watch, whose clock the sequence reads
     * @param refusals the sequence's refusals
     * @param notBefore the reading (in the layout's resolution, since the Unix epoch) whose unit the sequence starts
     *     after, or {@link Long#MIN_VALUE} for none
     */
    SlotIssuer(SlotLayout layout, ClockWatch watch, SlotRefusals refusals, long notBefore) {
        this.clock = watch.clock();
        this.watch = watch;
        this.layout = layout;
        this.refusals = refusals;
        long markUnit;
        if (notBefore == Long.MIN_VALUE || notBefore - layout.epoch() < 0) {
            // Nothing issued yet: the unit before the epoch, used up.
            markUnit = Long.MIN_VALUE;
            this.state = new AtomicLong(layout.pack(-layout.unitTicks(), layout.maxSequence()));
        } else {
            // The mark's unit, used up; its time is no reading of this clock, so a clock behind it is no regression.
            long markTick = Math.min(notBefore - layout.epoch(), layout.maxTick());
            markUnit = layout.unitOfTick(markTick);
            this.state = new AtomicLong(layout.packAhead(markTick, layout.maxSequence()));
        }
        this.readings = new QueuedReadings(state, layout.aheadFlag(), layout.timeShift(), markUnit);
        this.queue = new TicketQueue(state, layout, watch, refusals, readings);
    }

    /**
     * Issues up to {@code wanted} consecutive slots of one unit, queuing when none is free at the clock's unit.
     *
     * @param wanted how many slots the caller wants, at least 1 (checked by the caller)
     * @param deadlineNanos a monotonic reading to wait no later than, or {@link TicketQueue#NO_DEADLINE} for the
     *     maximum wait
     * @return the first slot issued
     */
    long take(int wanted, long deadlineNanos) {
        while (true) {
            long current = state.get();
            long latestReading = readings.latestReading(current);
            long now = readTicks();
            long slot = takeAtOnce(current, now, wanted);
            if (slot >= 0) {
                return slot;
            }
            if (slot == SlotSequence.WOULD_WAIT) {
                slot = queue.take(current, now, latestReading, wanted, deadlineNanos);
                if (slot != -1) {
                    return slot;
                }
            }
        }
    }

    /** Issues one slot if that needs no wait, or returns {@link SlotSequence#WOULD_WAIT}; never pauses. */
    long tryTake() {
        while (true) {
            long current = state.get();
            long slot = takeAtOnce(current, readTicks(), 1);
            if (slot != LOST_RACE) {
                return slot;
            }
        }
    }

    /**
     * The fast path: takes slots of the clock's unit, or the rest of the latest unit used, from the state the
     * caller read; returns the first, {@link SlotSequence#WOULD_WAIT} when the call must queue, or
     * {@link #LOST_RACE}.
     */
    private long takeAtOnce(long current, long now, int wanted) {
        SlotLayout layout = this.layout;
        long last = layout.tickOf(current);
        int sequence = layout.sequenceOf(current);
        long lastUnit = layout.unitOfTick(last);
        long nowUnit = layout.unitOfTick(now);
        if (nowUnit > lastUnit) {
            int first = layout.minSequence();
            return state.compareAndSet(current, layout.pack(now, layout.lastTaken(first, wanted)))
                    ? layout.pack(now, first) : LOST_RACE;
        }
        if (sequence < layout.maxSequence() && (nowUnit == lastUnit || !layout.isAhead(current))) {
            // The clock reads the latest unit used, or stepped back behind a reading: go on from its sequence.
            if (now < last) {
                watch.reportRegression(last, now, layout.readingUnit());
            }
            long tick = Math.max(now, last);
            return state.compareAndSet(current, layout.pack(tick, layout.lastTaken(sequence + 1, wanted)))
                    ? layout.pack(tick, sequence + 1) : LOST_RACE;
        }
        return SlotSequence.WOULD_WAIT;
    }

    private long readTicks() {
        long reading = layout.read(clock);
        long tick = reading - layout.epoch();
        if (tick < 0 || tick > layout.maxTick()) {
            throw refusals.outsideRange(reading);
        }
        return tick;
    }

    /** How far the wall clock stands behind the latest reading used, tickets left out; never negative. */
    Duration lead() {
        long latest = readings.latestSeen(); // before the clock, so that no reading here is later than the clock's
        return ClockWatch.lead(latest, layout.read(clock) - layout.epoch(), layout.readingUnit());
    }
}
