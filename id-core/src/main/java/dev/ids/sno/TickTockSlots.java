package dev.ids.sno;

/**
 * How a {@link TickTockSequence} packs its state and its slots into a {@code long}.
 *
 * <ul>
 *   <li>The state: {@code millis << 19 | ahead << 18 | tickTock << 17 | nextSequence}: the latest wall-clock time
 *       used (milliseconds since 2010; a reading unless the ahead flag is set, which marks a unit reserved ahead of
 *       the clock for a queuing call, or a lease's mark), the current tick-tock bit, and one more than the last
 *       sequence number issued in the unit of that time (0 when nothing was issued yet).</li>
 *   <li>A slot: {@code units << 17 | tickTock << 16 | sequence}: the 4 ms unit since 2010, the tick-tock bit and
 *       the sequence number, the three figures of a sno.</li>
 * </ul>
 */
final class TickTockSlots {

    private static final int SEQUENCE_BITS = 17;
    private static final long SEQUENCE_MASK = (1L << SEQUENCE_BITS) - 1;
    /** The state's ahead flag. */
    static final long AHEAD = 1L << SEQUENCE_BITS + 1;
    /** Where the state's time starts. */
    static final int TIME_SHIFT = SEQUENCE_BITS + 2;

    private static final int SLOT_UNITS_SHIFT = 17;
    private static final int SLOT_TICK_SHIFT = 16;

    private TickTockSlots() {
    }

    /** Packs a state whose time is a clock reading. */
    static long pack(long millis, int tick, int nextSequence) {
        return millis << TIME_SHIFT | (long) tick << SEQUENCE_BITS | nextSequence;
    }

    /** Packs a state whose time is reserved ahead of the clock: a ticket, or a lease's mark. */
    static long packAhead(long millis, int tick, int nextSequence) {
        return pack(millis, tick, nextSequence) | AHEAD;
    }

    /** The latest time a state used, in milliseconds since 2010. */
    static long millisOf(long state) {
        return state >>> TIME_SHIFT;
    }

    /** The current tick-tock bit of a state. */
    static int tickOf(long state) {
        return (int) (state >>> SEQUENCE_BITS) & 1;
    }

    /** One more than the last sequence number a state issued in its unit; 0 when it issued nothing. */
    static int nextSequenceOf(long state) {
        return (int) (state & SEQUENCE_MASK);
    }

    /** Whether a state's time is reserved ahead of the clock rather than a reading. */
    static boolean isAhead(long state) {
        return (state & AHEAD) != 0;
    }

    /** The 4 ms unit of a time in milliseconds since 2010. */
    static long unitOf(long millis) {
        return millis / Sno.UNIT_MILLIS;
    }

    /** Encodes a slot. */
    static long slot(long units, int tick, int sequence) {
        return units << SLOT_UNITS_SHIFT | (long) tick << SLOT_TICK_SHIFT | sequence;
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
}
