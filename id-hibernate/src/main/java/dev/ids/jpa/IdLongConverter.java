package dev.ids.jpa;

import dev.ids.IdDescriptor;

/**
 * The JPA converter of an ID value type to a {@code BIGINT} column: the 64-bit value ({@link IdDescriptor#toLong})
 * of a scheme that has one (TraceId, Lable).
 *
 * <p>Each scheme's public converter ({@code TraceIdLongConverter}, {@code LableIdLongConverter}) is a final subclass
 * that names the scheme's descriptor. This base is no {@code @Converter} itself, so that a persistence provider's
 * scanning does not take it for one.
 *
 * @param <T> the ID value type
 */
public abstract class IdLongConverter<T> extends IdColumnConverter<T, Long> {

    /**
     * Creates the converter of one scheme's value type.
     *
     * @param descriptor the scheme's descriptor
     * @throws IllegalArgumentException when the scheme has no LONG form
     */
    protected IdLongConverter(IdDescriptor<T> descriptor) {
        super(descriptor::toLong, descriptor::fromLong);
        if (!descriptor.supports(IdDescriptor.Form.LONG)) {
            throw new IllegalArgumentException("A " + descriptor.schemeName() + " ID has no LONG form; its forms: "
                    + descriptor.forms());
        }
    }
}
