package dev.ids.sno;

import dev.ids.DecodedId;
import dev.ids.IdDescriptor;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * Describes {@link Sno}s to the integrations: 16 base32 characters, 10 bytes, stored as the bytes.
 */
public final class SnoDescriptor implements IdDescriptor<Sno> {

    /** The descriptor; it holds no state. */
    public static final SnoDescriptor INSTANCE = new SnoDescriptor();

    private static final Set<Form> FORMS = Collections.unmodifiableSet(EnumSet.of(Form.TEXT, Form.BYTES));

    /** For the service loader; use {@link #INSTANCE}. */
    public SnoDescriptor() {
    }

    @Override
    public String schemeName() {
        return Sno.SCHEME;
    }

    @Override
    public Class<Sno> valueType() {
        return Sno.class;
    }

    @Override
    public int textLength() {
        return SnoCodec.LENGTH;
    }

    @Override
    public int byteLength() {
        return Sno.BYTES;
    }

    @Override
    public Set<Form> forms() {
        return FORMS;
    }

    @Override
    public Form column() {
        return Form.BYTES;
    }

    @Override
    public Sno parse(String text) {
        return Sno.parse(text);
    }

    @Override
    public boolean isValid(CharSequence text) {
        return SnoCodec.isValid(text);
    }

    @Override
    public byte[] toBytes(Sno value) {
        return value.toBytes();
    }

    @Override
    public Sno fromBytes(byte[] bytes) {
        return Sno.fromBytes(bytes);
    }

    @Override
    public Instant timestamp(Sno value) {
        return value.timestamp();
    }

    @Override
    public DecodedId decoded(Sno value) {
        return value.decoded();
    }
}
