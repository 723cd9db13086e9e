package dev.ids.muid;

import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import java.util.Arrays;

/**
 * The string form of {@link Muid}: 13 + 11 + 8 upper-case hexadecimal digits (timestamp, medallion, offset)
 * joined by {@code -}, for example {@code 5D5EAC793E61F-1BFC71B112D-0000000B}.
 *
 * <p>Decoding is strict: only upper-case digits {@code 0-9 A-F} and the separators at indexes 13 and 25, exactly as
 * written by {@link #encode(Muid)}, plus the two short forms the Gink specification allows,
 * {@code TTTTTTTTTTTTT-MMMMMMMMMMM} (offset 0) and {@code TTTTTTTTTTTTT} (medallion and offset 0). Encoding and
 * decoding use no regular expressions and allocate nothing but their result.
 */
public final class MuidCodec {

    /** The length of the canonical form. */
    public static final int LENGTH = 34;

    /** The length of the short form without the offset. */
    public static final int LENGTH_WITHOUT_OFFSET = 25;

    /** The length of the short form with the timestamp alone. */
    public static final int LENGTH_TIMESTAMP_ONLY = 13;

    private static final char[] DIGITS = "0123456789ABCDEF".toCharArray();
    private static final int FIRST_DASH = 13;
    private static final int SECOND_DASH = 25;

    /** The value of each ASCII character as an upper-case hex digit, or -1. */
    private static final byte[] VALUES = new byte[128];

    static {
        Arrays.fill(VALUES, (byte) -1);
        for (int i = 0; i < DIGITS.length; i++) {
            VALUES[DIGITS[i]] = (byte) i;
        }
    }

    private MuidCodec() {
    }

    /**
     * Writes the canonical string of a muid.
     *
     * @param muid the muid
     * @return its 34-character canonical string
     */
    public static String encode(Muid muid) {
        long high = muid.high();
        long low = muid.low();
        char[] out = new char[LENGTH];
        int position = 0;
        for (int nibble = 0; nibble < 32; nibble++) {
            if (position == FIRST_DASH || position == SECOND_DASH) {
                out[position++] = '-';
            }
            long half = nibble < 16 ? high : low;
            out[position++] = DIGITS[(int) (half >>> (60 - 4 * (nibble & 15))) & 0xF];
        }
        return new String(out);
    }

    /**
     * Reads the canonical form or one of the two short forms.
     *
     * @param text the string
     * @return the muid
     * @throws InvalidIdException naming the input and what is wrong with it
     */
    public static Muid decode(String text) {
        if (text == null) {
            throw new InvalidIdException(Muid.SCHEME, null, "no string given");
        }
        int length = text.length();
        if (length != LENGTH && length != LENGTH_WITHOUT_OFFSET && length != LENGTH_TIMESTAMP_ONLY) {
            throw new InvalidIdException(Muid.SCHEME, text, "expected 34 characters "
                    + "(TTTTTTTTTTTTT-MMMMMMMMMMM-OOOOOOOO, 13, 11 and 8 upper-case hex digits), or the short forms "
                    + "TTTTTTTTTTTTT-MMMMMMMMMMM or TTTTTTTTTTTTT, but got " + length);
        }
        long high = 0;
        long low = 0;
        int nibble = 0;
        for (int position = 0; position < length; position++) {
            char c = text.charAt(position);
            if (position == FIRST_DASH || position == SECOND_DASH) {
                if (c != '-') {
                    throw new InvalidIdException(Muid.SCHEME, text,
                            "expected '-' at index " + position + " but found " + Chars.describe(c));
                }
                continue;
            }
            int value = c < 128 ? VALUES[c] : -1;
            if (value < 0) {
                throw new InvalidIdException(Muid.SCHEME, text, Chars.describe(c) + " at index " + position
                        + (c >= 'a' && c <= 'f'
                                ? " is lower case; muids are written in upper-case hex"
                                : " is not an upper-case hex digit (0-9, A-F)"));
            }
            if (nibble < 16) {
                high = high << 4 | value;
            } else {
                low = low << 4 | value;
            }
            nibble++;
        }
        if (nibble == LENGTH_TIMESTAMP_ONLY) {
            high <<= 12;
        } else if (nibble == 24) {
            low <<= 32;
        }
        return new Muid(high, low);
    }

    /**
     * Tells whether {@link #decode(String)} would accept a string, without throwing.
     *
     * @param text the string, may be {@code null}
     * @return {@code true} when it is a canonical or short-form muid
     */
    public static boolean isValid(String text) {
        if (text == null) {
            return false;
        }
        int length = text.length();
        if (length != LENGTH && length != LENGTH_WITHOUT_OFFSET && length != LENGTH_TIMESTAMP_ONLY) {
            return false;
        }
        for (int position = 0; position < length; position++) {
            char c = text.charAt(position);
            boolean ok = position == FIRST_DASH || position == SECOND_DASH
                    ? c == '-'
                    : c < 128 && VALUES[c] >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
