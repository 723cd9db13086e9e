package dev.ids.traceid;

import dev.ids.AbstractIdDescriptor;
import dev.ids.GeneratorSettings;
import dev.ids.IdConversions;
import dev.ids.NodeIdentityField;
import java.util.function.Supplier;

/**
 * Describes {@link TraceId}s to the integrations: decimal text, 8 bytes, a {@code long}, stored as a {@code BIGINT}.
 *
 * <p>A string column holds the decimal digits left-padded with zeros to 19, so that it sorts like the values (the
 * canonical text has 1 to 19 digits, and {@code "19" > "100"}); {@code CAST(column AS BIGINT)} still gives the value.
 * Reading a column accepts that text or the canonical one.
 */
public final class TraceIdDescriptor extends AbstractIdDescriptor<TraceId> {

    /** Node numbers are leased from 1: elfo reads node number 0 as "unknown node". */
    private static final NodeIdentityField NODE_NO = new NodeIdentityField("node-no", 0, TraceId.MAX_NODE_NO, 1,
            TraceId.MAX_NODE_NO, true);

    /** The descriptor; it holds no state. */
    public static final TraceIdDescriptor INSTANCE = new TraceIdDescriptor();

    private static final String ZEROS = "0".repeat(TraceIdCodec.LENGTH);

    /** For the service loader; use {@link #INSTANCE}. */
    public TraceIdDescriptor() {
        super(define(TraceId.SCHEME, TraceId.class).text(TraceIdCodec.LENGTH).bytes(TraceId.BYTES)
                .generatedBy(TraceIdGenerator.class).settings("node").identityField(NODE_NO)
                .nodeIdentity("node-no", "nodeNo"));
    }

    @Override
    protected void defineConversions(IdConversions<TraceId> conversions) {
        conversions.text(TraceId::parse, TraceIdCodec::isValid).bytes(TraceId::fromBytes)
                .longs(TraceId::toLong, TraceId::fromLong);
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
    public Supplier<TraceId> idSupplier(GeneratorSettings settings) {
        return TraceIdGenerator.builder().nodeNo((int) settings.nodeIdentity("node", 0, TraceId.MAX_NODE_NO,
                "the node number every TraceId carries, distinct for every process generating them")).build()::next;
    }
}
