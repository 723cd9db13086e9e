package dev.ids.gid;

import dev.ids.InvalidIdException;
import dev.ids.internal.BigEndian;
import dev.ids.internal.Hex;
import dev.ids.internal.TwoWords;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

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
 * 6-digit and a 7-digit half ({@code value = high * 58^7 + low}) by {@code RandomGroup}. No method allocates
 * beyond its result.
 *
 * <p>Decoding is strict and checks everything {@link Gid#parse(String)} checks (length, separator, alphabet, the
 * width of each group, a known prefix, the top bit of byte 7), so {@link #isValid(CharSequence)} accepts exactly
 * the strings {@link Gid#isValid(String)} accepts. The codec works on bits and never refers to {@link Gid}: the
 * value type parses through a {@link TwoWords} factory.
 *
 * <p>This class writes the digits; reading them back, with the messages for a text that is not a GID, is
 * {@code GidText}'s, and the checks on the bytes are {@code GidLayout}'s, which the value type shares.
 */
public final class GidCodec {

    /** The Bitcoin base58 alphabet, in ascending order of value and of ASCII code. */
    public static final String ALPHABET = GidText.ALPHABET;

    /** Length of the canonical string. */
    public static final int LENGTH = GidText.LENGTH;
    /** Digits of the timestamp group (bytes 0..6). */
    public static final int TIME_DIGITS = GidText.TIME_DIGITS;
    /** Index of the {@code '-'} between the groups. */
    public static final int SEPARATOR_INDEX = GidText.SEPARATOR_INDEX;
    /** Digits of the random group (bytes 7..15). */
    public static final int RANDOM_DIGITS = GidText.RANDOM_DIGITS;

    /** 58^5: the time group is {@code high * 58^5 + low}, two chunks of five digits. */
    static final long POW58_5 = 656_356_768L;
    /** 58^3. */
    static final long POW58_3 = 195_112L;
    /** 58^4. */
    static final long POW58_4 = 11_316_496L;

    /** What {@link #isValid(CharSequence)} builds from a valid text: anything but {@code null}. */
    private static final TwoWords<Boolean> VALID = (high, low) -> Boolean.TRUE;

    private static final char[] DIGITS = ALPHABET.toCharArray();
    /**
     * The ASCII codes of the alphabet, for {@link #encode(long, long)}; 64 entries so that an index masked with
     * {@code 63} needs no bounds check.
     */
    private static final byte[] DIGIT_CODES = Arrays.copyOf(ALPHABET.getBytes(StandardCharsets.US_ASCII), 64);

    /** 58^2: the number of pairs of digits. */
    private static final int PAIRS = 58 * 58;
    /**
     * The two ASCII digits of each pair {@code 0 <= pair < 58^2}, first digit in the high byte; 4,096 entries so that
     * an index masked with {@code 0xFFF} needs no bounds check.
     */
    private static final short[] DIGIT_PAIRS = new short[4096];

    static {
        for (int pair = 0; pair < PAIRS; pair++) {
            DIGIT_PAIRS[pair] = (short) (DIGITS[pair / 58] << 8 | DIGITS[pair % 58]);
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
        // The value is cut into int chunks of at most five digits, then into pairs of digits (below 58^2), each pair
        // read at once from one table: about one division by a constant (a multiplication for the JIT) per two
        // digits. The digits are written by a method of their own that C2 inlines (see digits).
        long time = high >>> 8;
        int time1 = (int) (time / POW58_5);
        int time0 = (int) (time - time1 * POW58_5);
        long remainder = RandomGroup.remainder((int) high & 0xFF, low);
        long quotient = RandomGroup.quotient(low, remainder);
        int quotient1 = (int) (quotient / POW58_3);
        int quotient0 = (int) (quotient - quotient1 * POW58_3);
        int remainder1 = (int) (remainder / POW58_4);
        int remainder0 = (int) (remainder - remainder1 * POW58_4);
        return digits(time1, time0, remainder0, quotient1, quotient0, remainder1);
    }

    /**
     * The 24 chars of six chunks (two of five digits, one of four, three of three) as one straight chain of appends
     * with no control flow between them (the masked indexes leave no bounds check, the masked chars no Latin-1
     * check): C2 fuses the chain (OptimizeStringConcat) into one array that becomes the String without a copy. Each
     * char is one helper call on its chunk; the JIT computes each quotient and reads each pair once, however many
     * helpers ask for it. With the four chunks of most digits the first four parameters (one-byte loads) the method
     * stays small enough in bytecode for C2 to inline into its callers, as {@link #encode(long, long)} does, so
     * that {@code Gid.toString()} costs no call (the method that did both, 497 bytes, stayed a call).
     */
    private static String digits(int time1, int time0, int remainder0, int quotient1, int quotient0,
            int remainder1) {
        return new StringBuilder(LENGTH).append(leadOfFive(time1)).append(middleFirst(time1))
                .append(middleSecond(time1)).append(lastFirst(time1)).append(lastSecond(time1))
                .append(leadOfFive(time0)).append(middleFirst(time0)).append(middleSecond(time0))
                .append(lastFirst(time0)).append(lastSecond(time0)).append('-').append(leadOfThree(quotient1))
                .append(lastFirst(quotient1)).append(lastSecond(quotient1)).append(leadOfThree(quotient0))
                .append(lastFirst(quotient0)).append(lastSecond(quotient0)).append(leadOfThree(remainder1))
                .append(lastFirst(remainder1)).append(lastSecond(remainder1)).append(firstOfFour(remainder0))
                .append(secondOfFour(remainder0)).append(lastFirst(remainder0)).append(lastSecond(remainder0))
                .toString();
    }

    /**
     * Returns the 24-character string of a GID's 16 bytes.
     *
     * @param bytes exactly 16 bytes, big-endian, as {@link Gid#toBytes()} writes them
     * @return the canonical string
     * @throws InvalidIdException naming the bytes in hex when they are null, not 16 bytes, or not a GID (an invalid
     *     or unknown prefix, or byte 7 without its top bit)
     */
    public static String encode(byte[] bytes) {
        if (bytes == null || bytes.length != GidLayout.BYTES) {
            throw new InvalidIdException(GidLayout.SCHEME, Hex.excerpt(bytes),
                    "must be " + GidLayout.BYTES + " bytes, got " + (bytes == null ? "null" : bytes.length));
        }
        long high = BigEndian.read(bytes, 0);
        String problem = GidLayout.problem(high, null);
        if (problem != null) {
            throw new InvalidIdException(GidLayout.SCHEME, Hex.of(bytes), problem);
        }
        return encode(high, BigEndian.read(bytes, 8));
    }

    /*
     * The char readers mask their char to 8 bits, which costs nothing since only its low byte is stored, so that
     * the JIT knows it is Latin-1 and drops the per-char check of whether the String needs two bytes a char (about
     * an eighth of encode(long, long) on JDK 17, CodecBenchmarks.gidToString).
     */

    /** The first digit of a chunk of five digits. */
    private static char leadOfFive(int chunk) {
        return digit(chunk / PAIRS / PAIRS);
    }

    /** The first digit of a chunk of three digits. */
    private static char leadOfThree(int chunk) {
        return digit(chunk / PAIRS);
    }

    /** The first digit of the pair before the last of a chunk of five digits. */
    private static char middleFirst(int chunk) {
        return first(pair(chunk / PAIRS - chunk / PAIRS / PAIRS * PAIRS));
    }

    /** The second digit of the pair before the last of a chunk of five digits. */
    private static char middleSecond(int chunk) {
        return second(pair(chunk / PAIRS - chunk / PAIRS / PAIRS * PAIRS));
    }

    /** The first digit of a chunk of four digits. */
    private static char firstOfFour(int chunk) {
        return first(pair(chunk / PAIRS));
    }

    /** The second digit of a chunk of four digits. */
    private static char secondOfFour(int chunk) {
        return second(pair(chunk / PAIRS));
    }

    /** The first digit of the last pair of a chunk. */
    private static char lastFirst(int chunk) {
        return first(pair(chunk - chunk / PAIRS * PAIRS));
    }

    /** The second digit of the last pair of a chunk. */
    private static char lastSecond(int chunk) {
        return second(pair(chunk - chunk / PAIRS * PAIRS));
    }

    /** The digit of a value 0..57. */
    private static char digit(int value) {
        return (char) (DIGIT_CODES[value & 63] & 0xFF);
    }

    /** The two ASCII digits of a pair of digits {@code 0 <= pair < 58^2}, first digit in the high byte. */
    private static int pair(int pair) {
        return DIGIT_PAIRS[pair & 0xFFF];
    }

    /** The first digit of a {@link #pair(int)}. */
    private static char first(int pair) {
        return (char) (pair >>> 8 & 0xFF);
    }

    /** The second digit of a {@link #pair(int)}. */
    private static char second(int pair) {
        return (char) (pair & 0xFF);
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
     * Encodes a 9-byte value as its 13 base58 digits, as the second group of a GID's string.
     *
     * @param firstByte the most significant byte, 0 to 255
     * @param rest the other 8 bytes, big-endian
     * @return the 13 digits
     */
    public static String encodeRandom(int firstByte, long rest) {
        char[] out = new char[RANDOM_DIGITS];
        encodeRandom(firstByte, rest, out, 0);
        return new String(out);
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
        long remainder = RandomGroup.remainder(firstByte, rest);
        long quotient = RandomGroup.quotient(rest, remainder);
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
        return GidText.digit(c);
    }

    /**
     * Reads a run of at most 10 base58 digits as a number (58^10 - 1 fits a long).
     *
     * @param text the text
     * @param from index of the first digit
     * @param to index after the last digit, at most {@code from + 10} and at most the text's length
     * @return the value, or {@code -1 - index} for the first character outside the alphabet
     * @throws IllegalArgumentException when the run is longer than 10 digits
     * @throws IndexOutOfBoundsException when the text is shorter than {@code to}
     */
    public static long decodeDigits(CharSequence text, int from, int to) {
        return GidText.digits(text, from, to);
    }

    /**
     * Decodes the canonical string of a GID of any type into its 16 bytes.
     *
     * @param text 24 characters: 10 base58 digits, {@code '-'}, 13 base58 digits
     * @return the 16 bytes, big-endian
     * @throws InvalidIdException naming the text and what is wrong with it, as {@link Gid#parse(String)}
     */
    public static byte[] decode(CharSequence text) {
        return Objects.requireNonNull(GidText.decode(text, null, BigEndian::twoWords, true),
                "decode throws rather than return null");
    }

    /**
     * Tells whether a text is the canonical string of a GID, without throwing.
     *
     * @param text the text, may be {@code null}
     * @return whether {@link #decode(CharSequence)} would accept it
     */
    public static boolean isValid(@Nullable CharSequence text) {
        return GidText.decode(text, null, VALID, false) != null;
    }
}
