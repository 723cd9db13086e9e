package dev.ids.etcd;

import org.jspecify.annotations.Nullable;

/**
 * How a high-water mark is written in its key: milliseconds since the Unix epoch as exactly 19 decimal digits,
 * zero-padded. etcd compares values byte by byte, so with a fixed width the comparison of two marks' texts is the
 * comparison of their numbers, and a mark write can raise the mark in one transaction conditional on the stored text
 * being less than the new one ({@code value(mark) < new}).
 */
final class EtcdMarks {

    private static final int WIDTH = 19;

    private EtcdMarks() {
    }

    /** The text of a mark, 19 digits. */
    static String encode(long epochMillis) {
        if (epochMillis < 0) {
            throw new IllegalArgumentException("A high-water mark is not negative: " + epochMillis);
        }
        String digits = Long.toString(epochMillis);
        return "0".repeat(WIDTH - digits.length()) + digits;
    }

    /**
     * Reads a mark's text.
     *
     * @param text the stored value, or {@code null} when the key is missing
     * @return the mark, or -1 when there is none or it is not a number (an operator's write): a claim then starts from
     *     the floor of a recordless identity, as for a missing mark
     */
    static long decode(@Nullable String text) {
        if (text == null || text.isEmpty() || text.length() > WIDTH || !text.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        return Long.parseLong(text);
    }
}
