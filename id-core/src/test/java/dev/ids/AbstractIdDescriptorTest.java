package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdDescriptor.Form;
import dev.ids.gid.GidDescriptor;
import dev.ids.sno.SnoDescriptor;
import dev.ids.traceid.TraceIdDescriptor;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * What the shared descriptor shape adds to each scheme's: a definition that lacks a part fails when the descriptor
 * is made, naming the part, and conversions that lack one fail the first conversion; and every scheme builds a
 * generator from settings read only by the names it lists.
 */
class AbstractIdDescriptorTest {

    /** A value type for the test descriptor, never made. */
    abstract static class TestId extends BinaryFormId {
    }

    /** A descriptor of a value type that names the text form only; its conversions are counted. */
    static class Incomplete extends AbstractIdDescriptor<TestId> {

        final AtomicInteger conversionsDefined = new AtomicInteger();

        Incomplete(IdDescriptorDefinition<TestId> definition) {
            super(definition);
        }

        Incomplete() {
            this(define("test", TestId.class).text(3));
        }

        @Override
        protected void defineConversions(IdConversions<TestId> conversions) {
            conversionsDefined.incrementAndGet();
            conversions.text(AbstractIdDescriptorTest::neverMade, text -> true);
        }

        @Override
        public Supplier<TestId> idSupplier(GeneratorSettings settings) {
            return () -> neverMade("");
        }
    }

    private static TestId neverMade(String text) {
        throw new AssertionError("the test descriptor makes no ID");
    }

    @Test
    void aDefinitionWithoutAPartFailsNamingIt() {
        assertThatThrownBy(Incomplete::new).isInstanceOf(IllegalStateException.class)
                .hasMessage("The test descriptor's definition lacks bytes(...)");
    }

    @Test
    void theConversionsAreDefinedOnTheFirstConversionAndAFormWithoutThemFailsItNamingThePart() {
        Incomplete descriptor = new Incomplete(AbstractIdDescriptor.define("test", TestId.class).text(3).bytes(8)
                .generatedBy(TestIdGenerator.class).settings().nodeIdentity("none needed"));
        assertThat(descriptor.conversionsDefined).hasValue(0);
        assertThat(descriptor.forms()).containsExactlyInAnyOrder(Form.TEXT, Form.BYTES, Form.LONG);
        assertThatThrownBy(() -> descriptor.parse("abc")).isInstanceOf(IllegalStateException.class)
                .hasMessage("The test descriptor's conversions lack bytes(...)");
        assertThat(descriptor.conversionsDefined).hasValue(1);
    }

    @Test
    void everySchemeDefinesTheConversionsOfItsFormsOnItsFirstConversion() throws ReflectiveOperationException {
        for (IdScheme scheme : IdScheme.values()) {
            IdDescriptor<?> fresh = scheme.descriptor().getClass().getConstructor().newInstance();
            assertThat(fresh.isValid("")).as(scheme.schemeName()).isFalse();
        }
    }

    /** A generator type for the test descriptor, never made. */
    interface TestIdGenerator extends IdGenerator<TestId> {
    }

    /** Settings that record the names read and answer with the smallest value or the default. */
    static final class RecordingSettings implements GeneratorSettings {

        final Map<String, Object> read = new HashMap<>();

        @Override
        public long nodeIdentity(String name, long min, long max, String meaning) {
            read.put(name, min + 1);
            return min + 1;
        }

        @Override
        public long number(String name, long defaultValue, long min, long max) {
            read.put(name, defaultValue);
            return defaultValue;
        }

        @Override
        public boolean has(String name) {
            read.put(name, false);
            return false;
        }

        @Override
        public <E extends Enum<E>> E choice(String name, E defaultValue) {
            read.put(name, defaultValue);
            return defaultValue;
        }
    }

    @Test
    void everySchemeReadsOnlyTheSettingsItNames() {
        for (IdScheme scheme : IdScheme.values()) {
            IdDescriptor<?> descriptor = scheme.descriptor();
            RecordingSettings settings = new RecordingSettings();
            Object id = descriptor.idSupplier(settings).get();
            assertThat(id).isInstanceOf(descriptor.valueType());
            assertThat(descriptor.settingNames()).containsExactlyInAnyOrderElementsOf(settings.read.keySet());
            assertThat(descriptor.generatorType().getSimpleName())
                    .isEqualTo(descriptor.valueType().getSimpleName() + "Generator");
        }
    }

    @Test
    void twoGeneratorsClashWhenTheSettingsOfTheirNodeIdentityAgree() {
        assertThat(TraceIdDescriptor.INSTANCE.shareNodeIdentity(Map.of("nodeNo", 1), Map.of("nodeNo", 1))).isTrue();
        assertThat(TraceIdDescriptor.INSTANCE.shareNodeIdentity(Map.of("nodeNo", 1), Map.of("nodeNo", 2))).isFalse();
        Map<String, Object> low = Map.of("partition", 7, "sequenceMin", 0, "sequenceMax", 99);
        Map<String, Object> high = Map.of("partition", 7, "sequenceMin", 100, "sequenceMax", 199);
        Map<String, Object> wide = Map.of("partition", 7, "sequenceMin", 50, "sequenceMax", 150);
        Map<String, Object> other = Map.of("partition", 8, "sequenceMin", 0, "sequenceMax", 99);
        assertThat(SnoDescriptor.INSTANCE.shareNodeIdentity(low, high)).isFalse();
        assertThat(SnoDescriptor.INSTANCE.shareNodeIdentity(low, wide)).isTrue();
        assertThat(SnoDescriptor.INSTANCE.shareNodeIdentity(low, other)).isFalse();
        assertThat(GidDescriptor.INSTANCE.shareNodeIdentity(Map.of(), Map.of())).isFalse();
        assertThat(GidDescriptor.INSTANCE.nodeIdentityRule()).isEqualTo("none needed");
    }

    /**
     * The identity fields as the schemes define them: elfo reads node 0 as "unknown", so it is never leased; leased
     * medallions lie below the muid specification's random range [0x10000000000, 0x1FFFFFFFFFF].
     */
    @Test
    void eachSchemeNamesItsIdentityFieldAndLeasedRange() {
        assertThat(IdScheme.TRACE_ID.descriptor().nodeIdentityField()).hasValue(
                new NodeIdentityField("node-no", 0, 65_535, 1, 65_535, true));
        assertThat(IdScheme.LABLE.descriptor().nodeIdentityField()).hasValue(
                new NodeIdentityField("generator-id", 0, 63, 0, 63, true));
        assertThat(IdScheme.SNO.descriptor().nodeIdentityField()).hasValue(
                new NodeIdentityField("partition", 0, 65_535, 0, 65_535, true));
        assertThat(IdScheme.MUID.descriptor().nodeIdentityField()).hasValueSatisfying(medallion -> {
            assertThat(medallion.required()).isFalse();
            assertThat(medallion.max()).isEqualTo((1L << 44) - 2);
            assertThat(medallion.leasedMin()).isEqualTo(1);
            assertThat(medallion.leasedMax()).isLessThan(0x100_0000_0000L);
        });
        assertThat(IdScheme.GID.descriptor().nodeIdentityField()).isEmpty();
    }

    @Test
    void anIdentityFieldWhoseLeasedRangeLeavesItsRangeIsRefused() {
        assertThatThrownBy(() -> new NodeIdentityField("node", 1, 10, 0, 10, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("node")
                .hasMessageContaining("1, 0, 10, 10");
        assertThatThrownBy(() -> new NodeIdentityField("node", 0, 10, 5, 11, true))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
