package dev.ids.jpa;

import dev.ids.lable.LableCodec;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdDescriptor;
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
public final class LableIdStringConverter extends IdStringConverter<LableId> {

    /** The length of the stored string: 16 characters. */
    public static final int LENGTH = LableCodec.LENGTH;

    /**
     * Creates the converter; JPA providers call this.
     */
    public LableIdStringConverter() {
        super(LableIdDescriptor.INSTANCE);
    }
}
