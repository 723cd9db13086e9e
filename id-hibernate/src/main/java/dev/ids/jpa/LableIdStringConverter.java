package dev.ids.jpa;

import dev.ids.lable.LableId;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/**
 * Stores a {@link LableId} in a string column: its canonical 16 lower-case hexadecimal digits ({@link
 * LableId#toString()}).
 *
 * <p>Name it on a non-ID attribute with {@code @Convert(converter = LableIdStringConverter.class)}. It is not
 * applied automatically: the library's Hibernate {@code JavaType} already maps every {@code LableId} attribute, ID
 * or not, without a converter, and JPA allows no converter on an {@code @Id}.
 *
 * <p>Declare the column with its exact length, {@code @Column(length = LENGTH)}: JPA gives a converted string
 * {@code VARCHAR(255)} otherwise. The stored strings sort like the values in any collation that orders ASCII digits
 * and letters of one case as ASCII does.
 */
@Converter
public final class LableIdStringConverter implements AttributeConverter<LableId, String> {

    /** The length of the stored string: 16 characters. */
    public static final int LENGTH = 16;

    /**
     * Creates the converter; JPA providers call this.
     */
    public LableIdStringConverter() {
    }

    /**
     * Returns the column value of an ID.
     *
     * @param attribute the ID, may be {@code null}
     * @return the canonical text, or {@code null} for {@code null}
     */
    @Override
    public String convertToDatabaseColumn(LableId attribute) {
        return attribute == null ? null : attribute.toString();
    }

    /**
     * Reads an ID from its column value.
     *
     * @param dbData the column value, may be {@code null}
     * @return the ID, or {@code null} for {@code null}
     * @throws dev.ids.InvalidIdException naming the value when it is not the canonical text of a {@code LableId}
     */
    @Override
    public LableId convertToEntityAttribute(String dbData) {
        return dbData == null ? null : LableId.parse(dbData);
    }
}
