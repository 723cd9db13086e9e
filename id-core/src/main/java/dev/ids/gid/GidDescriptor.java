package dev.ids.gid;

import dev.ids.DecodedId;
import dev.ids.IdDescriptor;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;

/**
 * Describes {@link Gid}s to the integrations: 24 base58 characters, 16 bytes, a UUID, stored as a UUID where the
 * database compares UUIDs by bytes and as 16 bytes elsewhere.
 */
public final class GidDescriptor implements IdDescriptor<Gid> {

    /** The descriptor; it holds no state. */
    public static final GidDescriptor INSTANCE = new GidDescriptor();

    private static final Set<Form> FORMS = Collections.unmodifiableSet(EnumSet.of(Form.TEXT, Form.BYTES, Form.UUID));

    /** For the service loader; use {@link #INSTANCE}. */
    public GidDescriptor() {
    }

    @Override
    public String schemeName() {
        return Gid.SCHEME;
    }

    @Override
    public Class<Gid> valueType() {
        return Gid.class;
    }

    @Override
    public int textLength() {
        return GidCodec.LENGTH;
    }

    @Override
    public int byteLength() {
        return Gid.BYTES;
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
    public Gid parse(String text) {
        return Gid.parse(text);
    }

    @Override
    public boolean isValid(CharSequence text) {
        return GidCodec.isValid(text);
    }

    @Override
    public byte[] toBytes(Gid value) {
        return value.toBytes();
    }

    @Override
    public Gid fromBytes(byte[] bytes) {
        return Gid.fromBytes(bytes);
    }

    @Override
    public UUID toUuid(Gid value) {
        return value.toUuid();
    }

    @Override
    public Gid fromUuid(UUID uuid) {
        return Gid.fromUuid(uuid);
    }

    @Override
    public Instant timestamp(Gid value) {
        return value.timestamp();
    }

    @Override
    public DecodedId decoded(Gid value) {
        return value.decoded();
    }
}
