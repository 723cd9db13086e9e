package dev.ids.muid;

import dev.ids.AbstractIdDescriptor;
import dev.ids.GeneratorSettings;
import java.util.function.Supplier;

/**
 * Describes {@link Muid}s to the integrations: 34 characters of hexadecimal groups, 16 bytes, a UUID, stored as a
 * UUID where the database compares UUIDs by bytes and as 16 bytes elsewhere.
 */
public final class MuidDescriptor extends AbstractIdDescriptor<Muid> {

    /** The descriptor; it holds no state. */
    public static final MuidDescriptor INSTANCE = new MuidDescriptor();

    /** For the service loader; use {@link #INSTANCE}. */
    public MuidDescriptor() {
        super(define(Muid.SCHEME, Muid.class)
                .text(MuidCodec.LENGTH, Muid::parse, MuidCodec::isValid)
                .bytes(Muid.BYTES, Muid::toBytes, Muid::fromBytes)
                .uuids(Muid::toUuid, Muid::fromUuid)
                .column(Form.UUID)
                .decoding(Muid::timestamp, Muid::decoded)
                .generatedBy(MuidGenerator.class)
                .settings(MuidDescriptor::ids, "medallion")
                .nodeIdentity("medallion", sameSettings("medallion")));
    }

    /** Without a medallion the generator draws a random one, as a muid generator may. */
    private static Supplier<Muid> ids(GeneratorSettings settings) {
        MuidGenerator.Builder builder = MuidGenerator.builder();
        if (settings.has("medallion")) {
            builder.medallion(settings.number("medallion", 0, 0, Muid.MAX_MEDALLION));
        }
        return builder.build()::next;
    }
}
