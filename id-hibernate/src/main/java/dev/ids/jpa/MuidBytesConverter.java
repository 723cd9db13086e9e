package dev.ids.jpa;

import dev.ids.muid.Muid;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/**
 * Stores a {@link Muid} in a binary column: its 16 bytes ({@link Muid#toBytes()}), which sort like the values as
 * unsigned bytes.
 *
 * <p>Name it on a non-ID attribute with {@code @Convert(converter = MuidBytesConverter.class)}. It is not applied
 * automatically: the library's Hibernate {@code JavaType} already maps every {@code Muid} attribute, ID or not,
 * without a converter, and JPA allows no converter on an {@code @Id}.
 *
 * <p>Declare the column as {@code @Column(length = 16)}: a {@code BINARY(16)} column, {@code bytea} on PostgreSQL.
 */
@Converter
public final class MuidBytesConverter implements AttributeConverter<Muid, byte[]> {

    /**
     * Creates the converter; JPA providers call this.
     */
    public MuidBytesConverter() {
    }

    /**
     * Returns the column value of an ID.
     *
     * @param attribute the ID, may be {@code null}
     * @return the 16 bytes, or {@code null} for {@code null}
     */
    @Override
    public byte[] convertToDatabaseColumn(Muid attribute) {
        return attribute == null ? null : attribute.toBytes();
    }

    /**
     * Reads an ID from its column value.
     *
     * @param dbData the column value, may be {@code null}
     * @return the ID, or {@code null} for {@code null}
     * @throws dev.ids.InvalidIdException naming the value when it is not the 16 bytes of a {@code Muid}
     */
    @Override
    public Muid convertToEntityAttribute(byte[] dbData) {
        return dbData == null ? null : Muid.fromBytes(dbData);
    }
}
