package dev.ids.jpa;

import dev.ids.InvalidIdException;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdCodec;
import dev.ids.traceid.TraceIdDescriptor;

/**
 * The text a string column holds for a {@link TraceId}: its decimal value left-padded with zeros to 19 digits, so
 * that the column sorts like the values (the canonical decimal has 1 to 19 digits, and {@code "19" > "100"}).
 * {@code CAST(column AS BIGINT)} still gives the value. The column text of {@link TraceIdDescriptor}, which the
 * Hibernate type and the JPA converters read.
 */
public final class SortableTraceIdText {

    /** The length of the text: 19 digits, the most a positive 63-bit value has. */
    public static final int LENGTH = TraceIdCodec.LENGTH;

    private SortableTraceIdText() {
    }

    /**
     * Returns the 19-digit text of a TraceId.
     *
     * @param id the TraceId
     * @return its decimal value, left-padded with zeros to 19 digits
     */
    public static String format(TraceId id) {
        return TraceIdDescriptor.INSTANCE.toColumnText(id);
    }

    /**
     * Reads the 19-digit text, or the canonical decimal of {@link TraceId#toString()}.
     *
     * @param text the text
     * @return the TraceId
     * @throws InvalidIdException naming the text when it is neither form of a TraceId
     */
    public static TraceId parse(String text) {
        return TraceIdDescriptor.INSTANCE.fromColumnText(text);
    }
}
