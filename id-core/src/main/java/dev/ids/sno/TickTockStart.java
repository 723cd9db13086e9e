package dev.ids.sno;

import org.jspecify.annotations.Nullable;

/**
 * Where a {@link TickTockSequence} starts: afresh, from a saved state, and in either case after a lease's
 * high-water mark when it has one.
 *
 * <p>The previous holder of a leased partition may have issued IDs on either timeline up to the mark's unit, and its
 * tick-tock state is unknown here, so tick-tock cannot be proved safe below the mark: the current timeline starts
 * at the mark's unit with its sequence used up (invariant A of
 * <a href="https://github.com/dev-ids/ids/blob/main/docs/SNO.md">docs/SNO.md</a>) and {@code safeUnits} at the
 * mark's unit (invariant B). A clock behind the mark then waits (within the maximum wait) instead of flipping; once
 * past it, later falls of the clock may flip as usual, since both timelines are free above the mark.
 *
 * @param state the first state word ({@link TickTockSlots})
 * @param safeUnits the latest unit that an ID of the other timeline may carry; -1 when none
 * @param drifts how many times the tick-tock bit flipped so far
 * @param markUnit the unit of the lease's mark, up to which nothing is issued; Long.MIN_VALUE without one
 */
record TickTockStart(long state, long safeUnits, long drifts, long markUnit) {

    /**
     * Works out the start.
     *
     * @param saved a saved state to go on from, or {@code null}
     * @param markMillis the lease's start mark in milliseconds since 2010; negative without a lease, or with a mark
     *     before any sno time
     * @param sequenceMax the last sequence number of each unit
     * @return the start
     */
    static TickTockStart of(@Nullable TickTockState saved, long markMillis, int sequenceMax) {
        long state;
        if (saved == null || saved.lastTime() == null) {
            long tick = saved == null ? 0 : saved.drifts() & 1;
            state = TickTockSlots.pack(0, (int) tick, 0);
        } else {
            long lastMillis = saved.lastTime().toEpochMilli() - Sno.EPOCH_MILLIS;
            state = TickTockSlots.pack(lastMillis, (int) (saved.drifts() & 1), saved.sequence() + 1);
        }
        long safeUnits = saved == null || saved.safeTime() == null ? -1 : Sno.unitsOf(saved.safeTime());
        long drifts = saved == null ? 0 : saved.drifts();
        if (markMillis < 0) {
            return new TickTockStart(state, safeUnits, drifts, Long.MIN_VALUE); // nothing to stay clear of
        }
        long markUnit = TickTockSlots.unitOf(Math.min(markMillis, Sno.MAX_MILLIS));
        return new TickTockStart(afterMark(state, Math.min(markMillis, Sno.MAX_MILLIS), sequenceMax),
                Math.max(safeUnits, markUnit), drifts, markUnit);
    }

    /** Moves a state after the mark's unit, which another holder may have used in full. */
    private static long afterMark(long state, long markMillis, int sequenceMax) {
        long lastMillis = TickTockSlots.millisOf(state);
        boolean issued = TickTockSlots.nextSequenceOf(state) != 0;
        // A restored snapshot's unit is kept only when it lies beyond the mark's unit.
        if (issued && TickTockSlots.unitOf(lastMillis) > TickTockSlots.unitOf(markMillis)) {
            return state;
        }
        long startMillis = issued ? Math.max(lastMillis, markMillis) : markMillis;
        // Flagged ahead: the clock never showed the mark to this generator, so a clock behind it is no fall.
        return TickTockSlots.packAhead(startMillis, TickTockSlots.tickOf(state), sequenceMax + 1);
    }
}
