package dev.ids.jpa;

import dev.ids.sno.Sno;
import dev.ids.sno.SnoDescriptor;
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
public final class SnoBytesConverter extends IdBytesConverter<Sno> {

    /**
     * Creates the converter; JPA providers call this.
     */
    public SnoBytesConverter() {
        super(SnoDescriptor.INSTANCE);
    }
}
