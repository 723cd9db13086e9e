package dev.ids.jpa;

import dev.ids.IdDescriptor;
import jakarta.persistence.AttributeConverter;
import org.jspecify.annotations.Nullable;

/**
 * The JPA converter of an ID value type to a binary column: its binary form ({@link IdDescriptor#toBytes}), which
 * sorts like the values as unsigned bytes.
 *
 * <p>Each scheme's public converter ({@code GidBytesConverter} and so on) is a final subclass that names the
 * scheme's descriptor. This base is no {@code @Converter} itself, so that a persistence provider's scanning does not
 * take it for one.
 *
 * @param <T> the ID value type
 */
public abstract class IdBytesConverter<T> implements AttributeConverter<T, byte[]> {

    private final IdDescriptor<T> descriptor;

    /**
     * Creates the converter of one scheme's value type.
     *
     * @param descriptor the scheme's descriptor
     */
    protected IdBytesConverter(IdDescriptor<T> descriptor) {
        this.descriptor = descriptor;
    }

    /**
     * Returns the column value of an ID.
     *
     * @param attribute the ID, may be {@code null}
     * @return the bytes, or {@code null} for {@code null}
     */
    @Override
    public byte @Nullable [] convertToDatabaseColumn(@Nullable T attribute) {
        return attribute == null ? null : descriptor.toBytes(attribute);
    }

    /**
     * Reads an ID from its column value.
     *
     * @param dbData the column value, may be {@code null}
     * @return the ID, or {@code null} for {@code null}
     * @throws dev.ids.InvalidIdException naming the value when it is not the binary form of an ID of the scheme
     */
    @Override
    public @Nullable T convertToEntityAttribute(byte @Nullable [] dbData) {
        return dbData == null ? null : descriptor.fromBytes(dbData);
    }
}
