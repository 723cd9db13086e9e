package dev.ids.jpa;

import dev.ids.gid.Gid;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/**
 * Stores a {@link Gid} in a binary column: its 16 bytes ({@link Gid#toBytes()}), which sort like the values as
 * unsigned bytes.
 *
 * <p>Name it on a non-ID attribute with {@code @Convert(converter = GidBytesConverter.class)}. It is not applied
 * automatically: the library's Hibernate {@code JavaType} already maps every {@code Gid} attribute, ID or not,
 * without a converter, and JPA allows no converter on an {@code @Id}.
 *
 * <p>Declare the column as {@code @Column(length = 16)}: a {@code BINARY(16)} column, {@code bytea} on PostgreSQL.
 */
@Converter
public final class GidBytesConverter implements AttributeConverter<Gid, byte[]> {

    /**
     * Creates the converter; JPA providers call this.
     */
    public GidBytesConverter() {
    }

    /**
     * Returns the column value of an ID.
     *
     * @param attribute the ID, may be {@code null}
     * @return the 16 bytes, or {@code null} for {@code null}
     */
    @Override
    public byte[] convertToDatabaseColumn(Gid attribute) {
        return attribute == null ? null : attribute.toBytes();
    }

    /**
     * Reads an ID from its column value.
     *
     * @param dbData the column value, may be {@code null}
     * @return the ID, or {@code null} for {@code null}
     * @throws dev.ids.InvalidIdException naming the value when it is not the 16 bytes of a {@code Gid}
     */
    @Override
    public Gid convertToEntityAttribute(byte[] dbData) {
        return dbData == null ? null : Gid.fromBytes(dbData);
    }
}
