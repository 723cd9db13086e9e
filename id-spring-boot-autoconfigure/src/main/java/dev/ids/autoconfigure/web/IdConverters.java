package dev.ids.autoconfigure.web;

import dev.ids.IdDescriptor;
import dev.ids.IdScheme;
import org.jspecify.annotations.Nullable;
import org.springframework.core.convert.converter.Converter;
import org.springframework.core.convert.converter.ConverterRegistry;

/**
 * Registers, in a {@link ConverterRegistry}, converters between {@link String} and the value type of every
 * {@link IdScheme} (TraceId, LableId, Gid, Sno, Muid), as the scheme's {@link IdDescriptor} describes it: from a
 * string with the type's strict {@code parse(String)}, to a string with its canonical {@code toString()}. A string
 * that does not parse fails with the type's {@link dev.ids.InvalidIdException}, an
 * {@link IllegalArgumentException} that Spring MVC and WebFlux answer with 400 Bad Request when binding a request
 * value.
 */
public final class IdConverters {

    private IdConverters() {
    }

    /**
     * Adds both converters of every ID value type to a registry, such as a {@code FormatterRegistry} or a
     * {@code DefaultConversionService}.
     *
     * @param registry the registry to add to
     */
    public static void addTo(ConverterRegistry registry) {
        for (IdScheme scheme : IdScheme.values()) {
            add(registry, scheme.descriptor());
        }
    }

    private static <T> void add(ConverterRegistry registry, IdDescriptor<T> descriptor) {
        registry.addConverter(String.class, descriptor.valueType(), new FromString<>(descriptor));
        registry.addConverter(descriptor.valueType(), String.class, descriptor::format);
    }

    /** A converter from the string form; a class rather than a lambda so that its types stay visible. */
    private static final class FromString<T> implements Converter<String, @Nullable T> {

        private final IdDescriptor<T> descriptor;

        FromString(IdDescriptor<T> descriptor) {
            this.descriptor = descriptor;
        }

        /** Parses the text; blank text stands for no value, as with Spring's own converters. */
        @Override
        public @Nullable T convert(String source) {
            return source.isBlank() ? null : descriptor.parse(source);
        }
    }
}
