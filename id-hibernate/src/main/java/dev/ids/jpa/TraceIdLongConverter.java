package dev.ids.jpa;

import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdDescriptor;
import jakarta.persistence.Converter;

/**
 * Stores a {@link TraceId} in a {@code BIGINT} column: its positive 63-bit value ({@link TraceId#toLong()}), which
 * sorts like the values.
 *
 * <p>Name it on a non-ID attribute with {@code @Convert(converter = TraceIdLongConverter.class)}. It is not applied
 * automatically: the library's Hibernate {@code JavaType} already maps every {@code TraceId} attribute, ID or not,
 * without a converter, and JPA allows no converter on an {@code @Id}.
 */
@Converter
public final class TraceIdLongConverter extends IdLongConverter<TraceId> {

    /**
     * Creates the converter; JPA providers call this.
     */
    public TraceIdLongConverter() {
        super(TraceIdDescriptor.INSTANCE);
    }
}
