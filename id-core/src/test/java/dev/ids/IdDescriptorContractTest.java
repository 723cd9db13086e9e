package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdDescriptor.Form;
import dev.ids.gid.Gid;
import dev.ids.gid.GidDescriptor;
import dev.ids.gid.GidType;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdDescriptor;
import dev.ids.lable.LableMode;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidDescriptor;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoDescriptor;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdDescriptor;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every scheme's {@link IdDescriptor} promises, checked on all five with the smallest and largest values of
 * each: it is the one {@link IdScheme#descriptor()} finds; every form it has round-trips; every form it lacks fails
 * naming the scheme; its sizes are the sizes of the forms; and it refuses what the value type refuses.
 */
class IdDescriptorContractTest {

    /** One value of a scheme with the scheme's descriptor, typed together. */
    record Sample<T>(IdDescriptor<T> descriptor, T value) {

        @Override
        public String toString() {
            return descriptor.schemeName() + " " + value;
        }
    }

    static List<Sample<?>> samples() {
        return List.of(
                new Sample<>(TraceIdDescriptor.INSTANCE, TraceId.of(0, 0, 0, 1)),
                new Sample<>(TraceIdDescriptor.INSTANCE, TraceId.of(TraceId.MAX_TIMESTAMP, TraceId.MAX_NODE_NO,
                        TraceId.MAX_CHUNK_NO, TraceId.MAX_COUNTER)),
                new Sample<>(LableIdDescriptor.INSTANCE, LableId.of(0, 0, 0, 0)),
                new Sample<>(LableIdDescriptor.INSTANCE, LableId.of(LableId.MAX_TIMESTAMP, LableId.MAX_SEQUENCE,
                        LableId.MAX_GENERATOR_ID, LableId.MAX_CLUSTER_ID, LableMode.SPREAD)),
                new Sample<>(GidDescriptor.INSTANCE, Gid.of(GidType.VOLUME, 0, 0L)),
                new Sample<>(GidDescriptor.INSTANCE, Gid.of(GidType.SEGMENT, Gid.MAX_TIMESTAMP_MILLIS, -1L)),
                new Sample<>(SnoDescriptor.INSTANCE, Sno.of(0, 0, 0, 0, 0)),
                new Sample<>(SnoDescriptor.INSTANCE, Sno.of(Sno.MAX_UNITS, 1, 0xFF, Sno.MAX_PARTITION,
                        Sno.MAX_SEQUENCE)),
                new Sample<>(MuidDescriptor.INSTANCE, Muid.of(0, 0, 0)),
                new Sample<>(MuidDescriptor.INSTANCE, Muid.of(Muid.MAX_TIMESTAMP, Muid.MAX_MEDALLION, -1)));
    }

    @Test
    void everySchemeHasItsOwnDescriptorRegisteredAsAService() {
        for (IdScheme scheme : IdScheme.values()) {
            IdDescriptor<?> descriptor = scheme.descriptor();
            assertThat(descriptor.schemeName()).isEqualTo(scheme.schemeName());
            assertThat(IdScheme.of(descriptor.schemeName())).isSameAs(scheme);
        }
        assertThat(Arrays.stream(IdScheme.values()).map(scheme -> scheme.descriptor().valueType())
                .collect(Collectors.toSet())).hasSize(IdScheme.values().length);
    }

    @ParameterizedTest
    @MethodSource("samples")
    <T> void theRegisteredDescriptorIsTheSchemePackagesOwn(Sample<T> sample) {
        IdDescriptor<T> descriptor = sample.descriptor();
        assertThat(IdScheme.of(descriptor.schemeName()).descriptor()).isInstanceOf(descriptor.getClass());
        assertThat(descriptor.valueType()).isSameAs(sample.value().getClass());
    }

    @ParameterizedTest
    @MethodSource("samples")
    <T> void everyDescriptorHasTextAndBytesAndStoresAFormItHas(Sample<T> sample) {
        IdDescriptor<T> descriptor = sample.descriptor();
        assertThat(descriptor.forms()).contains(Form.TEXT, Form.BYTES).contains(descriptor.column());
        assertThat(descriptor.supports(Form.LONG) && descriptor.supports(Form.UUID)).isFalse();
        assertThatThrownBy(() -> descriptor.forms().add(Form.UUID)).isInstanceOf(UnsupportedOperationException.class);
    }

    @ParameterizedTest
    @MethodSource("samples")
    <T> void roundTripsThroughTheCanonicalText(Sample<T> sample) {
        IdDescriptor<T> descriptor = sample.descriptor();
        String text = descriptor.format(sample.value());

        assertThat(text).isEqualTo(sample.value().toString()).hasSizeLessThanOrEqualTo(descriptor.textLength());
        assertThat(descriptor.parse(text)).isEqualTo(sample.value());
        assertThat(descriptor.isValid(text)).isTrue();
        assertThat(descriptor.fromColumnText(text)).isEqualTo(sample.value());
    }

    @ParameterizedTest
    @MethodSource("samples")
    <T> void roundTripsThroughTheColumnTextOfExactlyTheTextLength(Sample<T> sample) {
        IdDescriptor<T> descriptor = sample.descriptor();
        String column = descriptor.toColumnText(sample.value());

        assertThat(column).hasSize(descriptor.textLength());
        assertThat(descriptor.fromColumnText(column)).isEqualTo(sample.value());
    }

    @Test
    void aTraceIdColumnHoldsItsDigitsPaddedWithZerosSoThatItSortsLikeTheValues() {
        TraceId small = TraceId.of(0, 0, 0, 1);
        TraceId large = TraceId.of(0, 0, 0, 10);

        assertThat(TraceIdDescriptor.INSTANCE.toColumnText(small)).isEqualTo("0000000000000000001");
        assertThat(TraceIdDescriptor.INSTANCE.toColumnText(small))
                .isLessThan(TraceIdDescriptor.INSTANCE.toColumnText(large));
        assertThatThrownBy(() -> TraceIdDescriptor.INSTANCE.parse("0000000000000000001"))
                .isInstanceOf(InvalidIdException.class).hasMessageContaining("0000000000000000001");
    }

    @ParameterizedTest
    @MethodSource("samples")
    <T> void roundTripsThroughTheBytesOfExactlyTheByteLength(Sample<T> sample) {
        IdDescriptor<T> descriptor = sample.descriptor();
        byte[] bytes = descriptor.toBytes(sample.value());

        assertThat(bytes).hasSize(descriptor.byteLength());
        assertThat(descriptor.fromBytes(bytes)).isEqualTo(sample.value());
    }

    @ParameterizedTest
    @MethodSource("samples")
    <T> void roundTripsThroughALongWhenItHasOneAndOtherwiseRefusesNamingTheScheme(Sample<T> sample) {
        IdDescriptor<T> descriptor = sample.descriptor();
        if (descriptor.supports(Form.LONG)) {
            assertThat(descriptor.fromLong(descriptor.toLong(sample.value()))).isEqualTo(sample.value());
        } else {
            assertUnsupported(descriptor, () -> descriptor.toLong(sample.value()));
            assertUnsupported(descriptor, () -> descriptor.fromLong(1L));
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    <T> void roundTripsThroughAUuidWhenItHasOneAndOtherwiseRefusesNamingTheScheme(Sample<T> sample) {
        IdDescriptor<T> descriptor = sample.descriptor();
        if (descriptor.supports(Form.UUID)) {
            UUID uuid = descriptor.toUuid(sample.value());
            assertThat(descriptor.fromUuid(uuid)).isEqualTo(sample.value());
        } else {
            assertUnsupported(descriptor, () -> descriptor.toUuid(sample.value()));
            assertUnsupported(descriptor, () -> descriptor.fromUuid(new UUID(0, 1)));
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    <T> void decodesLikeTheValueTypeAndTheSchemeRegistry(Sample<T> sample) {
        IdDescriptor<T> descriptor = sample.descriptor();
        String text = descriptor.format(sample.value());
        DecodedId decoded = descriptor.decoded(sample.value());

        assertThat(descriptor.decode(text)).isEqualTo(decoded);
        assertThat(IdScheme.of(descriptor.schemeName()).decode(text)).isEqualTo(decoded);
        assertThat(decoded.scheme()).isEqualTo(descriptor.schemeName());
        assertThat(descriptor.timestamp(sample.value())).isEqualTo(decoded.timestamp());
    }

    @ParameterizedTest
    @MethodSource("samples")
    <T> void refusesWhatTheValueTypeRefusesNamingTheInput(Sample<T> sample) {
        IdDescriptor<T> descriptor = sample.descriptor();

        assertThat(descriptor.isValid("not an id")).isFalse();
        assertThat(descriptor.isValid(null)).isFalse();
        assertThatThrownBy(() -> descriptor.parse("not an id")).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("not an id");
        assertThatThrownBy(() -> descriptor.fromColumnText("not an id")).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("not an id");
        assertThatThrownBy(() -> descriptor.fromBytes(new byte[] {(byte) 0xAB, 0x0C, 0x0D}))
                .isInstanceOf(InvalidIdException.class).hasMessageContaining("ab0c0d");
    }

    private static void assertUnsupported(IdDescriptor<?> descriptor, Runnable conversion) {
        Set<Form> lacking = EnumSet.complementOf(EnumSet.copyOf(descriptor.forms()));
        assertThat(lacking).isNotEmpty();
        assertThatThrownBy(conversion::run).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining(descriptor.schemeName()).hasMessageContaining(descriptor.forms().toString());
    }
}
