package dev.ids.traceid;

import dev.ids.DecodedId;
import dev.ids.IdDescriptor;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * Describes {@link TraceId}s to the integrations: decimal text, 8 bytes, a {@code long}, stored as a {@code BIGINT}.
 *
 * <p>A string column holds the decimal digits left-padded with zeros to 19, so that it sorts like the values (the
 * canonical text has 1 to 19 digits, and {@code "19" > "100"}); {@code CAST(column AS BIGINT)} still gives the value.
 * Reading a column accepts that text or the canonical one.
 */
public final class TraceIdDescriptor implements IdDescriptor<TraceId> {

    /** The descriptor; it holds no state. */
    public static final TraceIdDescriptor INSTANCE = new TraceIdDescriptor();

    private static final Set<Form> FORMS = Collections.unmodifiableSet(EnumSet.of(Form.TEXT, Form.BYTES, Form.LONG));

    private static final String ZEROS = "0".repeat(TraceIdCodec.LENGTH);

    /** For the service loader; use {@link #INSTANCE}. */
    public TraceIdDescriptor() {
    }

    @Override
    public String schemeName() {
        return TraceId.SCHEME;
    }

    @Override
    public Class<TraceId> valueType() {
        return TraceId.class;
    }

    @Override
    public int textLength() {
        return TraceIdCodec.LENGTH;
    }

    @Override
    public int byteLength() {
        return TraceId.BYTES;
    }

    @Override
    public Set<Form> forms() {
        return FORMS;
    }

    @Override
    public Form column() {
        return Form.LONG;
    }

    @Override
    public TraceId parse(String text) {
        return TraceId.parse(text);
    }

    @Override
    public boolean isValid(CharSequence text) {
        return TraceIdCodec.isValid(text);
    }

    /**
     * Returns the decimal digits left-padded with zeros to 19.
     *
     * @param value the TraceId
     * @return the 19-digit text
     */
    @Override
    public String toColumnText(TraceId value) {
        String digits = value.toString();
        return ZEROS.substring(digits.length()) + digits;
    }

    /**
     * Reads the 19-digit text {@link #toColumnText} writes, or the canonical decimal.
     *
     * @param text the text
     * @return the TraceId
     * @throws dev.ids.InvalidIdException naming the text when it is neither form of a TraceId
     */
    @Override
    public TraceId fromColumnText(String text) {
        if (text != null && text.length() == TraceIdCodec.LENGTH && text.charAt(0) == '0' && isDigits(text)) {
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

    @Override
    public byte[] toBytes(TraceId value) {
        return value.toBytes();
    }

    @Override
    public TraceId fromBytes(byte[] bytes) {
        return TraceId.fromBytes(bytes);
    }

    @Override
    public long toLong(TraceId value) {
        return value.toLong();
    }

    @Override
    public TraceId fromLong(long value) {
        return TraceId.fromLong(value);
    }

    @Override
    public Instant timestamp(TraceId value) {
        return value.timestamp();
    }

    @Override
    public DecodedId decoded(TraceId value) {
        return value.decoded();
    }
}
