package dev.ids.jpa;

import dev.ids.IdDescriptor;
import jakarta.persistence.AttributeConverter;
import org.jspecify.annotations.Nullable;

/**
 * The JPA converter of an ID value type to a {@code BIGINT} column: the 64-bit value ({@link IdDescriptor#toLong})
 * of a scheme that has one (TraceId, Lable).
 *
 * <p>Each scheme's public converter ({@code TraceIdLongConverter}, {@code LableIdLongConverter}) is a final subclass
 * that names the scheme's descriptor. This base is no {@code @Converter} itself, so that a persistence provider's
 * scanning does not take it for one.
 *
 * @param <T> the ID value type
 */
public abstract class IdLongConverter<T> implements AttributeConverter<T, Long> {

    private final IdDescriptor<T> descriptor;

    /**
     * Creates the converter of one scheme's value type.
     *
     * @param descriptor the scheme's descriptor
     * @throws IllegalArgumentException when the scheme has no LONG form
     */
    protected IdLongConverter(IdDescriptor<T> descriptor) {
        if (!descriptor.supports(IdDescriptor.Form.LONG)) {
            throw new IllegalArgumentException("A " + descriptor.schemeName() + " ID has no LONG form; its forms: "
                    + descriptor.forms());
        }
        this.descriptor = descriptor;
    }

    /**
     * Returns the column value of an ID.
     *
     * @param attribute the ID, may be {@code null}
     * @return the value as a long, or {@code null} for {@code null}
     */
    @Override
    public @Nullable Long convertToDatabaseColumn(@Nullable T attribute) {
        return attribute == null ? null : descriptor.toLong(attribute);
    }

    /**
     * Reads an ID from its column value.
     *
     * @param dbData the column value, may be {@code null}
     * @return the ID, or {@code null} for {@code null}
     * @throws dev.ids.InvalidIdException naming the value when it is not the long form of an ID of the scheme
     */
    @Override
    public @Nullable T convertToEntityAttribute(@Nullable Long dbData) {
        return dbData == null ? null : descriptor.fromLong(dbData);
    }
}
