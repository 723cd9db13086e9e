package dev.ids.sno;

import dev.ids.node.LeaseFence;
import dev.ids.sequence.QueuedReadings;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The two tick-tock timelines of one {@link TickTockSequence}: which one is current (in the state word) and how far
 * the other one reaches ({@code safeUnits}, invariant B of
 * <a href="https://github.com/dev-ids/ids/blob/main/docs/SNO.md">docs/SNO.md</a>). When the clock falls back into
 * an earlier unit, the sequence flips to the other timeline if that one is free there, and otherwise waits for a
 * unit that is free. Flips are rare (one per fall of the clock) and take a small lock, which only flips and
 * snapshots take, so the fast path never locks.
 */
final class TickTockTimelines {

    /** {@link #flipOrResume}'s answer when it flipped: the state holds the clock's time on the other timeline. */
    static final long FLIPPED = -1;
    /** {@link #flipOrResume}'s answer when another thread moved the state first: decide again on its state. */
    static final long RETRY = -2;

    private final AtomicLong state;
    private final QueuedReadings readings;
    /** The lease's fence, read for marks another holder wrote; {@code null} without a lease. */
    private final @Nullable LeaseFence fence;
    private final int sequenceMin;
    /** Guards {@link #safeUnits} and {@link #drifts}. */
    private final Object flipLock = new Object();
    /** The latest unit that an ID of the other timeline may carry; -1 when none. */
    private long safeUnits;
    /** How many times the tick-tock bit flipped; its lowest bit is the current tick-tock bit. */
    private long drifts;

    TickTockTimelines(AtomicLong state, QueuedReadings readings, @Nullable LeaseFence fence, int sequenceMin,
            TickTockStart start) {
        this.state = state;
        this.readings = readings;
        this.fence = fence;
        this.sequenceMin = sequenceMin;
        this.safeUnits = start.safeUnits();
        this.drifts = start.drifts();
    }

    /**
     * After the clock fell back into an earlier unit than the state's: flips to the other timeline if it is free at
     * the clock's unit, taking that unit's first number (the caller issues it), or tells which unit to wait for.
     *
     * @param current the state the caller read
     * @param nowMillis the clock's reading, since 2010
     * @return {@link #FLIPPED}, {@link #RETRY}, or the unit the clock must reach to go on
     */
    long flipOrResume(long current, long nowMillis) {
        long nowUnit = TickTockSlots.unitOf(nowMillis);
        long lastUnit = TickTockSlots.unitOf(TickTockSlots.millisOf(current));
        synchronized (flipLock) {
            if (state.get() != current) {
                return RETRY; // another thread moved on, perhaps flipped
            }
            if (fence != null) {
                // Another holder may have used either timeline up to its mark (a lease claimed again).
                long foreign = fence.foreignMarkMillis() - Sno.EPOCH_MILLIS;
                if (foreign >= 0) {
                    safeUnits = Math.max(safeUnits, TickTockSlots.unitOf(Math.min(foreign, Sno.MAX_MILLIS)));
                }
            }
            if (nowUnit <= safeUnits) {
                return Math.min(lastUnit, safeUnits + 1);
            }
            int flipped = TickTockSlots.tickOf(current) ^ 1;
            if (!state.compareAndSet(current, TickTockSlots.pack(nowMillis, flipped, sequenceMin + 1))) {
                return RETRY;
            }
            safeUnits = lastUnit;
            drifts++;
            readings.forget(); // readings of the old timeline bound the new one no more
            return FLIPPED;
        }
    }

    /**
     * Captures the state, for {@link SnoGenerator#snapshot()}.
     *
     * @return the current state
     */
    TickTockState snapshot() {
        synchronized (flipLock) {
            long current = state.get();
            int next = TickTockSlots.nextSequenceOf(current);
            Instant lastTime = next == 0
                    ? null
                    : Instant.ofEpochMilli(Sno.EPOCH_MILLIS + TickTockSlots.millisOf(current));
            Instant safeTime = safeUnits < 0
                    ? null
                    : Instant.ofEpochMilli(Sno.EPOCH_MILLIS + safeUnits * Sno.UNIT_MILLIS);
            return new TickTockState(lastTime, next == 0 ? sequenceMin : next - 1, drifts, safeTime);
        }
    }
}
