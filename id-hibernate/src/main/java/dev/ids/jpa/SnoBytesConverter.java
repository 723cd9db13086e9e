package dev.ids.jpa;

import dev.ids.sno.Sno;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/**
 * Stores a {@link Sno} in a binary column: its 10 bytes ({@link Sno#toBytes()}), which sort like the values as
 * unsigned bytes.
 *
 * <p>Name it on a non-ID attribute with {@code @Convert(converter = SnoBytesConverter.class)}. It is not applied
 * automatically: the library's Hibernate {@code JavaType} already maps every {@code Sno} attribute, ID or not,
 * without a converter, and JPA allows no converter on an {@code @Id}.
 *
 * <p>Declare the column as {@code @Column(length = 10)}: a {@code BINARY(10)} column, {@code bytea} on PostgreSQL.
 */
@Converter
public final class SnoBytesConverter implements AttributeConverter<Sno, byte[]> {

    /**
     * Creates the converter; JPA providers call this.
     */
    public SnoBytesConverter() {
    }

    /**
     * Returns the column value of an ID.
     *
     * @param attribute the ID, may be {@code null}
     * @return the 10 bytes, or {@code null} for {@code null}
     */
    @Override
    public byte[] convertToDatabaseColumn(Sno attribute) {
        return attribute == null ? null : attribute.toBytes();
    }

    /**
     * Reads an ID from its column value.
     *
     * @param dbData the column value, may be {@code null}
     * @return the ID, or {@code null} for {@code null}
     * @throws dev.ids.InvalidIdException naming the value when it is not the 10 bytes of a {@code Sno}
     */
    @Override
    public Sno convertToEntityAttribute(byte[] dbData) {
        return dbData == null ? null : Sno.fromBytes(dbData);
    }
}
