package dev.ids.jpa;

import dev.ids.InvalidIdException;
import dev.ids.traceid.TraceId;

/**
 * The text a string column holds for a {@link TraceId}: its decimal value left-padded with zeros to 19 digits, so
 * that the column sorts like the values (the canonical decimal has 1 to 19 digits, and {@code "19" > "100"}).
 * {@code CAST(column AS BIGINT)} still gives the value.
 */
public final class SortableTraceIdText {

    /** The length of the text: 19 digits, the most a positive 63-bit value has. */
    public static final int LENGTH = 19;

    private static final String ZEROS = "0".repeat(LENGTH);

    private SortableTraceIdText() {
    }

    /**
     * Returns the 19-digit text of a TraceId.
     *
     * @param id the TraceId
     * @return its decimal value, left-padded with zeros to 19 digits
     */
    public static String format(TraceId id) {
        String digits = id.toString();
        return ZEROS.substring(digits.length()) + digits;
    }

    /**
     * Reads the 19-digit text, or the canonical decimal of {@link TraceId#toString()}.
     *
     * @param text the text
     * @return the TraceId
     * @throws InvalidIdException naming the text when it is neither form of a TraceId
     */
    public static TraceId parse(String text) {
        if (text != null && text.length() == LENGTH && text.charAt(0) == '0' && isDigits(text)) {
            return TraceId.fromLong(Long.parseLong(text));
        }
        return TraceId.parse(text);
    }

    private static boolean isDigits(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
