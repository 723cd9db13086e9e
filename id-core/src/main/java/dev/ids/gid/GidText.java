package dev.ids.gid;

import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import dev.ids.internal.Latin1Digits;
import dev.ids.internal.TwoWords;
import org.jspecify.annotations.Nullable;

/**
 * Reading the 24-character string of a GID back into its two words, strictly, and saying what is wrong with a text
 * that is not one: the length, the separator, a character outside the alphabet, a group wider than its bytes, then
 * the layout's own checks.
 *
 * <p>It owns the widths of the text format, which the public codec re-exports, and knows neither the codec nor the
 * value type: both call it and build their result through a {@link TwoWords} factory, so the dependencies between
 * the source files run one way.
 */
final class GidText {

    /** The Bitcoin base58 alphabet, in ascending order of value and of ASCII code. */
    static final String ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    /** Length of the canonical string. */
    static final int LENGTH = 24;
    /** Digits of the timestamp group (bytes 0..6); also the most digits whose value fits a long. */
    static final int TIME_DIGITS = 10;
    /** Index of the {@code '-'} between the groups. */
    static final int SEPARATOR_INDEX = 10;
    /** Digits of the random group (bytes 7..15). */
    static final int RANDOM_DIGITS = 13;
    /** 58^7: the random group is {@code high * 58^7 + low} with {@code low < 58^7}. */
    static final long POW58_7 = 2_207_984_167_552L;

    /** The value of each Latin-1 character as a base58 digit, or -1. */
    private static final byte[] VALUES = Latin1Digits.table(ALPHABET);

    private GidText() {
    }

    /** The value 0..57 of a base58 digit, or -1 when the character is not in the alphabet. */
    static int digit(char c) {
        return Latin1Digits.value(VALUES, c);
    }

    /**
     * Reads a run of at most 10 base58 digits as a number, or {@code -1 - index} of the first character outside
     * the alphabet.
     *
     * @throws IllegalArgumentException when the run is longer than 10 digits
     */
    static long digits(CharSequence text, int from, int to) {
        if (to - from > TIME_DIGITS) {
            throw new IllegalArgumentException("at most " + TIME_DIGITS + " base58 digits fit a long: " + (to - from));
        }
        // No test per digit: a character outside the alphabet reads as -1, which the or keeps, and only then are
        // the digits read again to find it.
        long value = 0;
        int invalid = 0;
        for (int i = from; i < to; i++) {
            int digit = Latin1Digits.value(VALUES, text.charAt(i));
            invalid |= digit;
            value = value * 58 + digit;
        }
        if (invalid >= 0) {
            return value;
        }
        for (int i = from; i < to; i++) {
            if (Latin1Digits.value(VALUES, text.charAt(i)) < 0) {
                return -1L - i;
            }
        }
        throw new IllegalStateException("the text changed while it was read");
    }

    /**
     * Decodes a text into whatever {@code result} builds from the two words; the value type's parse passes its
     * constructor, so nothing but the result is allocated.
     *
     * @param expected the type the GID must have, or {@code null} for any
     * @param throwing whether to throw on invalid text, or return {@code null}
     * @throws InvalidIdException when throwing, naming the text and what is wrong with it
     */
    static <R> @Nullable R decode(@Nullable CharSequence text, @Nullable GidType expected, TwoWords<R> result,
            boolean throwing) {
        if (text == null) {
            return reject(throwing, "null", "the string is null");
        }
        if (text.length() != LENGTH) {
            return reject(throwing, text, "must be " + LENGTH + " characters, got " + text.length());
        }
        if (text.charAt(SEPARATOR_INDEX) != '-') {
            return reject(throwing, text, "must have '-' at index " + SEPARATOR_INDEX
                    + " (10 base58 digits, '-', 13 base58 digits), found " + Chars.describe(text, SEPARATOR_INDEX));
        }
        long time = digits(text, 0, TIME_DIGITS);
        if (time < 0) {
            return reject(throwing, text, badCharacter(text, (int) (-1 - time)));
        }
        if (time >>> 56 != 0) {
            return reject(throwing, text, "the part before '-' is larger than 7 bytes");
        }
        int start = SEPARATOR_INDEX + 1;
        long upper = digits(text, start, start + 6);
        if (upper < 0) {
            return reject(throwing, text, badCharacter(text, (int) (-1 - upper)));
        }
        long lower = digits(text, start + 6, LENGTH);
        if (lower < 0) {
            return reject(throwing, text, badCharacter(text, (int) (-1 - lower)));
        }
        // value = upper * 58^7 + lower, below 58^13 < 2^77: 128-bit arithmetic on two longs.
        long productLow = upper * POW58_7;
        long low = productLow + lower;
        long first = Math.multiplyHigh(upper, POW58_7) + (Long.compareUnsigned(low, productLow) < 0 ? 1 : 0);
        if (first > 0xFF) {
            return reject(throwing, text, "the part after '-' is larger than 9 bytes");
        }
        long high = time << 8 | first;
        String problem = GidLayout.problem(high, expected);
        if (problem != null) {
            return reject(throwing, text, problem);
        }
        return result.of(high, low);
    }

    private static String badCharacter(CharSequence text, int index) {
        return Chars.describeAt(text, index)
                + " is not in the base58 alphabet (digits and letters without 0, O, I, l)";
    }

    private static <R> @Nullable R reject(boolean throwing, CharSequence input, String reason) {
        if (throwing) {
            throw new InvalidIdException(GidLayout.SCHEME, input.toString(), reason);
        }
        return null;
    }
}
