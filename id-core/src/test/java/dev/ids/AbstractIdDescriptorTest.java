package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the shared descriptor shape adds to each scheme's: a definition that lacks a part fails when the descriptor
 * is made, naming the part; and every scheme builds a generator from settings read only by the names it lists.
 */
class AbstractIdDescriptorTest {

    /** A descriptor of a value type that only names some parts. */
    static final class Incomplete extends AbstractIdDescriptor<String> {

        Incomplete() {
            super(define("test", String.class).text(3, text -> text, text -> true).column(Form.TEXT));
        }
    }

    @Test
    void aDefinitionWithoutAPartFailsNamingIt() {
        assertThatThrownBy(Incomplete::new).isInstanceOf(IllegalStateException.class)
                .hasMessage("The test descriptor's definition lacks bytes(...)");
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
}
