package dev.ids.lable;

import dev.ids.AbstractIdDescriptor;
import dev.ids.GeneratorSettings;
import dev.ids.IdConversions;
import dev.ids.NodeIdentityField;
import java.util.function.Supplier;

/**
 * Describes {@link LableId}s to the integrations: 16 hexadecimal digits, 8 bytes, a {@code long}, stored as a
 * {@code BIGINT}.
 */
public final class LableIdDescriptor extends AbstractIdDescriptor<LableId> {

    /** The descriptor; it holds no state. */
    public static final LableIdDescriptor INSTANCE = new LableIdDescriptor();

    /** For the service loader; use {@link #INSTANCE}. */
    public LableIdDescriptor() {
        super(define(LableId.SCHEME, LableId.class).text(LableCodec.LENGTH).bytes(LableId.BYTES)
                .generatedBy(LableIdGenerator.class).settings("generator", "cluster", "mode")
                .identityField(NodeIdentityField.required("generator-id", LableId.MAX_GENERATOR_ID))
                .nodeIdentity("generator-id within a cluster-id", "generatorId", "clusterId", "mode"));
    }

    @Override
    protected void defineConversions(IdConversions<LableId> conversions) {
        conversions.text(LableId::parse, LableCodec::isValid).bytes(LableId::fromBytes)
                .longs(LableId::toLong, LableId::fromLong);
    }

    @Override
    public Supplier<LableId> idSupplier(GeneratorSettings settings) {
        return LableIdGenerator.builder()
                .generatorId((int) settings.nodeIdentity("generator", 0, LableId.MAX_GENERATOR_ID,
                        "the generator id every ID carries, distinct for every process in a cluster"))
                .clusterId((int) settings.number("cluster", 0, 0, LableId.MAX_CLUSTER_ID))
                .mode(settings.choice("mode", LableMode.SPREAD))
                .build()::next;
    }
}
