package dev.ids.sno;

import dev.ids.AbstractIdDescriptor;

/**
 * Describes {@link Sno}s to the integrations: 16 base32 characters, 10 bytes, stored as the bytes.
 */
public final class SnoDescriptor extends AbstractIdDescriptor<Sno> {

    /** The descriptor; it holds no state. */
    public static final SnoDescriptor INSTANCE = new SnoDescriptor();

    /** For the service loader; use {@link #INSTANCE}. */
    public SnoDescriptor() {
        super(define(Sno.SCHEME, Sno.class)
                .text(SnoCodec.LENGTH, Sno::parse, SnoCodec::isValid)
                .bytes(Sno.BYTES, Sno::toBytes, Sno::fromBytes)
                .column(Form.BYTES)
                .decoding(Sno::timestamp, Sno::decoded)
                .generatedBy(SnoGenerator.class));
    }
}
