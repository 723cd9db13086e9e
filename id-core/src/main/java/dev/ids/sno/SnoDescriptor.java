package dev.ids.sno;

import dev.ids.AbstractIdDescriptor;
import dev.ids.GeneratorSettings;
import dev.ids.NodeIdentityField;
import java.util.Map;
import java.util.function.Supplier;

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
                .generatedBy(SnoGenerator.class)
                .settings(SnoDescriptor::ids, "partition", "meta")
                .identityField(NodeIdentityField.required("partition", Sno.MAX_PARTITION))
                .nodeIdentity("partition, or disjoint sequence-min..sequence-max within one partition",
                        sameSettings("partition").and(SnoDescriptor::sequencesOverlap)));
    }

    /** The metabyte is not the generator's but each call's; the command line gives every ID the same one. */
    private static Supplier<Sno> ids(GeneratorSettings settings) {
        SnoGenerator generator = SnoGenerator.builder()
                .partition((int) settings.nodeIdentity("partition", 0, Sno.MAX_PARTITION,
                        "the partition every sno carries, distinct for every process generating them")).build();
        int metabyte = (int) settings.number("meta", 0, 0, 0xFF);
        return () -> generator.next(metabyte);
    }

    private static boolean sequencesOverlap(Map<String, Object> one, Map<String, Object> other) {
        return (Integer) one.get("sequenceMin") <= (Integer) other.get("sequenceMax")
                && (Integer) other.get("sequenceMin") <= (Integer) one.get("sequenceMax");
    }
}
