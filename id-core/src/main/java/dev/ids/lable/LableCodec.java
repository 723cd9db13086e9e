package dev.ids.lable;

import dev.ids.InvalidIdException;
import dev.ids.OneWordId;
import dev.ids.internal.BigEndian;
import dev.ids.internal.Chars;
import dev.ids.internal.Hex;
import dev.ids.internal.Latin1Digits;
import org.jspecify.annotations.Nullable;

/**
 * The string form of a {@link LableId}: the 16 lower-case hexadecimal digits of its eight bytes, big-endian, so
 * that strings sort like the bytes. The reference library defines no string form; this one is the project's.
 *
 * <p>Every entry point checks the layout ({@link #check(long)}: no reserved bit, a generator id of at most 63), so
 * {@link #isValid(CharSequence)} accepts exactly what {@link LableId#parse(String)} accepts and
 * {@link #encode(long)} writes only IDs. Like every codec it reads and writes the binary form
 * ({@link #encode(byte[])}, {@link #decode(CharSequence)}); as a 64-bit scheme it also works on a {@code long}.
 *
 * <p>Decoding is strict: exactly 16 characters from {@code 0-9a-f}. Upper-case digits are refused because they are
 * not canonical (every accepted string must equal the {@code toString()} of its value).
 */
public final class LableCodec {

    /** The length of the string form. */
    public static final int LENGTH = 16;

    /** Bits 3..2 of byte 6: generator-id bits 6 and 7 in LableOrg's 8- and 11-bit layouts. */
    private static final long WIDE_GENERATOR_BITS = 0x0C00L;
    /** Bits 7..5 of byte 6: generator-id bits 8 to 10 in LableOrg's 11-bit layout, reserved otherwise. */
    private static final long HIGH_RESERVED_BITS = 0xE000L;
    /** The position of the generator id's lowest bit. */
    private static final int GENERATOR_SHIFT = 4;

    private static final String ALPHABET = "0123456789abcdef";

    /** The value of each Latin-1 character as a lower-case hex digit, or -1. */
    private static final byte[] NIBBLES = Latin1Digits.table(ALPHABET);

    private LableCodec() {
    }

    /**
     * Writes the 16 lower-case hexadecimal digits of an ID's value, most significant first.
     *
     * @param bits the eight bytes of an ID as a big-endian long
     * @return the 16-character string
     * @throws InvalidIdException when the value does not fit the layout (see {@link #check(long)})
     */
    public static String encode(long bits) {
        return Hex.of(check(bits));
    }

    /**
     * Writes the string of an ID's eight bytes.
     *
     * @param bytes exactly eight bytes, big-endian
     * @return the 16-character string
     * @throws InvalidIdException naming the bytes in hexadecimal when they are {@code null}, not eight long, or set
     *     a bit outside the layout
     */
    public static String encode(byte[] bytes) {
        return Hex.of(fromBytes(bytes));
    }

    /**
     * Reads the string of an ID into its eight bytes.
     *
     * @param text the string, exactly as {@link #encode(long)} writes it
     * @return a new array of eight bytes, big-endian
     * @throws InvalidIdException naming the text and what is wrong with it
     */
    public static byte[] decode(CharSequence text) {
        return BigEndian.oneWord(decodeLong(text));
    }

    /** The valid value of eight big-endian bytes; rejects any other array naming it in hex. */
    static long fromBytes(byte[] bytes) {
        return check(OneWordId.wordOf(LableId.SCHEME, bytes));
    }

    /**
     * Reads the string of an ID into its value.
     *
     * @param text the string: 16 lower-case hexadecimal digits whose value fits the layout
     * @return the eight bytes as a big-endian long
     * @throws InvalidIdException naming the text when it is {@code null}, not 16 characters long, holds a
     *     character other than {@code 0-9a-f}, or sets a bit outside the layout
     */
    public static long decodeLong(CharSequence text) {
        return check(decodeDigits(text));
    }

