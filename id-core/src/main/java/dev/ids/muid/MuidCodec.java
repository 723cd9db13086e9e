package dev.ids.muid;

import dev.ids.InvalidIdException;
import dev.ids.internal.BigEndian;
import dev.ids.internal.Chars;
import dev.ids.internal.Hex;
import dev.ids.internal.Latin1Digits;
import dev.ids.internal.TwoWords;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

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
    /** The two ASCII digits of each byte value, the first in the high byte. */
    private static final char[] DIGIT_PAIRS = new char[256];
    private static final int FIRST_DASH = 13;
    private static final int SECOND_DASH = 25;

    /** The value of each Latin-1 character as an upper-case hex digit, or -1. */
    private static final byte[] NIBBLES = Latin1Digits.table(ALPHABET);

    static {
        for (int value = 0; value < 256; value++) {
            DIGIT_PAIRS[value] = (char) (DIGITS[value >>> 4] << 8 | DIGITS[value & 0xF]);
        }
    }

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
        // 32, the 8 offset digits its 32: five ints, written by a method of their own that C2 inlines (see digits).
        return digits((int) (high >>> 12), (int) (low >>> 32), (int) low, (int) (high >>> 44), (int) high & 0xFFF);
    }

    /**
     * The 32 digits and two dashes as one straight chain of appends with no control flow between them (the masked
     * indexes leave no bounds check, the masked chars no Latin-1 check): C2 fuses the chain (OptimizeStringConcat)
     * into one array, written in place, that becomes the String with no copy, allocating exactly the result.
     *
     * <p>Two digits at a time: both digits of a byte are one read of a table of pairs at the byte's value (the JIT
     * computes the index and reads the pair once for the two helpers that ask for it), which halves the reads the
     * JIT schedules ahead of the stores and holds in registers. And the method is small: a helper call a digit, and
     * the four ints with most digits the first four parameters (one-byte loads), keep it at 250 bytes of bytecode,
     * below the 325 up to which C2 inlines a hot callee, so that {@code Muid.toString()} costs no call, as
     * {@code UUID.toString()} costs none. Measured in BENCHMARKS.md (the method before, with a shift argument a
     * digit and one table read a digit, had 366 bytes and stayed a call: 1.24x {@code UUID.toString()} on JDK 17).
     */
    private static String digits(int timestampLow, int medallionLow, int offset, int timestampHigh,
            int medallionHigh) {
        return new StringBuilder(LENGTH).append(digit16(timestampHigh)).append(first8(timestampHigh))
                .append(second8(timestampHigh)).append(first0(timestampHigh)).append(second0(timestampHigh))
                .append(first24(timestampLow)).append(second24(timestampLow)).append(first16(timestampLow))
                .append(second16(timestampLow)).append(first8(timestampLow)).append(second8(timestampLow))
                .append(first0(timestampLow)).append(second0(timestampLow)).append('-').append(digit8(medallionHigh))
                .append(first0(medallionHigh)).append(second0(medallionHigh)).append(first24(medallionLow))
                .append(second24(medallionLow)).append(first16(medallionLow)).append(second16(medallionLow))
                .append(first8(medallionLow)).append(second8(medallionLow)).append(first0(medallionLow))
                .append(second0(medallionLow)).append('-').append(first24(offset)).append(second24(offset))
                .append(first16(offset)).append(second16(offset)).append(first8(offset)).append(second8(offset))
                .append(first0(offset)).append(second0(offset)).toString();
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

    /*
     * The digits of an int, by place. Each char is masked to eight bits, which tells the JIT that it is Latin-1, so
     * it drops the per-char check of whether the String needs two bytes a char, and costs nothing, since only the
     * char's low byte is stored (a mask of seven bits stayed as one more instruction a char).
     */

    /** The digit of bits 16-19. */
    private static char digit16(int value) {
        return (char) (DIGITS[value >>> 16 & 0xF] & 0xFF);
    }

    /** The digit of bits 8-11. */
    private static char digit8(int value) {
        return (char) (DIGITS[value >>> 8 & 0xF] & 0xFF);
    }

    /** The first digit of bits 24-31. */
    private static char first24(int value) {
        return (char) (DIGIT_PAIRS[value >>> 24] >>> 8 & 0xFF);
    }

    /** The second digit of bits 24-31. */
    private static char second24(int value) {
        return (char) (DIGIT_PAIRS[value >>> 24] & 0xFF);
    }

    /** The first digit of bits 16-23. */
    private static char first16(int value) {
        return (char) (DIGIT_PAIRS[value >>> 16 & 0xFF] >>> 8 & 0xFF);
    }

    /** The second digit of bits 16-23. */
    private static char second16(int value) {
        return (char) (DIGIT_PAIRS[value >>> 16 & 0xFF] & 0xFF);
    }

    /** The first digit of bits 8-15. */
    private static char first8(int value) {
        return (char) (DIGIT_PAIRS[value >>> 8 & 0xFF] >>> 8 & 0xFF);
    }

    /** The second digit of bits 8-15. */
    private static char second8(int value) {
        return (char) (DIGIT_PAIRS[value >>> 8 & 0xFF] & 0xFF);
    }

    /** The first digit of bits 0-7. */
    private static char first0(int value) {
        return (char) (DIGIT_PAIRS[value & 0xFF] >>> 8 & 0xFF);
    }

    /** The second digit of bits 0-7. */
    private static char second0(int value) {
        return (char) (DIGIT_PAIRS[value & 0xFF] & 0xFF);
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
    static <R> R decode(@Nullable CharSequence text, TwoWords<R> result) {
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
    private static <R> @Nullable R decodeCanonical(CharSequence text, TwoWords<R> result) {
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
    private static <R> R decodeOrReject(@Nullable CharSequence text, TwoWords<R> result) {
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
        return Latin1Digits.hex4(NIBBLES, text, index);
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
    public static boolean isValid(@Nullable CharSequence text) {
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
