package dev.ids.sno;

import dev.ids.AbstractIdDescriptor;
import dev.ids.GeneratorSettings;
import dev.ids.IdConversions;
import dev.ids.NodeIdentityField;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Describes {@link Sno}s to the integrations: 16 base32 characters, 10 bytes, stored as the bytes.
 */
public final class SnoDescriptor extends AbstractIdDescriptor<Sno> {

    /** The descriptor; it holds no state. */
    public static final SnoDescriptor INSTANCE = new SnoDescriptor();

    /** For the service loader; use {@link #INSTANCE}. */
    public SnoDescriptor() {
        super(define(Sno.SCHEME, Sno.class).text(SnoCodec.LENGTH).bytes(Sno.BYTES)
                .generatedBy(SnoGenerator.class).settings("partition", "meta")
                .identityField(NodeIdentityField.required("partition", Sno.MAX_PARTITION))
                .nodeIdentity("partition, or disjoint sequence-min..sequence-max within one partition", "partition"));
    }

    @Override
    protected void defineConversions(IdConversions<Sno> conversions) {
        conversions.text(Sno::parse, SnoCodec::isValid).bytes(Sno::fromBytes);
    }

    /**
     * Builds a sno generator on the partition given; the metabyte is not the generator's but each call's, and the
     * command line gives every ID the same one.
     *
     * @param settings {@code partition}, required, and {@code meta}, 0 unless given
     * @return a new sno on each call
     */
    @Override
    public Supplier<Sno> idSupplier(GeneratorSettings settings) {
        SnoGenerator generator = SnoGenerator.builder()
                .partition((int) settings.nodeIdentity("partition", 0, Sno.MAX_PARTITION,
                        "the partition every sno carries, distinct for every process generating them")).build();
        int metabyte = (int) settings.number("meta", 0, 0, 0xFF);
        return () -> generator.next(metabyte);
    }

    /**
     * Tells whether two sno generators share a partition and their sequence ranges overlap.
     *
     * @param one the settings of one generator
     * @param other those of the other
     * @return whether their snos may repeat each other's
     */
    @Override
    public boolean shareNodeIdentity(Map<String, Object> one, Map<String, Object> other) {
        return super.shareNodeIdentity(one, other)
                && setting(one, "sequenceMin") <= setting(other, "sequenceMax")
                && setting(other, "sequenceMin") <= setting(one, "sequenceMax");
    }

    private static int setting(Map<String, Object> settings, String key) {
        return (Integer) Objects.requireNonNull(settings.get(key), () -> "the settings of a sno generator lack " + key);
    }
}
