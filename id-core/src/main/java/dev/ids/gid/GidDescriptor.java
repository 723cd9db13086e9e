package dev.ids.gid;

import dev.ids.AbstractIdDescriptor;
import dev.ids.GeneratorSettings;
import dev.ids.IdConversions;
import java.util.function.Supplier;

/**
 * Describes {@link Gid}s to the integrations: 24 base58 characters, 16 bytes, a UUID, stored as a UUID where the
 * database compares UUIDs by bytes and as 16 bytes elsewhere.
 */
public final class GidDescriptor extends AbstractIdDescriptor<Gid> {

    /** The descriptor; it holds no state. */
    public static final GidDescriptor INSTANCE = new GidDescriptor();

    /** For the service loader; use {@link #INSTANCE}. */
    public GidDescriptor() {
        super(define(Gid.SCHEME, Gid.class).text(GidCodec.LENGTH).bytes(Gid.BYTES)
                .generatedBy(GidGenerator.class).settings("type").nodeIdentity("none needed"));
    }

    @Override
    protected void defineConversions(IdConversions<Gid> conversions) {
        conversions.text(Gid::parse, GidCodec::isValid).bytes(Gid::fromBytes).uuids(Gid::toUuid, Gid::fromUuid);
    }

    @Override
    public Supplier<Gid> idSupplier(GeneratorSettings settings) {
        return GidGenerator.builder().type(settings.choice("type", GidType.VOLUME)).build()::next;
    }
}
