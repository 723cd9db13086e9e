package dev.ids.muid;

import dev.ids.InvalidIdException;
import dev.ids.internal.BigEndian;
import dev.ids.internal.Chars;
import dev.ids.internal.Hex;
import dev.ids.internal.Latin1Digits;
import dev.ids.internal.TwoWords;
import java.nio.charset.StandardCharsets;

/**
 * The string form of {@link Muid}: 13 + 11 + 8 upper-case hexadecimal digits (timestamp, medallion, offset)
 * joined by {@code -}, for example {@code 5D5EAC793E61F-1BFC71B112D-0000000B}.
 *
 * <p>Decoding is strict: only upper-case digits {@code 0-9 A-F} and the separators at indexes 13 and 25, exactly as
 * written by {@link #encode(long, long)}, plus the two short forms the Gink specification allows,
 * {@code TTTTTTTTTTTTT-MMMMMMMMMMM} (offset 0) and {@code TTTTTTTTTTTTT} (medallion and offset 0). Encoding and
 * decoding use no regular expressions and allocate nothing but their result.
 *
 * <p>The codec works on the 128 bits and never refers to {@link Muid}: {@link Muid#parse(String)} passes its
 * constructor as a {@link TwoWords} factory, so parsing allocates only the muid.
 */
public final class MuidCodec {

    /** The length of the canonical form. */
    public static final int LENGTH = 34;

    /** The length of the short form without the offset. */
    public static final int LENGTH_WITHOUT_OFFSET = 25;

    /** The length of the short form with the timestamp alone. */
    public static final int LENGTH_TIMESTAMP_ONLY = 13;

    private static final String ALPHABET = "0123456789ABCDEF";
    /** The ASCII codes of the 16 upper-case hex digits. */
    private static final byte[] DIGITS = ALPHABET.getBytes(StandardCharsets.US_ASCII);
    private static final int FIRST_DASH = 13;
    private static final int SECOND_DASH = 25;

    /** The value of each Latin-1 character as an upper-case hex digit, or -1. */
    private static final byte[] NIBBLES = Latin1Digits.table(ALPHABET);

    private MuidCodec() {
    }

    /**
     * Writes the canonical string of the 128 bits of a muid. Every bit pattern is a muid.
     *
     * @param high bytes 0..7 of the packed form, big-endian
     * @param low bytes 8..15
     * @return the 34-character canonical string
     */
    public static String encode(long high, long low) {
        // The 13 timestamp digits are its top 20 bits and low 32, the 11 medallion digits its top 12 bits and low
        // 32, the 8 offset digits its 32: five ints, each digit a shift and a masked table read of an int. The
        // appends form one straight chain with no control flow between them (the masked index leaves no bounds
        // check, the masked char no Latin-1 check): C2 fuses the chain (OptimizeStringConcat) into one array,
        // written in place, that becomes the String with no copy, allocating exactly the result. Reading the
        // digits from ints rather than from the three longs measured 14.4 against 17.0 ns on JDK 17 (JMH, the same
        // run, UUID.toString 11.9); see BENCHMARKS.md for why the chain cannot quite reach UUID's figure.
        int timestampHigh = (int) (high >>> 44);
        int timestampLow = (int) (high >>> 12);
        int medallionHigh = (int) high & 0xFFF;
        int medallionLow = (int) (low >>> 32);
        int offset = (int) low;
        return new StringBuilder(LENGTH).append(hex(timestampHigh, 16)).append(hex(timestampHigh, 12))
                .append(hex(timestampHigh, 8)).append(hex(timestampHigh, 4)).append(hex(timestampHigh, 0))
                .append(hex(timestampLow, 28)).append(hex(timestampLow, 24)).append(hex(timestampLow, 20))
                .append(hex(timestampLow, 16)).append(hex(timestampLow, 12)).append(hex(timestampLow, 8))
                .append(hex(timestampLow, 4)).append(hex(timestampLow, 0)).append('-')
                .append(hex(medallionHigh, 8)).append(hex(medallionHigh, 4)).append(hex(medallionHigh, 0))
                .append(hex(medallionLow, 28)).append(hex(medallionLow, 24)).append(hex(medallionLow, 20))
                .append(hex(medallionLow, 16)).append(hex(medallionLow, 12)).append(hex(medallionLow, 8))
                .append(hex(medallionLow, 4)).append(hex(medallionLow, 0)).append('-')
                .append(hex(offset, 28)).append(hex(offset, 24)).append(hex(offset, 20)).append(hex(offset, 16))
                .append(hex(offset, 12)).append(hex(offset, 8)).append(hex(offset, 4)).append(hex(offset, 0))
                .toString();
    }

    /**
     * Writes the canonical string of the 16-byte packed form. Every 16 bytes are a muid.
     *
     * @param bytes exactly 16 bytes, big-endian, as {@link Muid#toBytes()} writes them
     * @return the 34-character canonical string
     * @throws InvalidIdException when {@code bytes} is {@code null} or not 16 bytes long
     */
    public static String encode(byte[] bytes) {
        if (bytes == null || bytes.length != Muid.BYTES) {
            throw new InvalidIdException(Muid.SCHEME, Hex.excerpt(bytes), "the packed form is exactly " + Muid.BYTES
                    + " bytes, got " + (bytes == null ? "null" : bytes.length));
        }
        return encode(BigEndian.read(bytes, 0), BigEndian.read(bytes, 8));
    }

