package dev.ids.internal;

/**
 * Builds a result from the two big-endian halves of a 128-bit ID.
 *
 * <p>A codec that decodes into a value type would depend on that type, which depends on the codec for its
 * {@code toString()}: a cycle. Instead the value type hands its constructor to the codec as a {@code TwoWords}, so
 * parsing allocates only its result, not a {@code byte[]} or a holder of the two words.
 *
 * @param <R> the result, usually the value type
 */
@FunctionalInterface
public interface TwoWords<R> {

    /**
     * Builds the result from checked bits.
     *
     * @param high bytes 0..7
     * @param low bytes 8..15
     * @return the result, never {@code null}
     */
    R of(long high, long low);
}
