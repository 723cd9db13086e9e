package dev.ids.jpa;

import dev.ids.muid.Muid;
import dev.ids.muid.MuidCodec;
import dev.ids.muid.MuidDescriptor;
import jakarta.persistence.Converter;

/**
 * Stores a {@link Muid} in a string column: its canonical 34-character text of upper-case hexadecimal groups ({@link
 * Muid#toString()}).
 *
 * <p>Name it on a non-ID attribute with {@code @Convert(converter = MuidStringConverter.class)}. It is not applied
 * automatically: the library's Hibernate {@code JavaType} already maps every {@code Muid} attribute, ID or not,
 * without a converter, and JPA allows no converter on an {@code @Id}.
 *
 * <p>Declare the column with its exact length, {@code @Column(length = LENGTH)}: JPA gives a converted string
 * {@code VARCHAR(255)} otherwise. The stored strings sort like the values in any collation that orders ASCII digits
 * and letters of one case as ASCII does.
 */
@Converter
public final class MuidStringConverter extends IdStringConverter<Muid> {

    /** The length of the stored string: 34 characters. */
    public static final int LENGTH = MuidCodec.LENGTH;

    /**
     * Creates the converter; JPA providers call this.
     */
    public MuidStringConverter() {
        super(MuidDescriptor.INSTANCE);
    }
}
