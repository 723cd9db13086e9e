package dev.ids.gid;

/**
 * The string form of a {@link Gid}: base58 (Bitcoin alphabet) of two fixed-width groups of its bytes.
 *
 * <pre>
 *   bytes 0..6  (prefix, timestamp)   -&gt; 10 base58 digits (a 7-byte value below 2^56 &lt; 58^10)
 *   '-'
 *   bytes 7..15 (random)              -&gt; 13 base58 digits (a 9-byte value below 2^72 &lt; 58^13)
 * </pre>
 *
 * <p>Each group is a big-endian number written with exactly as many digits as the group has, most significant
 * first, {@code '1'} standing for zero. For the bytes of a valid GID this equals the variable-length base58 that
 * Graft writes with the {@code bs58} crate, because the first byte of each group has its top bit set: the 7-byte
 * value is then at least 2^55 &gt; 58^9 and the 9-byte value at least 2^71 &gt; 58^12, so neither has a leading
 * zero digit. The alphabet is in ASCII order, so strings compare like the numbers they stand for.
 *
 * <p>The arithmetic uses {@code long}s only: the 7-byte group fits in one; the 9-byte group is split into a
 * 6-digit and a 7-digit half ({@code value = high * 58^7 + low}) by a short long division. No method allocates
 * beyond its result.
 */
public final class GidCodec {

    /** The Bitcoin base58 alphabet, in ascending order of value and of ASCII code. */
    public static final String ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

    /** Length of the canonical string. */
    public static final int LENGTH = 24;
    /** Digits of the timestamp group (bytes 0..6). */
    public static final int TIME_DIGITS = 10;
    /** Index of the {@code '-'} between the groups. */
    public static final int SEPARATOR_INDEX = 10;
    /** Digits of the random group (bytes 7..15). */
    public static final int RANDOM_DIGITS = 13;

    /** 58^7: the random group is {@code high * 58^7 + low} with {@code low < 58^7}. */
    static final long POW58_7 = 2_207_984_167_552L;

    private static final char[] DIGITS = ALPHABET.toCharArray();
    private static final byte[] VALUES = new byte[128];

    static {
        java.util.Arrays.fill(VALUES, (byte) -1);
        for (int i = 0; i < DIGITS.length; i++) {
            VALUES[DIGITS[i]] = (byte) i;
        }
    }

    private GidCodec() {
    }

    /**
     * Returns the 24-character string of 16 bytes given as two big-endian longs.
     *
     * @param high bytes 0..7 (prefix, timestamp, byte 7)
     * @param low bytes 8..15
     * @return {@code base58(bytes[0..7]) + "-" + base58(bytes[7..16])}, fixed width
     */
    public static String encode(long high, long low) {
        char[] out = new char[LENGTH];
        encodeTime(high >>> 8, out, 0);
        out[SEPARATOR_INDEX] = '-';
        encodeRandom((int) high & 0xFF, low, out, SEPARATOR_INDEX + 1);
        return new String(out);
    }

    /**
     * Writes the 10 base58 digits of a 7-byte value.
     *
     * @param value the value, 0 to 2^56 - 1
     * @param dest where to write
     * @param offset index of the first digit
     */
    public static void encodeTime(long value, char[] dest, int offset) {
        for (int i = offset + TIME_DIGITS - 1; i >= offset; i--) {
            dest[i] = DIGITS[(int) (value % 58)];
            value /= 58;
        }
    }

    /**
     * Writes the 13 base58 digits of a 9-byte value.
     *
     * @param firstByte the most significant byte, 0 to 255
     * @param rest the other 8 bytes, big-endian
     * @param dest where to write
     * @param offset index of the first digit
     */
    public static void encodeRandom(int firstByte, long rest, char[] dest, int offset) {
        // Long division of the 72-bit value by 58^7 in 16-bit steps: the remainder stays below 2^41, so
        // remainder << 16 | chunk stays below 2^57.
        long remainder = firstByte & 0xFF;
        long quotient = 0;
        for (int shift = 48; shift >= 0; shift -= 16) {
            long current = remainder << 16 | ((rest >>> shift) & 0xFFFF);
            quotient = quotient << 16 | current / POW58_7;
            remainder = current % POW58_7;
        }
        // quotient < 2^72 / 58^7 < 58^6: six digits; remainder < 58^7: seven digits.
        for (int i = offset + RANDOM_DIGITS - 1; i >= offset + 6; i--) {
            dest[i] = DIGITS[(int) (remainder % 58)];
            remainder /= 58;
        }
        for (int i = offset + 5; i >= offset; i--) {
            dest[i] = DIGITS[(int) (quotient % 58)];
            quotient /= 58;
        }
    }

    /**
     * Returns the value of a base58 digit.
     *
     * @param c a character
     * @return its value 0 to 57, or -1 when it is not in the alphabet
     */
    public static int digit(char c) {
        return c < 128 ? VALUES[c] : -1;
    }

    /**
     * Reads a run of at most 10 base58 digits as a number (58^10 - 1 fits a long).
     *
     * @param text the text
     * @param from index of the first digit
     * @param to index after the last digit, at most {@code from + 10}
     * @return the value, or {@code -1 - index} for the first character outside the alphabet
     * @throws IllegalArgumentException when the run is longer than 10 digits
     */
    public static long decodeDigits(CharSequence text, int from, int to) {
        if (to - from > TIME_DIGITS) {
            throw new IllegalArgumentException("at most " + TIME_DIGITS + " base58 digits fit a long: " + (to - from));
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            int digit = c < 128 ? VALUES[c] : -1;
            if (digit < 0) {
                return -1L - i;
            }
            value = value * 58 + digit;
        }
        return value;
    }
}
