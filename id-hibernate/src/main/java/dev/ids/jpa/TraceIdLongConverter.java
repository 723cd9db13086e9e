package dev.ids.jpa;

import dev.ids.traceid.TraceId;
import jakarta.persistence.AttributeConverter;
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
public final class TraceIdLongConverter implements AttributeConverter<TraceId, Long> {

    /**
     * Creates the converter; JPA providers call this.
     */
    public TraceIdLongConverter() {
    }

    /**
     * Returns the column value of an ID.
     *
     * @param attribute the ID, may be {@code null}
     * @return the value as a long, or {@code null} for {@code null}
     */
    @Override
    public Long convertToDatabaseColumn(TraceId attribute) {
        return attribute == null ? null : attribute.toLong();
    }

    /**
     * Reads an ID from its column value.
     *
     * @param dbData the column value, may be {@code null}
     * @return the ID, or {@code null} for {@code null}
     * @throws dev.ids.InvalidIdException naming the value when it is not the value of a {@code TraceId}
     */
    @Override
    public TraceId convertToEntityAttribute(Long dbData) {
        return dbData == null ? null : TraceId.fromLong(dbData);
    }
}
