package dev.ids.jpa;

import dev.ids.muid.Muid;
import dev.ids.muid.MuidDescriptor;
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
public final class MuidBytesConverter extends IdBytesConverter<Muid> {

    /**
     * Creates the converter; JPA providers call this.
     */
    public MuidBytesConverter() {
        super(MuidDescriptor.INSTANCE);
    }
}
