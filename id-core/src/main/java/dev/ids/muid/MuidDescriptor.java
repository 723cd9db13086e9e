package dev.ids.muid;

import dev.ids.DecodedId;
import dev.ids.IdDescriptor;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;

/**
 * Describes {@link Muid}s to the integrations: 34 characters of hexadecimal groups, 16 bytes, a UUID, stored as a
 * UUID where the database compares UUIDs by bytes and as 16 bytes elsewhere.
 */
public final class MuidDescriptor implements IdDescriptor<Muid> {

    /** The descriptor; it holds no state. */
    public static final MuidDescriptor INSTANCE = new MuidDescriptor();

    private static final Set<Form> FORMS = Collections.unmodifiableSet(EnumSet.of(Form.TEXT, Form.BYTES, Form.UUID));

    /** For the service loader; use {@link #INSTANCE}. */
    public MuidDescriptor() {
    }

    @Override
    public String schemeName() {
        return Muid.SCHEME;
    }

    @Override
    public Class<Muid> valueType() {
        return Muid.class;
    }

    @Override
    public int textLength() {
        return MuidCodec.LENGTH;
    }

    @Override
    public int byteLength() {
        return Muid.BYTES;
    }

    @Override
    public Set<Form> forms() {
        return FORMS;
    }

    @Override
    public Form column() {
        return Form.UUID;
    }

    @Override
    public Muid parse(String text) {
        return Muid.parse(text);
    }

    @Override
    public boolean isValid(CharSequence text) {
        return MuidCodec.isValid(text);
    }

    @Override
    public byte[] toBytes(Muid value) {
        return value.toBytes();
    }

    @Override
    public Muid fromBytes(byte[] bytes) {
        return Muid.fromBytes(bytes);
    }

    @Override
    public UUID toUuid(Muid value) {
        return value.toUuid();
    }

    @Override
    public Muid fromUuid(UUID uuid) {
        return Muid.fromUuid(uuid);
    }

    @Override
    public Instant timestamp(Muid value) {
        return value.timestamp();
    }

    @Override
    public DecodedId decoded(Muid value) {
        return value.decoded();
    }
}
