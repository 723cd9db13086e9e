package dev.ids.jpa;

import dev.ids.sno.Sno;
import dev.ids.sno.SnoCodec;
import dev.ids.sno.SnoDescriptor;
import jakarta.persistence.Converter;

/**
 * Stores a {@link Sno} in a string column: its canonical 16-character base32 text ({@link Sno#toString()}).
 *
 * <p>Name it on a non-ID attribute with {@code @Convert(converter = SnoStringConverter.class)}. It is not applied
 * automatically: the library's Hibernate {@code JavaType} already maps every {@code Sno} attribute, ID or not,
 * without a converter, and JPA allows no converter on an {@code @Id}.
 *
 * <p>Declare the column with its exact length, {@code @Column(length = LENGTH)}: JPA gives a converted string
 * {@code VARCHAR(255)} otherwise. The stored strings sort like the values in any collation that orders ASCII digits
 * and letters of one case as ASCII does.
 */
@Converter
public final class SnoStringConverter extends IdStringConverter<Sno> {

    /** The length of the stored string: 16 characters. */
    public static final int LENGTH = SnoCodec.LENGTH;

    /**
     * Creates the converter; JPA providers call this.
     */
    public SnoStringConverter() {
        super(SnoDescriptor.INSTANCE);
    }
}
