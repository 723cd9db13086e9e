package dev.ids.sno;

import dev.ids.IdGenerationException;
import dev.ids.clock.ClockWatch;
import dev.ids.clock.IdClock;
import dev.ids.event.WaitCause;
import dev.ids.node.LeaseFence;
import dev.ids.sequence.SlotSequence;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicLong;

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
 */
final class TickTockSequence implements SlotSequence {

    private static final int SEQUENCE_BITS = 17;
    private static final long SEQUENCE_MASK = (1L << SEQUENCE_BITS) - 1;
    /** Set in the state while its time is no clock reading: a unit reserved ahead of the clock, or the mark. */
    private static final long AHEAD = 1L << SEQUENCE_BITS + 1;
    private static final int TIME_SHIFT = SEQUENCE_BITS + 2;

    /** A slot: {@code units << 17 | tickTock << 16 | sequence}. */
    private static final int SLOT_UNITS_SHIFT = 17;
    private static final int SLOT_TICK_SHIFT = 16;

    private final int sequenceMin;
    private final int sequenceMax;
    private final IdClock clock;
    private final ClockWatch watch;
    private final long maxWaitNanos;
    private final String description;
    /** The lease's fence, read for marks another holder wrote; {@code null} without a lease. */
    private final LeaseFence fence;

