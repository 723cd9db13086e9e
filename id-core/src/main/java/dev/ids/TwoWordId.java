package dev.ids;

/**
 * An ID value held in two words, the high one first: what its value types share besides their layout. Two IDs are
 * equal when both words are, and sort by the words as unsigned numbers, high first; as each value type lays its
 * binary form out big-endian in the two words, that is the unsigned order of its bytes (and of its strings).
 * Applications use the value types ({@code Gid}, {@code Muid}, {@code Sno}).
 *
 * @param <T> the value type
 */
public abstract class TwoWordId<T extends TwoWordId<T>> extends BinaryFormId implements Comparable<T> {

    private static final long serialVersionUID = 1L;

    /** The high word; never in a stream, as the serial form is the binary form. */
    private final long high;
    /** The low word; never in a stream, as the serial form is the binary form. */
    private final long low;

    /**
     * Wraps the two words; the value type has checked them.
     *
     * @param high the high word
     * @param low the low word
     */
    protected TwoWordId(long high, long low) {
        this.high = high;
        this.low = low;
    }

    /**
     * Returns the high word, as the value type lays it out.
     *
     * @return the high word
     */
    protected final long high() {
        return high;
    }

    /**
     * Returns the low word, as the value type lays it out.
     *
     * @return the low word
     */
    protected final long low() {
        return low;
    }

    /**
     * Compares in the unsigned, big-endian order of the bytes, which is also the order of the strings.
     *
     * @param other the other ID
     * @return negative, zero or positive as this ID sorts before, with or after the other
     */
    @Override
    public final int compareTo(T other) {
        TwoWordId<T> that = other;
        int byHigh = Long.compareUnsigned(high, that.high);
        return byHigh != 0 ? byHigh : Long.compareUnsigned(low, that.low);
    }

    /**
     * Tells whether another object is an ID of the same type with the same bits.
     *
     * @param obj the other object
     * @return whether both are of one type and hold the same words
     */
    @Override
    public final boolean equals(Object obj) {
        return obj != null && obj.getClass() == getClass() && ((TwoWordId<?>) obj).high == high
                && ((TwoWordId<?>) obj).low == low;
    }

    /**
     * Returns a hash of both words.
     *
     * @return the hash code
     */
    @Override
    public final int hashCode() {
        return 31 * Long.hashCode(high) + Long.hashCode(low);
    }
}
