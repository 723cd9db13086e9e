package dev.ids.autoconfigure.data;

import dev.ids.IdDescriptor;
import dev.ids.IdDescriptor.Form;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.GenericConverter;

/**
 * A converter between one scheme's value type and the column form it is stored in. Spring Data tells a reading
 * converter from a writing one by its class's annotation, so each direction is a subclass that only says which way
 * it converts.
 */
abstract sealed class IdColumnConverter implements GenericConverter permits IdReadingConverter, IdWritingConverter {

    /** The scheme's descriptor, which converts to and from each form. */
    final IdDescriptor<?> descriptor;

    /** The form of the column. */
    final Form form;

    private final ConvertiblePair types;

    IdColumnConverter(IdDescriptor<?> descriptor, Form form, Class<?> sourceType, Class<?> targetType) {
        this.descriptor = descriptor;
        this.form = form;
        this.types = new ConvertiblePair(sourceType, targetType);
    }

    @Override
    public final Set<ConvertiblePair> getConvertibleTypes() {
        return Set.of(types);
    }

    @Override
    public final @Nullable Object convert(@Nullable Object source, TypeDescriptor sourceType,
            TypeDescriptor targetType) {
        return source == null ? null : convertPresent(source);
    }

    /** Converts a value that is not null. */
    abstract Object convertPresent(Object source);

    @Override
    public final String toString() {
        return types.getSourceType().getSimpleName() + " -> " + types.getTargetType().getSimpleName();
    }
}
