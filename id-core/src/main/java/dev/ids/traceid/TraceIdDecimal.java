package dev.ids.traceid;

/**
 * Writes the canonical decimal text of a TraceId's 63-bit value, faster than {@link Long#toString(long)} for the
 * 19-digit values that most TraceIds are.
 *
 * <p>Kept apart from {@link TraceIdCodec}, which owns validation and parsing, because this is a self-contained
 * number-formatting routine: its constants and its reasoning about what C2 inlines and fuses have nothing to do with
 * what makes a TraceId valid. It depends on nothing else in the package, so both {@code TraceId.toString()} and the
 * codec call it without a cycle.
 */
final class TraceIdDecimal {

    /** The digits of the largest 63-bit value, the most this writes. */
    static final int MAX_DIGITS = 19;
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

    static {
        for (int i = 0; i < 1000; i++) {
            DIGIT_TRIPLES[i] = ('0' + i / 100) << 16 | ('0' + i / 10 % 10) << 8 | '0' + i % 10;
        }
    }

    private TraceIdDecimal() {
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
    static String of(long raw) {
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
     * C2 to inline into its callers (as {@link #of(long)} is): {@code TraceId.toString()} then costs no call,
     * as {@code UUID.toString()} costs none. The triples in the first four parameters load in one byte each.
     */
    private static String digits(int u2, int u1, int u0, int l2, int l1, int l0, int first) {
        return new StringBuilder(MAX_DIGITS).append((char) ('0' + (first & 0xF)))
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
}