    /**
     * {@code lastMillis << 19 | ahead << 18 | tickTock << 17 | nextSequence}: the latest wall-clock time used
     * (milliseconds since 2010; a reading unless {@link #AHEAD} is set), the current tick-tock bit, and one more
     * than the last sequence issued in the unit of that time (0 when nothing was issued yet).
     */
    private final AtomicLong state;
    /**
     * The latest clock reading (milliseconds since 2010) a queuing call saw or overwrote with a ticket, since the
     * last flip: while the state's time is a ticket, the latest reading of the current timeline; never above the
     * state's time when that is a reading.
     */
    private final AtomicLong latestQueuedReading = new AtomicLong(Long.MIN_VALUE);
    /** The unit of the lease's start mark, up to which nothing is issued; Long.MIN_VALUE without a lease. */
    private long markUnit = Long.MIN_VALUE;
    /** Each thread's block of sequence numbers taken from {@link #state} but not issued yet. */
    private final ThreadLocal<SnoBlock> blocks = ThreadLocal.withInitial(SnoBlock::new);
    /** Set when a compare-and-set on {@link #state} first fails: from then on threads use {@link #blocks}. */
    private volatile boolean contended;
    /** Guards {@link #safeUnits} and {@link #drifts}; taken only to flip the tick-tock bit and for snapshots. */
    private final Object flipLock = new Object();
    /** The latest unit that an ID of the other timeline may carry; -1 when none. */
    private long safeUnits;
    /** How many times the tick-tock bit flipped; its lowest bit is the current tick-tock bit. */
    private long drifts;

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
            State saved, LeaseFence fence) {
        this.description = description;
        this.sequenceMin = sequenceMin;
        this.sequenceMax = sequenceMax;
        this.watch = watch;
        this.clock = watch.clock();
        this.maxWaitNanos = watch.maxWaitNanos();
        this.fence = fence;
        if (saved == null || saved.lastTime() == null) {
            long tick = saved == null ? 0 : saved.drifts() & 1;
            this.state = new AtomicLong(pack(0, (int) tick, 0));
        } else {
            long lastMillis = saved.lastTime().toEpochMilli() - Sno.EPOCH_MILLIS;
            this.state = new AtomicLong(pack(lastMillis, (int) (saved.drifts() & 1), saved.sequence() + 1));
        }
        this.safeUnits = saved == null || saved.safeTime() == null ? -1 : Sno.unitsOf(saved.safeTime());
        this.drifts = saved == null ? 0 : saved.drifts();
        if (fence != null) {
            startAfterMark(fence.startMarkMillis() - Sno.EPOCH_MILLIS);
        }
    }

    /**
     * Starts both timelines after the high-water mark (milliseconds since 2010). The previous holder of the
     * partition may have issued IDs on either timeline up to the mark's unit, and its tick-tock state is unknown
     * here, so tick-tock cannot be proved safe below the mark: the current timeline is set to the mark's unit with
     * its sequence used up (invariant A) and {@code safe} to the mark's unit (invariant B). A clock behind the mark
     * then waits (within the maximum wait) instead of flipping; once past it, later falls of the clock may flip as
     * usual, since both timelines are free above the mark.
     */
    private void startAfterMark(long markMillis) {
        if (markMillis < 0) {
            return; // no mark, or one before any sno time: nothing to stay clear of
        }
        long clamped = Math.min(markMillis, Sno.MAX_MILLIS);
        long current = state.get();
        long lastMillis = current >>> TIME_SHIFT;
        boolean issued = (current & SEQUENCE_MASK) != 0;
        // A restored snapshot's unit is kept only when it lies beyond the mark's unit, which another holder may
        // have used in full.
        if (!issued || lastMillis / Sno.UNIT_MILLIS <= clamped / Sno.UNIT_MILLIS) {
            long startMillis = issued ? Math.max(lastMillis, clamped) : clamped;
            // Flagged ahead: the clock never showed the mark to this generator, so a clock behind it is no fall.
            state.set(pack(startMillis, (int) (current >>> SEQUENCE_BITS) & 1, sequenceMax + 1) | AHEAD);
        }
        safeUnits = Math.max(safeUnits, clamped / Sno.UNIT_MILLIS);
        markUnit = clamped / Sno.UNIT_MILLIS;
    }

    /**
     * Issues one slot: a (unit, tick-tock, sequence) triple no other call receives, queuing, waiting or flipping the
     * tick-tock bit as the clock requires.
     *
     * @return the slot; read it with {@link #unitsOf(long)}, {@link #tickTockOf(long)} and {@link #sequenceOf(long)}
     * @throws IdGenerationException when the wall clock is outside 2010..2079, stands behind for longer than the
     *     maximum wait, or when the next free number lies further ahead than the maximum wait (over capacity)
     */
    @Override
    public long next() {
        // Blocks only once threads have contended: a generator used by one thread at a time never pays for the
        // thread-local lookup.
        SnoBlock block = contended ? blocks.get() : null;
        if (block != null && block.next < block.end) {
            long nowUnit = readMillis() / Sno.UNIT_MILLIS;
            if (nowUnit == block.unit) {
                return slot(nowUnit, block.tick, block.next++, 0);
            }
            block.end = block.next; // the clock left the block's unit: its numbers are never used
        }
        // The shared path: take the next sequence numbers from the state (one, or a block for this thread once
        // threads contend), queuing, waiting or flipping the tick-tock bit as the clock requires, and issue the first.
        long regressionWaitNanos = 0;
        while (true) {
            long current = state.get();
            boolean ahead = (current & AHEAD) != 0;
            long lastMillis = current >>> TIME_SHIFT;
            // Read before the clock, as the state is, so that no reading in it is later than this call's own. A
            // reading in the state is the latest (tickets are taken after it, a flip clears the queued one).
            long latestReading = ahead ? latestQueuedReading.get() : lastMillis;
            long nowMillis = readMillis();
            long lastUnit = lastMillis / Sno.UNIT_MILLIS;
            long nowUnit = nowMillis / Sno.UNIT_MILLIS;
            int tick = (int) (current >>> SEQUENCE_BITS) & 1;
            if (nowUnit > lastUnit) {
                int count = block == null ? 1 : block.sizeFor(nowUnit, sequenceMax - sequenceMin + 1);
                if (state.compareAndSet(current, pack(nowMillis, tick, sequenceMin + count))) {
                    if (block != null) {
                        block.hold(nowUnit, tick, sequenceMin + 1, sequenceMin + count);
                    }
                    return slot(nowUnit, tick, sequenceMin, regressionWaitNanos);
                }
                block = lostRace(block, nowUnit);
                continue;
            }
            boolean fell = nowMillis < latestReading;
            if (fell) {
                watch.reportRegression(latestReading, nowMillis, ChronoUnit.MILLIS);
            }
            int sequence = Math.max((int) (current & SEQUENCE_MASK), sequenceMin);
            if (nowUnit == lastUnit && sequence <= sequenceMax) {
                int count = block == null ? 1 : block.sizeFor(lastUnit, sequenceMax - sequence + 1);
                long next = pack(Math.max(lastMillis, nowMillis), tick, sequence + count);
                if (state.compareAndSet(current, next)) {
                    if (block != null) {
                        block.hold(lastUnit, tick, sequence + 1, sequence + count);
                    }
                    return slot(lastUnit, tick, sequence, regressionWaitNanos);
                }
                block = lostRace(block, lastUnit);
                continue;
            }
            if (nowUnit == lastUnit || ahead && !fell) {
                // The unit is used up, or calls already queue for later units: take a ticket behind them.
                long queued = queue(current, nowMillis, latestReading, fell, regressionWaitNanos);
                if (queued >= 0) {
                    return queued;
                }
                continue;
            }
            // The clock fell back into an earlier unit: flip to the other timeline if it is free there, else wait.
            long resumeUnit;
            synchronized (flipLock) {
                if (state.get() != current) {
                    continue; // another thread moved on, perhaps flipped: decide again on its state
                }
                if (fence != null) {
                    // Another holder may have used either timeline up to its mark (a lease claimed again).
                    long foreign = fence.foreignMarkMillis() - Sno.EPOCH_MILLIS;
                    if (foreign >= 0) {
                        safeUnits = Math.max(safeUnits, Math.min(foreign, Sno.MAX_MILLIS) / Sno.UNIT_MILLIS);
                    }
                }
                if (nowUnit > safeUnits) {
                    int flipped = tick ^ 1;
                    if (state.compareAndSet(current, pack(nowMillis, flipped, sequenceMin + 1))) {
                        if (block != null) {
                            block.hold(nowUnit, flipped, sequenceMin + 1, sequenceMin + 1);
                        }
                        safeUnits = lastUnit;
                        drifts++;
                        latestQueuedReading.set(Long.MIN_VALUE); // readings of the old timeline bound it no more
                        tick = flipped;
                        resumeUnit = -1;
                    } else {
                        continue;
                    }
                } else {
                    resumeUnit = Math.min(lastUnit, safeUnits + 1);
                }
            }
            if (resumeUnit < 0) {
                return slot(nowUnit, tick, sequenceMin, regressionWaitNanos);
            }
            regressionWaitNanos += awaitFallenClock(resumeUnit * Sno.UNIT_MILLIS, regressionWaitNanos);
        }
    }

    /**
     * Takes a ticket, the next free number of a unit the clock has not reached (the rest of the unit the queue has
     * reached, or the unit after it), then waits for that unit and issues the number.
     *
     * @return the slot, or -1 when another thread changed the state first
     */
    private long queue(long current, long nowMillis, long latestReading, boolean fell, long regressionWaitNanos) {
        long lastMillis = current >>> TIME_SHIFT;
        int tick = (int) (current >>> SEQUENCE_BITS) & 1;
        int next = Math.max((int) (current & SEQUENCE_MASK), sequenceMin);
        boolean restOfLast = next <= sequenceMax; // only when the state is ahead of the clock: see next(int)
        long unit = lastMillis / Sno.UNIT_MILLIS + (restOfLast ? 0 : 1);
        int sequence = restOfLast ? next : sequenceMin;
        long startMillis = unit * Sno.UNIT_MILLIS;
        if (startMillis > Sno.MAX_MILLIS) {
            throw outOfRange(Sno.EPOCH_MILLIS + startMillis);
        }
        WaitCause cause = markUnit != Long.MIN_VALUE && unit <= markUnit + 1 ? WaitCause.LEASE_MARK
                : fell ? WaitCause.CLOCK_REGRESSION
                : WaitCause.CAPACITY;
        long startMicros = (Sno.EPOCH_MILLIS + startMillis) * 1000;
        // One maximum wait for the whole call: what this call already waited behind a fallen clock counts.
        long allowedNanos = Math.max(maxWaitNanos - regressionWaitNanos, 0);
        long aheadNanos = watch.nanosUntil(startMicros, startMillis - nowMillis, 1_000_000L, allowedNanos);
        if (aheadNanos > allowedNanos) {
            throw watch.refuse(new IdGenerationException(description + ": " + why(cause, nowMillis, latestReading, unit)
                    + ", " + (aheadNanos == Long.MAX_VALUE ? Duration.ofMillis(startMillis - nowMillis)
                            : Duration.ofNanos(aheadNanos))
                    + " ahead of the clock, beyond the maximum wait of " + Duration.ofNanos(maxWaitNanos)
                    + (regressionWaitNanos > 0 ? " (" + Duration.ofNanos(regressionWaitNanos) + " of it already "
                            + "spent behind a clock that stepped back)" : "")
                    + "; refusing to issue a possible duplicate or to wait longer"));
        }
        long seen = ahead(current) ? nowMillis : Math.max(nowMillis, lastMillis);
        if (seen > latestQueuedReading.get()) {
            latestQueuedReading.accumulateAndGet(seen, Math::max);
        }
        long ticket = pack(startMillis, tick, sequence + 1) | AHEAD;
        if (!state.compareAndSet(current, ticket)) {
            return -1;
        }
        long began = clock.monotonicNanos();
        if (!watch.pauseUntil(startMicros, began + allowedNanos)) {
            state.compareAndSet(ticket, current); // hands the number back unless a later call queued behind it
            throw watch.refuse(new IdGenerationException(description + ": " + why(cause, nowMillis, latestReading, unit)
                    + "; it took the number and waited the maximum wait of " + Duration.ofNanos(maxWaitNanos)
                    + ", but the wall clock did not reach that unit: it reads "
                    + Instant.ofEpochMilli(clock.wallTimeMillis()) + " (it stood still or stepped back); refusing to "
                    + "issue an ID for a time the clock has not reached"));
        }
        watch.reportWait(cause, began);
        return slot(unit, tick, sequence, regressionWaitNanos);
    }

    private static boolean ahead(long state) {
        return (state & AHEAD) != 0;
    }

    private int poolSize() {
        return sequenceMax - sequenceMin + 1;
    }

    /** Why a call must wait for {@code unit}, with the figures. */
    private String why(WaitCause cause, long nowMillis, long latestReading, long unit) {
        Instant start = Instant.ofEpochMilli(Sno.EPOCH_MILLIS + unit * Sno.UNIT_MILLIS);
        Instant now = Instant.ofEpochMilli(Sno.EPOCH_MILLIS + nowMillis);
        return switch (cause) {
            case CAPACITY -> "the sequence of its 4 ms unit is used up: over capacity at " + poolSize()
                    + " per 4 ms (" + poolSize() * (1000 / Sno.UNIT_MILLIS) + " per second), calls waiting their "
                    + "turn hold the numbers before the unit starting at " + start + ", where the next free one lies";
            case CLOCK_REGRESSION -> "the wall clock (" + now + ") stands "
                    + Duration.ofMillis(latestReading - nowMillis) + " behind the latest time it read ("
                    + Instant.ofEpochMilli(Sno.EPOCH_MILLIS + latestReading)
                    + "), and the next free number lies in the unit starting at " + start;
            case LEASE_MARK -> "the wall clock (" + now + ") stands behind the node lease's high-water mark, up to "
                    + "which an earlier holder may have issued IDs; the first free unit after it starts at " + start;
        };
    }

    @Override
    public long lastMillisOfSlot(long slot) {
        return Sno.EPOCH_MILLIS + unitsOf(slot) * Sno.UNIT_MILLIS + Sno.UNIT_MILLIS - 1;
    }

    /** The 4 ms unit of a slot, since 2010. */
    static long unitsOf(long slot) {
        return slot >>> SLOT_UNITS_SHIFT;
    }

    /** The tick-tock bit of a slot. */
    static int tickTockOf(long slot) {
        return (int) (slot >>> SLOT_TICK_SHIFT) & 1;
    }

    /** The sequence number of a slot. */
    static int sequenceOf(long slot) {
        return (int) slot & 0xFFFF;
    }

    /**
     * The state a {@link SnoGenerator.Snapshot} saves, without the generator's settings.
     *
     * @param lastTime the latest time used, or null when nothing was issued
     * @param sequence the last sequence number issued in the unit of {@code lastTime}
     * @param drifts how many times the tick-tock bit flipped
     * @param safeTime the start of the latest unit the other timeline may carry, or null
     */
    record State(Instant lastTime, int sequence, long drifts, Instant safeTime) {
    }

    /**
     * Captures the state, for {@link SnoGenerator#snapshot()}.
     *
     * @return the current state
     */
    State state() {
        synchronized (flipLock) {
            long current = state.get();
            int next = (int) (current & SEQUENCE_MASK);
            Instant lastTime = next == 0
                    ? null
                    : Instant.ofEpochMilli(Sno.EPOCH_MILLIS + (current >>> TIME_SHIFT));
            Instant safeTime = safeUnits < 0
                    ? null
                    : Instant.ofEpochMilli(Sno.EPOCH_MILLIS + safeUnits * Sno.UNIT_MILLIS);
            return new State(lastTime, next == 0 ? sequenceMin : next - 1, drifts, safeTime);
        }
    }

    @Override
    public Duration lead() {
        long current = state.get();
        long latest = latestQueuedReading.get();
        if (!ahead(current)) {
            latest = Math.max(latest, current >>> TIME_SHIFT);
        }
        return ClockWatch.lead(latest, clock.wallTimeMillis() - Sno.EPOCH_MILLIS, ChronoUnit.MILLIS);
    }


    private static long pack(long millis, int tick, int nextSequence) {
        return millis << TIME_SHIFT | (long) tick << SEQUENCE_BITS | nextSequence;
    }

    /** Encodes a slot, after telling the listener of the wait behind a fallen clock it cost, if any. */
    private long slot(long units, int tick, int sequence, long regressionWaitNanos) {
        if (regressionWaitNanos > 0) {
            watch.listener().onWait(WaitCause.CLOCK_REGRESSION, Duration.ofNanos(regressionWaitNanos));
        }
        return units << SLOT_UNITS_SHIFT | (long) tick << SLOT_TICK_SHIFT | sequence;
    }

    /** Reads the wall clock in milliseconds since 2010, refusing times no sno can hold. */
    private long readMillis() {
        long epochMillis = clock.wallTimeMillis();
        long millis = epochMillis - Sno.EPOCH_MILLIS;
        if (millis < 0 || millis > Sno.MAX_MILLIS) {
            throw outOfRange(epochMillis);
        }
        return millis;
    }

    private IdGenerationException outOfRange(long epochMillis) {
        return watch.refuse(new IdGenerationException(description + ": the wall clock reads "
                + Instant.ofEpochMilli(epochMillis) + ", outside the times a sno can hold (" + Sno.EPOCH + " to "
                + Instant.ofEpochMilli(Sno.EPOCH_MILLIS + Sno.MAX_MILLIS) + "); refusing to issue an ID"));
    }

    /**
     * Pauses, after the clock fell back into units both timelines have used, until it reaches {@code targetMillis}
     * (since 2010).
     *
     * @return the nanoseconds waited, at least 1
     * @throws IdGenerationException when the wait would exceed what is left of the maximum wait
     */
    private long awaitFallenClock(long targetMillis, long waitedBefore) {
        long nowMillis = readMillis();
        long targetMicros = (Sno.EPOCH_MILLIS + targetMillis) * 1000;
        long allowedNanos = maxWaitNanos - waitedBefore;
        long neededNanos = watch.nanosUntil(targetMicros, targetMillis - nowMillis, 1_000_000L, allowedNanos);
        long began = clock.monotonicNanos();
        if (neededNanos > allowedNanos || !watch.pauseUntil(targetMicros, began + allowedNanos)) {
            throw watch.refuse(new IdGenerationException(description + ": the wall clock fell back into 4 ms units both "
                    + "tick-tock timelines have already used; it reads " + Instant.ofEpochMilli(clock.wallTimeMillis())
                    + " and must reach " + Instant.ofEpochMilli(Sno.EPOCH_MILLIS + targetMillis) + ", "
                    + (neededNanos == Long.MAX_VALUE ? Duration.ofMillis(targetMillis - nowMillis)
                            : Duration.ofNanos(neededNanos))
                    + " ahead, to issue a unique ID, which is beyond the maximum wait of "
                    + Duration.ofNanos(maxWaitNanos) + " (waited " + Duration.ofNanos(waitedBefore)
                    + " before); refusing to issue a possible duplicate"));
        }
        return Math.max(clock.monotonicNanos() - began, 1);
    }

    /** After a lost compare-and-set in {@code unit}: this thread's block, with a doubled size for that unit. */
    private SnoBlock lostRace(SnoBlock block, long unit) {
        SnoBlock mine = block;
        if (mine == null) {
            contended = true;
            mine = blocks.get();
            mine.sizeFor(unit, 1);
        }
        mine.contended();
        return mine;
    }
}
