package dev.ids.autoconfigure.web;

import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import java.util.function.Function;
import org.springframework.core.convert.converter.Converter;
import org.springframework.core.convert.converter.ConverterRegistry;

/**
 * Registers, in a {@link ConverterRegistry}, converters between {@link String} and each ID value type
 * ({@link TraceId}, {@link LableId}, {@link Gid}, {@link Sno}, {@link Muid}): from a string with the type's strict
 * {@code parse(String)}, to a string with its canonical {@code toString()}. A string that does not parse fails with
 * the type's {@link dev.ids.InvalidIdException}, an {@link IllegalArgumentException} that Spring MVC answers with
 * 400 Bad Request when binding a request value.
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
        add(registry, TraceId.class, TraceId::parse);
        add(registry, LableId.class, LableId::parse);
        add(registry, Gid.class, Gid::parse);
        add(registry, Sno.class, Sno::parse);
        add(registry, Muid.class, Muid::parse);
    }

    private static <T> void add(ConverterRegistry registry, Class<T> type, Function<String, T> parser) {
        registry.addConverter(String.class, type, new FromString<>(parser));
        registry.addConverter(type, String.class, Object::toString);
    }

    /** A converter from the string form; a class rather than a lambda so that its types stay visible. */
    private static final class FromString<T> implements Converter<String, T> {

        private final Function<String, T> parser;

        FromString(Function<String, T> parser) {
            this.parser = parser;
        }

        /** Parses the text; blank text stands for no value, as with Spring's own converters. */
        @Override
        public T convert(String source) {
            return source.isBlank() ? null : parser.apply(source);
        }
    }
}
