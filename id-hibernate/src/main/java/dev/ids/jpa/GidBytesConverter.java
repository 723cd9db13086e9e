package dev.ids.jpa;

import dev.ids.gid.Gid;
import dev.ids.gid.GidDescriptor;
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
public final class GidBytesConverter extends IdBytesConverter<Gid> {

    /**
     * Creates the converter; JPA providers call this.
     */
    public GidBytesConverter() {
        super(GidDescriptor.INSTANCE);
    }
}
