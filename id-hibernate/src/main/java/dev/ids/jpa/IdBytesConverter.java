package dev.ids.jpa;

import dev.ids.IdDescriptor;

/**
 * The JPA converter of an ID value type to a binary column: its binary form ({@link IdDescriptor#toBytes}), which
 * sorts like the values as unsigned bytes.
 *
 * <p>Each scheme's public converter ({@code GidBytesConverter} and so on) is a final subclass that names the
 * scheme's descriptor. This base is no {@code @Converter} itself, so that a persistence provider's scanning does not
 * take it for one.
 *
 * @param <T> the ID value type
 */
public abstract class IdBytesConverter<T> extends IdColumnConverter<T, byte[]> {

    /**
     * Creates the converter of one scheme's value type.
     *
     * @param descriptor the scheme's descriptor
     */
    protected IdBytesConverter(IdDescriptor<T> descriptor) {
        super(descriptor::toBytes, descriptor::fromBytes);
    }
}
