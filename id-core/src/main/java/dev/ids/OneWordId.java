package dev.ids;

import dev.ids.internal.BigEndian;
import dev.ids.internal.Hex;
import org.jspecify.annotations.Nullable;

/**
 * An ID value held in one 64-bit word: what its value types share besides their layout. Two IDs are equal when their
 * words are, and sort by the word as an unsigned number; as the binary form is the word's eight big-endian bytes,
 * that is the unsigned order of the bytes. Applications use the value types ({@code LableId}, {@code TraceId}).
 *
 * @param <T> the value type
 */
public abstract class OneWordId<T extends OneWordId<T>> extends BinaryFormId implements Comparable<T> {

    /** The length of the binary form: the word's eight bytes. */
    public static final int BYTES = Long.BYTES;

    private static final long serialVersionUID = 1L;

    /** The 64 bits; never in a stream, as the serial form is the binary form. */
    private final long word;

    /**
     * Wraps the word; the value type has checked it.
     *
     * @param word the 64 bits, as the value type lays them out
     */
    protected OneWordId(long word) {
        this.word = word;
    }

    /**
     * Reads the word of a one-word ID's binary form, with the checks of size every one-word scheme makes before it
     * checks the word against its layout.
     *
     * @param scheme the scheme's name, for the message
     * @param bytes the binary form: {@value #BYTES} bytes, big-endian
     * @return the bytes as a big-endian {@code long}, not yet checked against the scheme's layout
     * @throws InvalidIdException naming the bytes in hexadecimal when they are {@code null} or not {@value #BYTES}
     */
    public static long wordOf(String scheme, byte @Nullable [] bytes) {
        if (bytes == null || bytes.length != BYTES) {
            throw new InvalidIdException(scheme, Hex.excerpt(bytes),
                    "expected " + BYTES + " bytes, got " + (bytes == null ? "null" : bytes.length + " bytes"));
        }
        return BigEndian.read(bytes, 0);
    }

    /**
     * Returns the word, the {@code long} form: the eight bytes of {@link #toBytes()} as a big-endian {@code long}
     * (byte 0 in the top bits), as the value type lays it out and its {@code fromLong} reads it back.
     *
     * @return the 64 bits; negative when the top bit is set, which a value type may allow (a Lable ID) or not (a
     *     TraceId, always at least 1)
     */
    public final long toLong() {
        return word;
    }

    /**
     * Returns the eight bytes of the word, big-endian; their unsigned order is the order of the IDs.
     *
     * @return a new array of eight bytes
     */
    @Override
    public final byte[] toBytes() {
        return BigEndian.oneWord(word);
    }

    /**
     * Compares in the unsigned order of the word, which is the order of the bytes.
     *
     * @param other the other ID
     * @return negative, zero or positive as this ID sorts before, with or after the other
     */
    @Override
    public final int compareTo(T other) {
        return Long.compareUnsigned(word, ((OneWordId<T>) other).word);
    }

    /**
     * Tells whether another object is an ID of the same type with the same bits.
     *
     * @param obj the other object
     * @return whether both are of one type and hold the same word
     */
    @Override
    public final boolean equals(Object obj) {
        return obj != null && obj.getClass() == getClass() && ((OneWordId<?>) obj).word == word;
    }

    /**
     * Returns a hash of the word.
     *
     * @return the hash code
     */
    @Override
    public final int hashCode() {
        return Long.hashCode(word);
    }
}
