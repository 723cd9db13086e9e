package dev.ids.sno;

import dev.ids.IdGenerationException;
import dev.ids.clock.ClockWatch;
import dev.ids.clock.IdClock;
import dev.ids.event.WaitCause;
import dev.ids.node.LeaseFence;
import dev.ids.sequence.QueuedReadings;
import dev.ids.sequence.SlotSequence;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * sno's time sequence: the (4 ms unit, tick-tock bit, sequence number) slots of one {@link SnoGenerator}, never
 * the same one twice, even when the wall clock steps back.
 *
 * <p>Each slot takes the wall clock's 4 ms unit; the sequence counts up within a unit. Over capacity, calls queue
 * in arrival order for later units ({@link WaitCause#CAPACITY}). When the clock falls back, the sequence flips to
 * the other tick-tock timeline if that one is free there, and otherwise waits ({@link WaitCause#CLOCK_REGRESSION})
 * for the clock to reach a free unit, within the maximum wait. The state is one {@code AtomicLong} updated with
 * compare-and-set; contending threads take small blocks of sequence numbers ({@link SnoBlock}). Why no slot
 * repeats (the two invariants behind tick-tock, blocks and tickets) is set out in
 * <a href="https://github.com/dev-ids/ids/blob/main/docs/SNO.md">docs/SNO.md</a>.
 *
 * <p>This class holds the fast path; the other concerns have a class each: {@link TickTockSlots} packs the state
 * and the slots, {@link TickTockStart} works out where a sequence starts (a snapshot, a lease's mark),
 * {@link TickTockWaits} queues and waits, {@link TickTockTimelines} flips, {@link SnoBlocks} holds the threads'
 * blocks and {@link TickTockRefusals} words the refusals.
 */
final class TickTockSequence implements SlotSequence {

    /** {@link #takeAtOnce}'s answer when another thread changed the state first. */
    private static final long LOST_RACE = -2;

    private final int sequenceMin;
    private final int sequenceMax;
    private final IdClock clock;
    private final TickTockRefusals refusals;
    /** {@code lastMillis << 19 | ahead << 18 | tickTock << 17 | nextSequence}, as {@link TickTockSlots} packs it. */
    private final AtomicLong state;
    private final QueuedReadings readings;
    private final TickTockWaits waits;
    private final TickTockTimelines timelines;
    private final SnoBlocks blocks = new SnoBlocks();

    /**
     * Creates the sequence of one generator.
     *
     * @param description the generator, for messages
     * @param sequenceMin the first sequence number of each unit
     * @param sequenceMax the last
     * @param watch the generator's clock watch
     * @param saved a saved state to go on from, or {@code null}
     * @param fence the lease's fence, whose start mark both timelines start after; {@code null} without a lease
     */
    TickTockSequence(String description, int sequenceMin, int sequenceMax, ClockWatch watch,
            @Nullable TickTockState saved, @Nullable LeaseFence fence) {
        this.sequenceMin = sequenceMin;
        this.sequenceMax = sequenceMax;
        this.clock = watch.clock();
        this.refusals = new TickTockRefusals(description, watch, sequenceMin, sequenceMax);
        TickTockStart start = TickTockStart.of(saved,
                fence == null ? -1 : fence.startMarkMillis() - Sno.EPOCH_MILLIS, sequenceMax);
        this.state = new AtomicLong(start.state());
        // A reading in the state is the latest (tickets are taken after it, a flip clears the queued one).
        this.readings = new QueuedReadings(state, TickTockSlots.AHEAD, TickTockSlots.TIME_SHIFT, start.markUnit());
        this.waits = new TickTockWaits(state, watch, refusals, sequenceMin, sequenceMax, readings);
        this.timelines = new TickTockTimelines(state, readings, fence, sequenceMin, start);
    }

    /**
     * Issues one slot: a (unit, tick-tock, sequence) triple no other call receives, queuing, waiting or flipping the
     * tick-tock bit as the clock requires.
     *
     * @return the slot; read it with {@link TickTockSlots#unitsOf(long)}, {@link TickTockSlots#tickTockOf(long)}
     *     and {@link TickTockSlots#sequenceOf(long)}
     * @throws IdGenerationException when the wall clock is outside 2010..2079, stands behind for longer than the
     *     maximum wait, or when the next free number lies further ahead than the maximum wait (over capacity)
     */
    @Override
    public long next() {
        return issue(true);
    }

    /**
     * Issues one slot if that needs no wait, as {@link #next()} would, or returns {@link #WOULD_WAIT} where
     * {@link #next()} would queue for a later unit (the unit is used up, or calls wait for later units already)
     * or the clock fell back into an earlier unit (a flip, which takes a lock, or a wait). Never pauses.
     *
     * @return the slot, or {@link #WOULD_WAIT}
     * @throws IdGenerationException when the wall clock is outside 2010..2079
     */
    @Override
    public long tryNext() {
        return issue(false);
    }

    /**
     * Issues one slot, from this thread's block or the state; where that needs a wait, {@link #next()} queues,
     * waits or flips ({@code mayWait}) and {@link #tryNext()} returns {@link #WOULD_WAIT}.
     */
    private long issue(boolean mayWait) {
        SnoBlock block = blocks.current();
        long fromBlock = fromBlock(block);
        if (fromBlock >= 0) {
            return fromBlock;
        }
        // The shared path: take the next sequence numbers from the state (one, or a block for this thread once
        // threads contend), queuing, waiting or flipping the tick-tock bit as the clock requires, and issue the first.
        long regressionWaitNanos = 0;
        while (true) {
            long current = state.get();
            long latestReading = readings.latestReading(current);
            long nowMillis = readMillis();
            long slot = takeAtOnce(current, latestReading, nowMillis, block, regressionWaitNanos);
            if (slot >= 0) {
                return slot;
            }
            if (slot == LOST_RACE) {
                // A race is lost only where the clock's unit is the state's (or a later one).
                block = blocks.lostRace(block, TickTockSlots.unitOf(nowMillis));
                continue;
            }
            if (!mayWait) {
                return WOULD_WAIT;
            }
            boolean fell = nowMillis < latestReading;
            long lastUnit = TickTockSlots.unitOf(TickTockSlots.millisOf(current));
            long nowUnit = TickTockSlots.unitOf(nowMillis);
            if (nowUnit == lastUnit || TickTockSlots.isAhead(current) && !fell) {
                // The unit is used up, or calls already queue for later units: take a ticket behind them.
                long queued = waits.queue(current, nowMillis, latestReading, fell, regressionWaitNanos);
                if (queued >= 0) {
                    return queued;
                }
                continue;
            }
            // The clock fell back into an earlier unit: flip to the other timeline if it is free there, else wait.
            long resumeUnit = timelines.flipOrResume(current, nowMillis);
            if (resumeUnit == TickTockTimelines.FLIPPED) {
                int flipped = TickTockSlots.tickOf(current) ^ 1;
                if (block != null) {
                    block.hold(nowUnit, flipped, sequenceMin + 1, sequenceMin + 1);
                }
                return waits.issue(nowUnit, flipped, sequenceMin, regressionWaitNanos);
            }
            if (resumeUnit != TickTockTimelines.RETRY) {
                regressionWaitNanos += waits.awaitFallenClock(resumeUnit * Sno.UNIT_MILLIS, readMillis(),
                        regressionWaitNanos);
            }
        }
    }

    /** The next number of this thread's block while the clock still reads its unit; -1 when there is none. */
    private long fromBlock(@Nullable SnoBlock block) {
        if (block != null && block.next < block.end) {
            long nowUnit = TickTockSlots.unitOf(readMillis());
            if (nowUnit == block.unit) {
                return TickTockSlots.slot(nowUnit, block.tick, block.next++);
            }
            block.end = block.next; // the clock left the block's unit: its numbers are never used
        }
        return -1;
    }

    /**
     * The fast path: takes numbers of the clock's unit, or the rest of the latest unit used, from the state the
     * caller read (a block of them for this thread once threads contend), and issues the first; returns
     * {@link #WOULD_WAIT} when the call must queue, flip or wait, or {@link #LOST_RACE}.
     */
    private long takeAtOnce(long current, long latestReading, long nowMillis, @Nullable SnoBlock block,
            long regressionWaitNanos) {
        long lastMillis = TickTockSlots.millisOf(current);
        long lastUnit = TickTockSlots.unitOf(lastMillis);
        long nowUnit = TickTockSlots.unitOf(nowMillis);
        int tick = TickTockSlots.tickOf(current);
        if (nowUnit > lastUnit) {
            int count = block == null ? 1 : block.sizeFor(nowUnit, sequenceMax - sequenceMin + 1);
            if (!state.compareAndSet(current, TickTockSlots.pack(nowMillis, tick, sequenceMin + count))) {
                return LOST_RACE;
            }
            if (block != null) {
                block.hold(nowUnit, tick, sequenceMin + 1, sequenceMin + count);
            }
            return waits.issue(nowUnit, tick, sequenceMin, regressionWaitNanos);
        }
        if (nowMillis < latestReading) {
            waits.reportRegression(latestReading, nowMillis);
        }
        int sequence = Math.max(TickTockSlots.nextSequenceOf(current), sequenceMin);
        if (nowUnit == lastUnit && sequence <= sequenceMax) {
            int count = block == null ? 1 : block.sizeFor(lastUnit, sequenceMax - sequence + 1);
            long next = TickTockSlots.pack(Math.max(lastMillis, nowMillis), tick, sequence + count);
            if (!state.compareAndSet(current, next)) {
                return LOST_RACE;
            }
            if (block != null) {
                block.hold(lastUnit, tick, sequence + 1, sequence + count);
            }
            return waits.issue(lastUnit, tick, sequence, regressionWaitNanos);
        }
        return WOULD_WAIT;
    }

    @Override
    public long lastMillisOfSlot(long slot) {
        return Sno.EPOCH_MILLIS + TickTockSlots.unitsOf(slot) * Sno.UNIT_MILLIS + Sno.UNIT_MILLIS - 1;
    }

    /**
     * Captures the state, for {@link SnoGenerator#snapshot()}.
     *
     * @return the current state
     */
    TickTockState state() {
        return timelines.snapshot();
    }

    @Override
    public Duration lead() {
        return ClockWatch.lead(readings.latestSeen(), clock.wallTimeMillis() - Sno.EPOCH_MILLIS, ChronoUnit.MILLIS);
    }

    /** Reads the wall clock in milliseconds since 2010, refusing times no sno can hold. */
    private long readMillis() {
        long epochMillis = clock.wallTimeMillis();
        long millis = epochMillis - Sno.EPOCH_MILLIS;
        if (millis < 0 || millis > Sno.MAX_MILLIS) {
            throw refusals.outOfRange(epochMillis);
        }
        return millis;
    }
}
