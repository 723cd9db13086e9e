package dev.ids.lable;

import dev.ids.AbstractIdDescriptor;

/**
 * Describes {@link LableId}s to the integrations: 16 hexadecimal digits, 8 bytes, a {@code long}, stored as a
 * {@code BIGINT}.
 */
public final class LableIdDescriptor extends AbstractIdDescriptor<LableId> {

    /** The descriptor; it holds no state. */
    public static final LableIdDescriptor INSTANCE = new LableIdDescriptor();

    /** For the service loader; use {@link #INSTANCE}. */
    public LableIdDescriptor() {
        super(define(LableId.SCHEME, LableId.class)
                .text(LableCodec.LENGTH, LableId::parse, LableCodec::isValid)
                .bytes(LableId.BYTES, LableId::toBytes, LableId::fromBytes)
                .longs(LableId::toLong, LableId::fromLong)
                .column(Form.LONG)
                .decoding(LableId::timestamp, LableId::decoded)
                .generatedBy(LableIdGenerator.class));
    }
}
