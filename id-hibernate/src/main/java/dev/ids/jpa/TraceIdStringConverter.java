package dev.ids.jpa;

import dev.ids.traceid.TraceId;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/**
 * Stores a {@link TraceId} in a string column: its decimal value left-padded with zeros to 19 digits ({@link
 * SortableTraceIdText}), so that the column sorts like the values; reading also accepts the canonical decimal.
 *
 * <p>Name it on a non-ID attribute with {@code @Convert(converter = TraceIdStringConverter.class)}. It is not
 * applied automatically: the library's Hibernate {@code JavaType} already maps every {@code TraceId} attribute, ID
 * or not, without a converter, and JPA allows no converter on an {@code @Id}.
 *
 * <p>Declare the column with its exact length, {@code @Column(length = LENGTH)}: JPA gives a converted string
 * {@code VARCHAR(255)} otherwise. The stored strings sort like the values in any collation that orders ASCII digits
 * and letters of one case as ASCII does.
 */
@Converter
public final class TraceIdStringConverter implements AttributeConverter<TraceId, String> {

    /** The length of the stored string: 19 characters. */
    public static final int LENGTH = 19;

    /**
     * Creates the converter; JPA providers call this.
     */
    public TraceIdStringConverter() {
    }

    /**
     * Returns the column value of an ID.
     *
     * @param attribute the ID, may be {@code null}
     * @return the 19-digit text, or {@code null} for {@code null}
     */
    @Override
    public String convertToDatabaseColumn(TraceId attribute) {
        return attribute == null ? null : SortableTraceIdText.format(attribute);
    }

    /**
     * Reads an ID from its column value.
     *
     * @param dbData the column value, may be {@code null}
     * @return the ID, or {@code null} for {@code null}
     * @throws dev.ids.InvalidIdException naming the value when it is not the 19-digit text or canonical decimal of a
     *     {@code TraceId}
     */
    @Override
    public TraceId convertToEntityAttribute(String dbData) {
        return dbData == null ? null : SortableTraceIdText.parse(dbData);
    }
}
