package dev.ids.internal;

import java.util.Arrays;

/**
 * The value of each Latin-1 character as a digit of an alphabet, for the codecs' parsers. Not part of the public API.
 *
 * <p>A table has an entry for each of the 256 Latin-1 characters, and {@link #value(byte[], char)} tests each character
 * by itself before it reads the table. That test costs nothing where it matters: the JIT knows that every char of a
 * Latin-1 {@code String} is below 256, so it drops the test and the table's bounds check with it. A test of several
 * characters or-ed together ({@code (a | b | c | d) > 0xFF}, as the JDK's own {@code UUID.fromString} has) stays in
 * the compiled code, since C2 puts no bound on an or; a table of 128 entries keeps a test of each character that the
 * JIT cannot drop either. BENCHMARKS.md has the instruction counts.
 */
public final class Latin1Digits {

    private Latin1Digits() {
    }

    /**
     * Builds the table of an alphabet.
     *
     * @param alphabet the digits in the order of their values, all of them Latin-1 and at most 127
     * @return 256 entries: each digit's value, and -1 for every other character
     */
    public static byte[] table(String alphabet) {
        byte[] table = new byte[256];
        Arrays.fill(table, (byte) -1);
        for (int value = 0; value < alphabet.length(); value++) {
            table[alphabet.charAt(value)] = (byte) value;
        }
        return table;
    }

    /**
     * Returns the value of a character as a digit.
     *
     * @param table a table from {@link #table(String)}
     * @param c the character
     * @return its value, or -1 when it is not a digit of the table's alphabet
     */
    public static int value(byte[] table, char c) {
        return c > 0xFF ? -1 : table[c];
    }

    /**
     * Returns the value of four digits of a base-16 alphabet, the first most significant, in straight-line code: a
     * character that is not a digit makes the result negative, so that several groups are checked with one test.
     *
     * @param table a table from {@link #table(String)} of a 16-digit alphabet
     * @param text the text
     * @param index where the four digits start
     * @return their value, 0 to 65535, or a negative number when any is not a digit
     */
    public static int hex4(byte[] table, CharSequence text, int index) {
        return value(table, text.charAt(index)) << 12 | value(table, text.charAt(index + 1)) << 8
                | value(table, text.charAt(index + 2)) << 4 | value(table, text.charAt(index + 3));
    }
}
