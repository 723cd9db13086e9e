package dev.ids.traceid;

import dev.ids.InvalidIdException;
import dev.ids.OneWordId;
import dev.ids.internal.BigEndian;
import dev.ids.internal.Chars;
import dev.ids.internal.Hex;
import dev.ids.internal.Latin1Digits;
import org.jspecify.annotations.Nullable;

/**
 * The string form of a {@link TraceId}: the canonical decimal text of its 63-bit value, with no sign, no leading
 * zero and no whitespace (what elfo's {@code Display} writes).
 *
 * <p>Decoding is strict: it accepts exactly the strings {@link #encode(long)} writes for the values a generator can
 * issue, so it rejects the empty string, {@code 0}, anything from 2<sup>63</sup> up, signs, leading zeros,
 * whitespace, any other non-digit, and values whose counter is 0. The accepting path allocates nothing; only a
 * rejection builds a message.
 */
public final class TraceIdCodec {

    /**
     * The length of the longest valid text: the decimal digits of the largest 63-bit value. Shorter texts are valid
     * too (the form has no padding); a fixed-width column needs this many characters.
     */
    public static final int LENGTH = 19;
    private static final long[] POWERS_OF_TEN = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L,
        100_000_000L, 1_000_000_000L};
    /** The value of each Latin-1 character as a decimal digit, or -1. */
    private static final byte[] DIGIT_VALUES = Latin1Digits.table("0123456789");

    private TraceIdCodec() {
    }

    /**
     * Writes the canonical decimal text of a raw value.
     *
     * @param raw the 63-bit value of a TraceId
     * @return its decimal text
     * @throws InvalidIdException when the value is not one a generator can issue (see {@link #check(long)})
     */
    public static String encode(long raw) {
        return TraceIdDecimal.of(check(raw));
    }

    /**
     * Writes the canonical decimal text of the 8-byte big-endian form.
     *
     * @param bytes exactly 8 bytes, as {@link TraceId#toBytes()} writes them
     * @return the decimal text
     * @throws InvalidIdException when the array is null or not 8 bytes long, or holds a value {@link #check(long)}
     *     rejects (the message shows the bytes in hex)
     */
    public static String encode(byte[] bytes) {
        return TraceIdDecimal.of(fromBytes(bytes));
    }

    /**
     * Reads canonical decimal text into the 8-byte big-endian form.
     *
     * @param text the text, exactly as {@link #encode(long)} writes it
     * @return a new array of 8 bytes
     * @throws InvalidIdException naming the text and what is wrong with it
     */
    public static byte[] decode(CharSequence text) {
        return BigEndian.oneWord(decodeLong(text));
    }

    /** The valid raw value of 8 big-endian bytes; rejects any other array naming it in hex. */
    static long fromBytes(byte[] bytes) {
        long raw = OneWordId.wordOf(TraceId.SCHEME, bytes);
        String problem = problem(raw);
        if (problem != null) {
            throw new InvalidIdException(TraceId.SCHEME, Hex.of(bytes), problem);
        }
        return raw;
    }

    /**
     * Reads canonical decimal text into the raw value of a TraceId.
     *
     * @param text the text, exactly as {@link #encode(long)} writes it
     * @return the raw 63-bit value, at least 1, with a counter of at least 1
     * @throws InvalidIdException naming the text and what is wrong with it
     */
    public static long decodeLong(CharSequence text) {
        long raw = decodeOrZero(text);
        if (raw == 0) {
            throw new InvalidIdException(TraceId.SCHEME, text == null ? null : text.toString(), problem(text));
        }
        return raw;
    }

    /**
     * Tells whether {@link #decodeLong(CharSequence)} accepts a text, without throwing.
     *
     * @param text the text, may be {@code null}
     * @return whether it is the canonical decimal text of a valid TraceId
     */
    public static boolean isValid(@Nullable CharSequence text) {
        return decodeOrZero(text) != 0;
    }

    /**
     * Checks that a raw value is one a generator can issue: not negative (bit 63 clear), not zero, counter not 0.
     *
     * @param raw the value
     * @return the value
     * @throws InvalidIdException naming the value (as unsigned decimal) and what is wrong with it
     */
    public static long check(long raw) {
        String problem = problem(raw);
        if (problem != null) {
            throw new InvalidIdException(TraceId.SCHEME, Long.toUnsignedString(raw), problem);
        }
        return raw;
    }

    /** Returns what is wrong with a raw value, or {@code null} when it is valid. */
    static @Nullable String problem(long raw) {
        if (raw < 0) {
            return "the highest bit is set; a TraceId is a 63-bit value (at most " + Long.MAX_VALUE + ")";
        }
        if (raw == 0) {
            return "zero is not a TraceId (its counter is at least 1)";
        }
        if ((raw & TraceId.MAX_COUNTER) == 0) {
            return "its counter is 0; generators issue counters 1 to " + TraceId.MAX_COUNTER;
        }
        return null;
    }

    /** The accepting path: the raw value, or 0 for any text that is not canonical or not valid. */
    static long decodeOrZero(@Nullable CharSequence text) {
        // Kept small so that the JIT inlines it into the caller; the common length has its own method.
        if (text != null && text.length() == LENGTH) {
            return decodeLongest(text);
        }
        return decodeShorter(text);
    }

    /**
     * A text of {@value #LENGTH} characters, with every index a constant so that the JIT checks the bounds once:
     * four-digit groups read independently and joined by a shallow tree, instead of one chain of 18 multiply-adds.
     * Any non-digit turns its group negative.
     */
    private static long decodeLongest(CharSequence text) {
        int first = text.charAt(0) - '0';
        int next = digits2(text, 1);
        int u1 = digits4(text, 3);
        int u0 = digits4(text, 7);
        int l1 = digits4(text, 11);
        int l0 = digits4(text, 15);
        if ((next | u1 | u0 | l1 | l0) < 0 || first < 1 || first > 9) {
            return 0;
        }
        return checkedValue(first * 100 + next, u1 * 10_000 + u0, l1 * 10_000 + l0);
    }

    /** Any text but one of {@value #LENGTH} characters. */
    private static long decodeShorter(@Nullable CharSequence text) {
        if (text == null) {
            return 0;
        }
        int length = text.length();
        if (length == 0 || length > LENGTH) {
            return 0;
        }
        int first = text.charAt(0) - '0';
        if (first < 1 || first > 9) {
            return 0;
        }
        if (length == LENGTH - 1) {
            int next = digits1(text, 1);
            int u1 = digits4(text, 2);
            int u0 = digits4(text, 6);
            int l1 = digits4(text, 10);
            int l0 = digits4(text, 14);
            if ((next | u1 | u0 | l1 | l0) < 0) {
                return 0;
            }
            return checkedValue(first * 10 + next, u1 * 10_000 + u0, l1 * 10_000 + l0);
        }
        // The last nine digits and the ones before them are read as two independent numbers, so the two chains
        // of multiplications overlap.
        int split = Math.max(length - 9, 1);
        long head = first;
        int invalid = 0;
        for (int i = 1; i < split; i++) {
            int digit = text.charAt(i) - '0';
            invalid |= digit | 9 - digit;
            head = head * 10 + digit;
        }
        int tail = 0;
        for (int i = split; i < length; i++) {
            int digit = text.charAt(i) - '0';
            invalid |= digit | 9 - digit;
            tail = tail * 10 + digit;
        }
        if (invalid < 0) {
            return 0;
        }
        long value;
        if (split == 1) {
            value = head * POWERS_OF_TEN[length - 1] + tail; // at most ten digits: no overflow
        } else {
            value = head * 1_000_000_000L + tail; // at most 17 digits: no overflow
        }
        return (value & TraceId.MAX_COUNTER) == 0 ? 0 : value;
    }

    /** {@code lead * 10^16 + upper * 10^8 + lower}, or 0 when it passes 63 bits or its counter is 0. */
    private static long checkedValue(int lead, int upper, int lower) {
        // At most 999 * 10^16 + 10^16 - 1 < 2^64: a value past Long.MAX_VALUE shows as negative.
        long value = lead * 10_000_000_000_000_000L + upper * 100_000_000L + lower;
        return value < 0 || (value & TraceId.MAX_COUNTER) == 0 ? 0 : value;
    }

    /** The value of the digit at {@code index}, or a negative number when it is not one. */
    private static int digits1(CharSequence text, int index) {
        int digit = text.charAt(index) - '0';
        return digit | (9 - digit) >> 31;
    }

    /** The value of two digits from {@code index}, or a negative number when either is not a digit. */
    private static int digits2(CharSequence text, int index) {
        int a = text.charAt(index) - '0';
        int b = text.charAt(index + 1) - '0';
        return a * 10 + b | (a | b | 9 - a | 9 - b) >> 31;
    }

    /** The value of four digits from {@code index}, or a negative number when any is not a digit. */
    private static int digits4(CharSequence text, int index) {
        int x = Latin1Digits.value(DIGIT_VALUES, text.charAt(index));
        int y = Latin1Digits.value(DIGIT_VALUES, text.charAt(index + 1));
        int z = Latin1Digits.value(DIGIT_VALUES, text.charAt(index + 2));
        int w = Latin1Digits.value(DIGIT_VALUES, text.charAt(index + 3));
        return (x * 10 + y) * 100 + z * 10 + w | (x | y | z | w) >> 31;
    }

    /** The rejecting path: what is wrong with a text that {@link #decodeOrZero} refused. */
    private static String problem(@Nullable CharSequence text) {
        if (text == null) {
            return "no text given";
        }
        int length = text.length();
        if (length == 0) {
            return "empty; expected a decimal number from 1 to " + Long.MAX_VALUE;
        }
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return Chars.describeAt(text, i) + " is not a decimal digit"
                        + " (signs, whitespace and other characters are not allowed)";
            }
        }
        if (text.charAt(0) == '0') {
            return length == 1 ? "zero is not a TraceId (its counter is at least 1)"
                    : "leading zero; the canonical decimal form has none";
        }
        if (length > LENGTH || decodeDigits(text) < 0) {
            return "too large; a TraceId is a 63-bit value (at most " + Long.MAX_VALUE + ")";
        }
        return "its counter (the low 10 bits) is 0; generators issue counters 1 to " + TraceId.MAX_COUNTER;
    }

    /** Reads up to LENGTH digits; -1 when the value does not fit in 63 bits. */
    private static long decodeDigits(CharSequence digits) {
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            int digit = digits.charAt(i) - '0';
            if (value > (Long.MAX_VALUE - digit) / 10) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

}