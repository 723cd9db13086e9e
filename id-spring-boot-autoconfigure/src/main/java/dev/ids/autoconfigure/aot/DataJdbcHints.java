package dev.ids.autoconfigure.aot;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.TypeReference;
import org.springframework.util.ClassUtils;

/**
 * The hints of the Spring Data JDBC and R2DBC integrations: the converters' classes, whose {@code @ReadingConverter} and
 * {@code @WritingConverter} Spring Data's {@code CustomConversions} reads from the class to learn each converter's
 * direction. The converters are created with {@code new} and the callback's reflection on the aggregates is Spring
 * Data's own (its managed types processing), so the classes are all this needs.
 */
final class DataJdbcHints {

    private static final String PACKAGE = "dev.ids.autoconfigure.data.";

    /** The class whose presence tells that Spring Data's converter annotations are on the class path. */
    static final String READING_CONVERTER = "org.springframework.data.convert.ReadingConverter";

    static final List<String> CONVERTERS = List.of(PACKAGE + "IdReadingConverter", PACKAGE + "IdWritingConverter");

    private DataJdbcHints() {
    }

    static void register(RuntimeHints hints, @Nullable ClassLoader loader) {
        if (ClassUtils.isPresent(READING_CONVERTER, loader)) {
            for (String converter : CONVERTERS) {
                hints.reflection().registerType(TypeReference.of(converter));
            }
        }
    }
}