    /**
     * One digit. The mask of eight bits tells the JIT that the char is Latin-1, so it drops the per-char check of
     * whether the String needs two bytes a char, and costs nothing, since only the char's low byte is stored (a mask
     * of seven bits stayed as one more instruction a char).
     */
    private static char hex(int value, int shift) {
        return (char) (DIGITS[(value >>> shift) & 0xF] & 0xFF);
    }

    /**
     * Reads the canonical form or one of the two short forms into the 16 bytes of the packed form.
     *
     * @param text the text
     * @return the 16 bytes, big-endian
     * @throws InvalidIdException naming the input and what is wrong with it
     */
    public static byte[] decode(CharSequence text) {
        return decode(text, BigEndian::twoWords);
    }

    /**
     * Reads the canonical form or one of the two short forms into whatever {@code result} builds from the two
     * words; {@link Muid#parse(String)} passes its constructor, so nothing but the muid is allocated.
     */
    static <R> R decode(CharSequence text, TwoWords<R> result) {
        if (text != null && text.length() == LENGTH) {
            R decoded = decodeCanonical(text, result);
            if (decoded != null) {
                return decoded;
            }
        }
        return decodeOrReject(text, result);
    }


    /**
     * The common case, kept small so that the JIT inlines it whole: a canonical string, read four digits at a time
     * in straight-line code (any invalid digit makes its group negative). {@code null} for anything else.
     */
    private static <R> R decodeCanonical(CharSequence text, TwoWords<R> result) {
        if (text.charAt(FIRST_DASH) != '-' || text.charAt(SECOND_DASH) != '-') {
            return null;
        }
        int t0 = hex4(text, 0);
        int t1 = hex4(text, 4);
        int t2 = hex4(text, 8);
        int t3 = hex1(text, 12);
        int m0 = hex4(text, 14);
        int m1 = hex4(text, 18);
        int m2 = hex1(text, 22) << 8 | hex1(text, 23) << 4 | hex1(text, 24);
        int o0 = hex4(text, 26);
        int o1 = hex4(text, 30);
        if ((t0 | t1 | t2 | t3 | m0 | m1 | m2 | o0 | o1) < 0) {
            return null;
        }
        long timestamp = (long) t0 << 36 | (long) t1 << 20 | (long) t2 << 4 | t3;
        long medallion = (long) m0 << 28 | (long) m1 << 12 | m2;
        long offset = (long) o0 << 16 | o1;
        return result.of(timestamp << 12 | medallion >>> 32, medallion << 32 | offset);
    }

    /** The short forms, and the rejection of anything invalid with a message naming what is wrong. */
    private static <R> R decodeOrReject(CharSequence text, TwoWords<R> result) {
        if (text == null) {
            throw new InvalidIdException(Muid.SCHEME, null, "no string given");
        }
        String input = text.toString();
        int length = text.length();
        if (length != LENGTH && length != LENGTH_WITHOUT_OFFSET && length != LENGTH_TIMESTAMP_ONLY) {
            throw new InvalidIdException(Muid.SCHEME, input, "expected TTTTTTTTTTTTT-MMMMMMMMMMM-OOOOOOOO (13, 11 "
                    + "and 8 upper-case hex digits) or its first 25 or 13 characters, got " + length + " characters");
        }
        long high = 0;
        long low = 0;
        int nibble = 0;
        for (int position = 0; position < length; position++) {
            char c = text.charAt(position);
            if (position == FIRST_DASH || position == SECOND_DASH) {
                if (c != '-') {
                    throw new InvalidIdException(Muid.SCHEME, input,
                            "expected '-' at index " + position + " but found " + Chars.describe(text, position));
                }
                continue;
            }
            int value = Latin1Digits.value(NIBBLES, c);
            if (value < 0) {
                throw new InvalidIdException(Muid.SCHEME, input, Chars.describeAt(text, position)
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
        return result.of(high, low);
    }

    /** The value of four upper-case hex digits from {@code index}, or a negative number if any is not one. */
    private static int hex4(CharSequence text, int index) {
        return hex1(text, index) << 12 | hex1(text, index + 1) << 8 | hex1(text, index + 2) << 4
                | hex1(text, index + 3);
    }

    /** The value of one upper-case hex digit, or -1. */
    private static int hex1(CharSequence text, int index) {
        return Latin1Digits.value(NIBBLES, text.charAt(index));
    }

    /**
     * Tells whether {@link #decode(CharSequence)} would accept a text, without throwing.
     *
     * @param text the text, may be {@code null}
     * @return {@code true} when it is a canonical or short-form muid
     */
    public static boolean isValid(CharSequence text) {
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
                    : Latin1Digits.value(NIBBLES, c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
