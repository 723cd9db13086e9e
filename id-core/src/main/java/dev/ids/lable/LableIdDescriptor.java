package dev.ids.lable;

import dev.ids.DecodedId;
import dev.ids.IdDescriptor;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * Describes {@link LableId}s to the integrations: 16 hexadecimal digits, 8 bytes, a {@code long}, stored as a
 * {@code BIGINT}.
 */
public final class LableIdDescriptor implements IdDescriptor<LableId> {

    /** The descriptor; it holds no state. */
    public static final LableIdDescriptor INSTANCE = new LableIdDescriptor();

    private static final Set<Form> FORMS = Collections.unmodifiableSet(EnumSet.of(Form.TEXT, Form.BYTES, Form.LONG));

    /** For the service loader; use {@link #INSTANCE}. */
    public LableIdDescriptor() {
    }

    @Override
    public String schemeName() {
        return LableId.SCHEME;
    }

    @Override
    public Class<LableId> valueType() {
        return LableId.class;
    }

    @Override
    public int textLength() {
        return LableCodec.LENGTH;
    }

    @Override
    public int byteLength() {
        return LableId.BYTES;
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
    public LableId parse(String text) {
        return LableId.parse(text);
    }

    @Override
    public boolean isValid(CharSequence text) {
        return LableCodec.isValid(text);
    }

    @Override
    public byte[] toBytes(LableId value) {
        return value.toBytes();
    }

    @Override
    public LableId fromBytes(byte[] bytes) {
        return LableId.fromBytes(bytes);
    }

    @Override
    public long toLong(LableId value) {
        return value.toLong();
    }

    @Override
    public LableId fromLong(long value) {
        return LableId.fromLong(value);
    }

    @Override
    public Instant timestamp(LableId value) {
        return value.timestamp();
    }

    @Override
    public DecodedId decoded(LableId value) {
        return value.decoded();
    }
}
