package dev.ids.lable;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.lable.oss.uniqueid.bytes.Blueprint;
import org.lable.oss.uniqueid.bytes.IDBuilder;

/** Cross-checks against LableOrg's {@code uniqueid-core} 2.0 from Maven Central (layout v2, SPREAD only). */
class LableReferenceProperties {

    @Property
    void spreadBytesEqualTheReferenceAndParseBackThere(
            @ForAll @LongRange(min = 0, max = (1L << 42) - 1) long timestamp,
            @ForAll @IntRange(min = 0, max = 63) int sequence,
            @ForAll @IntRange(min = 0, max = 63) int generator,
            @ForAll @IntRange(min = 0, max = 15) int cluster) {
        byte[] reference = IDBuilder.build(new Blueprint(timestamp, sequence, generator, cluster));
        LableId ours = LableId.of(timestamp, sequence, generator, cluster, LableMode.SPREAD);

        assertThat(ours.toBytes()).isEqualTo(reference);

        Blueprint parsed = IDBuilder.parse(ours.toBytes());
        assertThat(parsed.getTimestamp()).isEqualTo(timestamp);
        assertThat(parsed.getSequence()).isEqualTo(sequence);
        assertThat(parsed.getGeneratorId()).isEqualTo(generator);
        assertThat(parsed.getClusterId()).isEqualTo(cluster);

        LableId fromReference = LableId.fromBytes(reference);
        assertThat(fromReference).isEqualTo(ours);
        assertThat(fromReference.mode()).isEqualTo(LableMode.SPREAD);
    }

    /**
     * Among bytes with the mode bit clear, we accept exactly those the reference reads to a generator id of at most
     * 63 and rebuilds unchanged, and we read the same components.
     */
    @Property
    void spreadBytesAreAcceptedExactlyWhenTheReferenceReadsThemWithSixGeneratorBits(@ForAll long raw) {
        long value = raw & ~0x1000L;
        if ((raw & 1) == 0) {
            value &= ~0xEC00L; // half the samples within the layout, so both outcomes are exercised
        }
        byte[] bytes = ByteBuffer.allocate(8).putLong(value).array();
        Blueprint reference = referenceParse(bytes);
        boolean referenceAccepts = reference != null && reference.getGeneratorId() <= 63
                && java.util.Arrays.equals(IDBuilder.build(reference), bytes);

        assertThat(LableId.isValid(String.format("%016x", value))).isEqualTo(referenceAccepts);
        if (referenceAccepts) {
            LableId ours = LableId.fromBytes(bytes);
            assertThat(ours.timestampMillis()).isEqualTo(reference.getTimestamp());
            assertThat(ours.sequence()).isEqualTo(reference.getSequence());
            assertThat(ours.generatorId()).isEqualTo(reference.getGeneratorId());
            assertThat(ours.clusterId()).isEqualTo(reference.getClusterId());
        }
    }

    private static Blueprint referenceParse(byte[] bytes) {
        try {
            return IDBuilder.parse(bytes);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
