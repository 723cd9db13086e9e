package dev.ids.muid;

import dev.ids.DecodedId;
import dev.ids.internal.Checks;
import java.time.Instant;
import java.util.Objects;

/**
 * Where a muid's three components sit in its two words, and the checks of the values that go in: the timestamp in
 * bits 127..76, the medallion across the two words in bits 75..32, the offset in bits 31..0; all ones in the
 * timestamp or medallion stands for Gink's -1.
 *
 * <p>Kept apart from {@link Muid} so that the value class reads as its API while the shifts, masks and range
 * checks live in one place. It works on the two raw {@code long} words and refers to no {@code Muid}, so the
 * dependency runs one way only.
 */
final class MuidLayout {

    /** The largest timestamp of an ordinary muid: one below all ones, which means -1. */
    static final long MAX_TIMESTAMP = (1L << 52) - 2;
    /** The largest medallion of an ordinary muid: one below all ones, which means -1. */
    static final long MAX_MEDALLION = (1L << 44) - 2;

    static final long TIMESTAMP_MASK = (1L << 52) - 1;
    static final long MEDALLION_MASK = (1L << 44) - 1;
    static final long OFFSET_MASK = 0xFFFF_FFFFL;

    /** The medallion's upper 12 bits, at the bottom of the high word under the timestamp. */
    private static final long HIGH_MEDALLION_BITS = 0xFFFL;
    /** Offsets are taken signed or as their unsigned 32 bits, as Gink's constructor takes them. */
    private static final long MIN_OFFSET_INPUT = Integer.MIN_VALUE;
    private static final long MAX_OFFSET_INPUT = (1L << 32) - 1;

    private MuidLayout() {
    }

    /** Checks the components {@code Muid.of} takes, naming the first out of range; returns the offset's 32 bits. */
    static int checkComponents(long timestamp, long medallion, long offset) {
        Checks.inRange("timestamp", timestamp, -1, TIMESTAMP_MASK);
        Checks.inRange("medallion", medallion, -1, MEDALLION_MASK);
        Checks.inRange("offset", offset, MIN_OFFSET_INPUT, MAX_OFFSET_INPUT);
        return (int) offset;
    }

    /** The high word of components in range (-1 allowed for both): the timestamp, then the medallion's top bits. */
    static long high(long timestamp, long medallion) {
        return (timestamp & TIMESTAMP_MASK) << 12 | (medallion & MEDALLION_MASK) >>> 32;
    }

    /** The low word: the medallion's lower 32 bits, then the offset. */
    static long low(long medallion, int offset) {
        return (medallion & OFFSET_MASK) << 32 | (offset & OFFSET_MASK);
    }

    /** The high word of the lowest muid of a microsecond. */
    static long lowestHigh(long micros) {
        return micros << 12;
    }

    /** The high word of the highest muid of a microsecond: every medallion bit set. */
    static long highestHigh(long micros) {
        return micros << 12 | HIGH_MEDALLION_BITS;
    }

    /** The low word with another offset, keeping the medallion's bits. */
    static long withOffset(long low, int offset) {
        return (low & ~OFFSET_MASK) | (offset & OFFSET_MASK);
    }

    /** The timestamp's 52 bits as stored. */
    static long timestampBits(long high) {
        return high >>> 12;
    }

    /** The medallion's 44 bits as stored, from both words. */
    static long medallionBits(long high, long low) {
        return (high & HIGH_MEDALLION_BITS) << 32 | low >>> 32;
    }

    /** The timestamp component: -1 for all ones. */
    static long timestamp(long high) {
        long ts = timestampBits(high);
        return ts == TIMESTAMP_MASK ? -1 : ts;
    }

    /** The medallion component: -1 for all ones. */
    static long medallion(long high, long low) {
        long med = medallionBits(high, low);
        return med == MEDALLION_MASK ? -1 : med;
    }

    /**
     * The microseconds since the epoch of an instant that an ordinary muid can hold. The seconds are checked first so
     * that an instant far out of range is named in seconds rather than overflowing the multiplication.
     */
    static long micros(Instant instant) {
        Objects.requireNonNull(instant, "instant");
        long seconds = instant.getEpochSecond();
        long maxSeconds = MAX_TIMESTAMP / 1_000_000L;
        if (seconds < 0 || seconds > maxSeconds) {
            throw new IllegalArgumentException(Checks.outOfRange("instant", seconds, 0, maxSeconds)
                    + " seconds since the Unix epoch (" + instant + ")");
        }
        long micros = seconds * 1_000_000L + instant.getNano() / 1_000;
        if (micros > MAX_TIMESTAMP) {
            throw new IllegalArgumentException(Checks.outOfRange("instant", micros, 0, MAX_TIMESTAMP)
                    + " µs since the Unix epoch (" + instant + ")");
        }
        return micros;
    }

    /** Adds the components and their raw bits (52, 44 and 32, unsigned) to a decoded view. */
    static DecodedId.Builder describe(DecodedId.Builder builder, long high, long low) {
        return builder
                .component("timestamp", timestamp(high))
                .component("medallion", medallion(high, low))
                .component("offset", (int) low)
                .field("timestamp", 52, timestampBits(high))
                .field("medallion", 44, medallionBits(high, low))
                .field("offset", 32, low & OFFSET_MASK);
    }
}
