package dev.ids.muid;

import dev.ids.AbstractIdDescriptor;
import dev.ids.GeneratorSettings;
import dev.ids.IdConversions;
import dev.ids.NodeIdentityField;
import java.util.function.Supplier;

/**
 * Describes {@link Muid}s to the integrations: 34 characters of hexadecimal groups, 16 bytes, a UUID, stored as a
 * UUID where the database compares UUIDs by bytes and as 16 bytes elsewhere.
 */
public final class MuidDescriptor extends AbstractIdDescriptor<Muid> {

    /**
     * The medallion: optional, as the muid specification draws a random one from [0x10000000000, 0x1FFFFFFFFFF]
     * and allows any configured value up to 2^44-2. Leased medallions stay far below the random range (1 to 65535,
     * as large a range as the other schemes'), so a leased medallion never equals the random medallion of a node that
     * does not lease (a Gink node, a generator with a random medallion); 0 is left out because the specification's
     * short forms drop a zero medallion. Leased medallions render as {@code 000000xxxxx} in the string form.
     */
    private static final NodeIdentityField MEDALLION = new NodeIdentityField("medallion", 0, Muid.MAX_MEDALLION, 1,
            65_535, false);

    /** The descriptor; it holds no state. */
    public static final MuidDescriptor INSTANCE = new MuidDescriptor();

    /** For the service loader; use {@link #INSTANCE}. */
    public MuidDescriptor() {
        super(define(Muid.SCHEME, Muid.class).text(MuidCodec.LENGTH).bytes(Muid.BYTES)
                .generatedBy(MuidGenerator.class).settings("medallion").identityField(MEDALLION)
                .nodeIdentity("medallion", "medallion"));
    }

    @Override
    protected void defineConversions(IdConversions<Muid> conversions) {
        conversions.text(Muid::parse, MuidCodec::isValid).bytes(Muid::fromBytes).uuids(Muid::toUuid, Muid::fromUuid);
    }

    /**
     * Builds a muid generator; without a medallion it draws a random one, as a muid generator may.
     *
     * @param settings {@code medallion}, optional
     * @return a new muid on each call
     */
    @Override
    public Supplier<Muid> idSupplier(GeneratorSettings settings) {
        MuidGenerator.Builder builder = MuidGenerator.builder();
        if (settings.has("medallion")) {
            builder.medallion(settings.number("medallion", 0, 0, Muid.MAX_MEDALLION));
        }
        return builder.build()::next;
    }
}
