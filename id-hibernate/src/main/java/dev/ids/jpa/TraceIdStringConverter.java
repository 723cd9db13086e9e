package dev.ids.jpa;

import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdCodec;
import dev.ids.traceid.TraceIdDescriptor;
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
public final class TraceIdStringConverter extends IdStringConverter<TraceId> {

    /** The length of the stored string: 19 characters. */
    public static final int LENGTH = TraceIdCodec.LENGTH;

    /**
     * Creates the converter; JPA providers call this.
     */
    public TraceIdStringConverter() {
        super(TraceIdDescriptor.INSTANCE);
    }
}