    /** Reads 16 lower-case hexadecimal digits, without checking the layout. */
    private static long decodeDigits(CharSequence text) {
        if (text == null || text.length() != LENGTH) {
            throw new InvalidIdException(LableId.SCHEME, text == null ? null : text.toString(), lengthProblem(text));
        }
        // Straight-line reads of four digits at a time, joined at the end; any invalid digit makes its group
        // negative, and only then does the loop below run, to find and name it.
        int g3 = hex4(text, 0);
        int g2 = hex4(text, 4);
        int g1 = hex4(text, 8);
        int g0 = hex4(text, 12);
        if ((g3 | g2 | g1 | g0) >= 0) {
            return (long) g3 << 48 | (long) g2 << 32 | (long) g1 << 16 | g0;
        }
        long bits = 0;
        for (int i = 0; i < LENGTH; i++) {
            char c = text.charAt(i);
            int digit = Latin1Digits.value(NIBBLES, c);
            if (digit < 0) {
                throw new InvalidIdException(LableId.SCHEME, text.toString(), characterProblem(text, i));
            }
            bits = bits << 4 | digit;
        }
        return bits;
    }

    /** The value of four lower-case hex digits from {@code index}, or a negative number if any is not one. */
    private static int hex4(CharSequence text, int index) {
        return Latin1Digits.hex4(NIBBLES, text, index);
    }

    /** The value of one lower-case hex digit, or -1. */
    private static int hex1(CharSequence text, int index) {
        return Latin1Digits.value(NIBBLES, text.charAt(index));
    }

    /**
     * Tells whether a text is the canonical string of an ID: 16 lower-case hexadecimal digits whose value fits the
     * layout ({@link #check(long)}), without throwing.
     *
     * @param text the text, may be {@code null}
     * @return whether {@link LableId#parse(String)} would accept it
     */
    public static boolean isValid(@Nullable CharSequence text) {
        if (text == null || text.length() != LENGTH) {
            return false;
        }
        long bits = 0;
        for (int i = 0; i < LENGTH; i++) {
            char c = text.charAt(i);
            int digit = Latin1Digits.value(NIBBLES, c);
            if (digit < 0) {
                return false;
            }
            bits = bits << 4 | digit;
        }
        return problem(bits) == null;
    }

    /**
     * Checks that a value fits the layout: no reserved bit of byte 6 set, and a generator id of at most 63.
     *
     * @param bits the eight bytes of an ID as a big-endian long
     * @return the value
     * @throws InvalidIdException naming the value (as its 16 hex digits) and what is wrong with it
     */
    public static long check(long bits) {
        String problem = problem(bits);
        if (problem != null) {
            throw new InvalidIdException(LableId.SCHEME, Hex.of(bits), problem);
        }
        return bits;
    }

    /** Returns what makes a value fall outside the layout, or {@code null} when it fits. */
    static @Nullable String problem(long bits) {
        if ((bits & HIGH_RESERVED_BITS) != 0) {
            return "reserved bits set in byte 6 (0x" + Integer.toHexString((int) (bits >>> 8) & 0xFF)
                    + "; only the mode bit 0x10 and generator-id bits 0x03 may be set)";
        }
        if ((bits & WIDE_GENERATOR_BITS) != 0) {
            return "generator id " + ((bits >>> GENERATOR_SHIFT) & 0xFF)
                    + " out of range [0, 63] (generator ids above 63 belong to LableOrg's later layouts)";
        }
        return null;
    }

    private static String lengthProblem(CharSequence text) {
        return text == null
                ? "expected 16 lower-case hex digits, got null"
                : "expected 16 lower-case hex digits, got " + text.length() + " characters";
    }

    private static String characterProblem(CharSequence text, int index) {
        char c = text.charAt(index);
        if (c >= 'A' && c <= 'F') {
            return "upper-case hex digit '" + c + "' at index " + index
                    + " is not canonical (the string form is lower case)";
        }
        return Chars.describeAt(text, index) + " is not a lower-case hex digit";
    }
}
