package dev.ids.jpa;

import dev.ids.lable.LableId;
import dev.ids.lable.LableIdDescriptor;
import jakarta.persistence.Converter;

/**
 * Stores a {@link LableId} in a {@code BIGINT} column: its eight bytes as a big-endian {@code long} ({@link
 * LableId#toLong()}).
 *
 * <p>Name it on a non-ID attribute with {@code @Convert(converter = LableIdLongConverter.class)}. It is not applied
 * automatically: the library's Hibernate {@code JavaType} already maps every {@code LableId} attribute, ID or not,
 * without a converter, and JPA allows no converter on an {@code @Id}.
 *
 * <p>A signed {@code BIGINT} sorts like the values (unsigned bytes) only while the top bit is clear: for
 * {@code TIME_SEQUENTIAL} IDs until 2039-09-07 (2<sup>41</sup> ms after 1970); {@code SPREAD} IDs have it set half
 * the time.
 */
@Converter
public final class LableIdLongConverter extends IdLongConverter<LableId> {

    /**
     * Creates the converter; JPA providers call this.
     */
    public LableIdLongConverter() {
        super(LableIdDescriptor.INSTANCE);
    }
}
