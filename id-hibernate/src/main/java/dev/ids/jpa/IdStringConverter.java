package dev.ids.jpa;

import dev.ids.IdDescriptor;

/**
 * The JPA converter of an ID value type to a string column: the scheme's column text
 * ({@link IdDescriptor#toColumnText}), which is the canonical string except for a TraceId, whose digits are
 * left-padded with zeros to 19 so that the column sorts like the values; reading also accepts the canonical string.
 *
 * <p>Each scheme's public converter ({@code GidStringConverter} and so on) is a final subclass that names the
 * scheme's descriptor. This base is no {@code @Converter} itself, so that a persistence provider's scanning does not
 * take it for one.
 *
 * @param <T> the ID value type
 */
public abstract class IdStringConverter<T> extends IdColumnConverter<T, String> {

    /**
     * Creates the converter of one scheme's value type.
     *
     * @param descriptor the scheme's descriptor
     */
    protected IdStringConverter(IdDescriptor<T> descriptor) {
        super(descriptor::toColumnText, descriptor::fromColumnText);
    }
}
