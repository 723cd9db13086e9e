package dev.ids.sequence;

import dev.ids.clock.IdClock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;

/**
 * The arithmetic of one {@link TimeSequence}: how clock readings become ticks and time units, and how a tick and a
 * sequence number pack into one {@code long}, both the sequence's state and the slots it hands out.
 *
 * <p>A packed word is {@code tick << timeShift | ahead << sequenceBits | sequence}: the tick (a reading counted from
 * the epoch), a flag that says the tick is no clock reading but the start of a unit reserved ahead of the clock (a
 * ticket, or a lease's mark; set in the state only, never in a slot), and the sequence number, in as many bits as
 * the largest one needs. Immutable; but for reading the clock, every method is plain arithmetic that the fast path
 * inlines.
 */
record SlotLayout(boolean micros, long nanosPerTick, long epoch, long unitTicks, int unitShift, long maxTick,
        int minSequence, int maxSequence, long sequenceMask, long aheadFlag, int timeShift) {

    /**
     * Lays out the slots of one sequence, deriving the rest of the record from what the sequence is built with.
     *
     * @param micros whether readings are microseconds (else milliseconds)
     * @param epoch the epoch of the ticks, in readings since the Unix epoch
     * @param unitTicks how many ticks make one time unit
     * @param maxUnit the last time unit the scheme can represent
     * @param minSequence the first sequence number of each unit
     * @param maxSequence the last
     * @return the layout; {@code unitShift} is {@code log2(unitTicks)} when that is a power of two, so that units are
     *     a shift away, and -1 otherwise
     */
    static SlotLayout of(boolean micros, long epoch, long unitTicks, long maxUnit, int minSequence, int maxSequence) {
        int unitShift = Long.bitCount(unitTicks) == 1 ? Long.numberOfTrailingZeros(unitTicks) : -1;
        int sequenceBits = 32 - Integer.numberOfLeadingZeros(maxSequence);
        int timeShift = sequenceBits + 1;
        long ticksThatFit = (Long.MAX_VALUE >> timeShift) - unitTicks;
        long maxTick = maxUnit >= ticksThatFit / unitTicks ? ticksThatFit : maxUnit * unitTicks + unitTicks - 1;
        return new SlotLayout(micros, micros ? 1_000L : 1_000_000L, epoch, unitTicks, unitShift, maxTick, minSequence,
                maxSequence, (1L << sequenceBits) - 1, 1L << sequenceBits, timeShift);
    }

    /** Packs a tick and a sequence number into a word, without the ahead flag. */
    long pack(long tick, int sequence) {
        return tick << timeShift | sequence;
    }

    /** Packs a tick reserved ahead of the clock and a sequence number into a state word. */
    long packAhead(long tick, int sequence) {
        return pack(tick, sequence) | aheadFlag;
    }

    long tickOf(long word) {
        return word >> timeShift;
    }

    int sequenceOf(long word) {
        return (int) (word & sequenceMask);
    }

    boolean isAhead(long word) {
        return (word & aheadFlag) != 0;
    }

    long unitOfTick(long tick) {
        return unitShift >= 0 ? tick >> unitShift : Math.floorDiv(tick, unitTicks);
    }

    /** The first tick of a unit. */
    long startOfUnit(long unit) {
        return unit * unitTicks;
    }

    /** The last sequence number a call that wants {@code wanted} slots from {@code first} on takes. */
    int lastTaken(int first, int wanted) {
        return (int) Math.min((long) first + wanted - 1, maxSequence);
    }

    /** How many slots each unit offers. */
    int capacity() {
        return maxSequence - minSequence + 1;
    }

    /** How many slots the sequence offers per second at most. */
    long perSecond() {
        return capacity() * 1_000_000_000L / (unitTicks * nanosPerTick);
    }

    /** Reads a clock in this layout's resolution, since the Unix epoch. */
    long read(IdClock clock) {
        return micros ? clock.wallTimeMicros() : clock.wallTimeMillis();
    }

    /** A tick as microseconds since the Unix epoch, the unit clock waits take. */
    long microsOf(long tick) {
        return micros ? tick + epoch : (tick + epoch) * 1_000L;
    }

    /** The last millisecond of a unit, since the Unix epoch. */
    long lastMillisOf(long unit) {
        long lastReading = epoch + unit * unitTicks + unitTicks - 1;
        return micros ? Math.floorDiv(lastReading, 1000L) : lastReading;
    }

    /** The unit of readings and ticks: microseconds or milliseconds. */
    ChronoUnit readingUnit() {
        return micros ? ChronoUnit.MICROS : ChronoUnit.MILLIS;
    }

    /** A number of ticks as a duration. */
    Duration ticks(long count) {
        return Duration.of(count, readingUnit());
    }

    /** A reading (since the Unix epoch) for a message. */
    String readingText(long reading) {
        return reading + unitSymbol() + " since 1970-01-01T00:00:00Z";
    }

    /** A tick (since the epoch) for a message. */
    String tickText(long tick) {
        return readingText(tick + epoch);
    }

    String unitSymbol() {
        return micros ? " µs" : " ms";
    }
}
