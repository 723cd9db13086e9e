package dev.ids.jpa;

import dev.ids.IdDescriptor;
import jakarta.persistence.AttributeConverter;
import org.jspecify.annotations.Nullable;

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
public abstract class IdStringConverter<T> implements AttributeConverter<T, String> {

    private final IdDescriptor<T> descriptor;

    /**
     * Creates the converter of one scheme's value type.
     *
     * @param descriptor the scheme's descriptor
     */
    protected IdStringConverter(IdDescriptor<T> descriptor) {
        this.descriptor = descriptor;
    }

    /**
     * Returns the column value of an ID.
     *
     * @param attribute the ID, may be {@code null}
     * @return the column text, or {@code null} for {@code null}
     */
    @Override
    public @Nullable String convertToDatabaseColumn(@Nullable T attribute) {
        return attribute == null ? null : descriptor.toColumnText(attribute);
    }

    /**
     * Reads an ID from its column value.
     *
     * @param dbData the column value, may be {@code null}
     * @return the ID, or {@code null} for {@code null}
     * @throws dev.ids.InvalidIdException naming the value when it is not the column text (or the canonical string) of an ID of the scheme
     */
    @Override
    public @Nullable T convertToEntityAttribute(@Nullable String dbData) {
        return dbData == null ? null : descriptor.fromColumnText(dbData);
    }
}
