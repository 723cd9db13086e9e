package dev.ids.traceid;

import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import dev.ids.internal.Hex;
import dev.ids.internal.Latin1Digits;

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
    /** The smallest 19-digit value. */
    private static final long SMALLEST_19_DIGITS = 1_000_000_000_000_000_000L;
    private static final long BILLION = 1_000_000_000L;
    /**
     * ceil(2^90 / 10^9): {@code multiplyHigh(x, it) >>> 26} is {@code x / 10^9} for every x from 0 to 2^63 - 1,
     * because it exceeds 2^90 / 10^9 by e / 10^9 with e = 100,875,776, and x * e stays below 2^90.
     */
    private static final long RECIPROCAL_10_9 = 0x112E_0BE8_26D6_94B3L;
    /**
     * ceil(2^120 / 10^18): {@code multiplyHigh(x, it) >>> 56} is {@code x / 10^18} for every x from 0 to 2^63 - 1,
     * as above with e = 96,192,939,719,655,424 and x * e below 2^120.
     */
    private static final long RECIPROCAL_10_18 = 0x1272_5DD1_D243_ABA1L;
    /**
     * ceil(2^54 / 10^6): for every n below 10^9, {@code n * it} holds n / 10^6 (its first three digits) in the top
     * 10 bits and the rest as a fraction in the low 54, close enough that multiplying the fraction by 1,000 twice
     * brings up the next two triples of digits exactly (checked for every n by TraceIdCodecTest).
     */
    static final long NINE_DIGITS_SCALE = 18_014_398_510L;
    /** The fraction bits of {@link #NINE_DIGITS_SCALE}'s products. */
    static final long FRACTION = (1L << 54) - 1;
    /**
     * The three ASCII digits of each number 0..999 in the low three bytes, hundreds digit highest. 1,024 entries, so
     * that an index that is the top ten bits of a long needs no bounds check.
     */
    private static final int[] DIGIT_TRIPLES = new int[1024];
    /** The value of each Latin-1 character as a decimal digit, or -1. */
    private static final byte[] DIGIT_VALUES = Latin1Digits.table("0123456789");

    static {
        for (int i = 0; i < 1000; i++) {
            DIGIT_TRIPLES[i] = ('0' + i / 100) << 16 | ('0' + i / 10 % 10) << 8 | '0' + i % 10;
        }
    }

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
        return decimal(check(raw));
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
        return decimal(fromBytes(bytes));
    }

    /**
     * The decimal text of a non-negative value, exactly as {@link Long#toString(long)} writes it.
     *
     * <p>The 19-digit values (TraceIds whose wrapped timestamp is past about 3.6 million seconds: nine in ten) are
     * cut by divisions by 10^9 and 10^18 (each the high half of a product with a rounded-up reciprocal, side by side)
     * into their first digit and two groups of nine. Each group is multiplied once into a fixed-point number whose
     * top ten bits are its first three digits; each further triple is the top ten bits after multiplying the
     * fraction by 1,000 (as in James Anhalt's integer formatting), and each triple's three chars are read at once
     * from a table. Where {@code Long.toString} divides by 100 in one long dependent chain, that is two
     * multiplications for every three digits and seven table reads in all. See
     * <a href="https://github.com/dev-ids/ids/blob/main/BENCHMARKS.md">BENCHMARKS.md</a> for the figures and what
     * else was tried.
     *
     * <p>All 19 chars are read before the StringBuilder exists, so that the appends form one straight chain that C2
     * fuses (OptimizeStringConcat) into a single array becoming the String without a copy; a bounds check between
     * two appends would be control flow that makes it give up. The table indexes need no bounds check (the top ten
     * bits of a long into 1,024 entries), and each char is masked to 8 bits so that the JIT knows it is Latin-1 and
     * drops the per-char check of whether the String needs two bytes a char.
     */
    static String decimal(long raw) {
        if (raw < SMALLEST_19_DIGITS) {
            return Long.toString(raw);
        }
        long billions = Math.multiplyHigh(raw, RECIPROCAL_10_9) >>> 26;
        long first = Math.multiplyHigh(raw, RECIPROCAL_10_18) >>> 56; // 1 to 9
        long upper = (billions - first * BILLION) * NINE_DIGITS_SCALE;
        long lower = (raw - billions * BILLION) * NINE_DIGITS_SCALE;
        int u2 = DIGIT_TRIPLES[(int) (upper >>> 54)];
        int l2 = DIGIT_TRIPLES[(int) (lower >>> 54)];
        upper = (upper & FRACTION) * 1_000;
        lower = (lower & FRACTION) * 1_000;
        int u1 = DIGIT_TRIPLES[(int) (upper >>> 54)];
        int l1 = DIGIT_TRIPLES[(int) (lower >>> 54)];
        upper = (upper & FRACTION) * 1_000;
        lower = (lower & FRACTION) * 1_000;
        int u0 = DIGIT_TRIPLES[(int) (upper >>> 54)];
        int l0 = DIGIT_TRIPLES[(int) (lower >>> 54)];
        return digits(u2, u1, u0, l2, l1, l0, (int) first);
    }

    /**
     * The 19 digits as one straight chain of appends, in a method of its own that is small enough in bytecode for
     * C2 to inline into its callers (as {@link #decimal(long)} is): {@code TraceId.toString()} then costs no call,
     * as {@code UUID.toString()} costs none. The triples in the first four parameters load in one byte each.
     */
    private static String digits(int u2, int u1, int u0, int l2, int l1, int l0, int first) {
        return new StringBuilder(LENGTH).append((char) ('0' + (first & 0xF)))
                .append(hundreds(u2)).append(tens(u2)).append(ones(u2))
                .append(hundreds(u1)).append(tens(u1)).append(ones(u1))
                .append(hundreds(u0)).append(tens(u0)).append(ones(u0))
                .append(hundreds(l2)).append(tens(l2)).append(ones(l2))
                .append(hundreds(l1)).append(tens(l1)).append(ones(l1))
                .append(hundreds(l0)).append(tens(l0)).append(ones(l0)).toString();
    }

    /**
     * The hundreds digit of three ASCII digits from {@link #DIGIT_TRIPLES}; no table read, so it may stand between
     * two appends. The mask of eight bits tells the JIT that the char is Latin-1 and costs nothing, since only the
     * char's low byte is stored (a mask of seven bits stayed as one more instruction a char).
     */
    private static char hundreds(int triple) {
        return (char) (triple >>> 16 & 0xFF);
    }

    /** The tens digit of three ASCII digits, as {@link #hundreds(int)}. */
    private static char tens(int triple) {
        return (char) (triple >>> 8 & 0xFF);
    }

    /** The ones digit of three ASCII digits, as {@link #hundreds(int)}. */
    private static char ones(int triple) {
        return (char) (triple & 0xFF);
    }

    /**
     * Reads canonical decimal text into the 8-byte big-endian form.
     *
     * @param text the text, exactly as {@link #encode(long)} writes it
     * @return a new array of 8 bytes
     * @throws InvalidIdException naming the text and what is wrong with it
     */
    public static byte[] decode(CharSequence text) {
        long raw = decodeLong(text);
        byte[] bytes = new byte[TraceId.BYTES];
        for (int i = TraceId.BYTES - 1; i >= 0; i--) {
            bytes[i] = (byte) raw;
            raw >>>= 8;
        }
        return bytes;
    }

    /** The valid raw value of 8 big-endian bytes; rejects any other array naming it in hex. */
    static long fromBytes(byte[] bytes) {
        if (bytes == null || bytes.length != TraceId.BYTES) {
            throw new InvalidIdException(TraceId.SCHEME, Hex.excerpt(bytes), bytes == null ? "no bytes given"
                    : "expected " + TraceId.BYTES + " bytes, got " + bytes.length);
        }
        long raw = 0;
        for (byte b : bytes) {
            raw = raw << 8 | (b & 0xFF);
        }
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
    public static boolean isValid(CharSequence text) {
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
    static String problem(long raw) {
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
    static long decodeOrZero(CharSequence text) {
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
    private static long decodeShorter(CharSequence text) {
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
    private static String problem(CharSequence text) {
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
