package dev.ids.autoconfigure.data;

import dev.ids.IdDescriptor;
import dev.ids.IdDescriptor.Form;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.GenericConverter;
import org.springframework.data.convert.WritingConverter;

/** Writes one scheme's value type as the column form it is stored in. */
@WritingConverter
final class IdWritingConverter implements GenericConverter {

    private final IdDescriptor<?> descriptor;

    private final Form form;

    IdWritingConverter(IdDescriptor<?> descriptor, Form form) {
        this.descriptor = descriptor;
        this.form = form;
    }

    @Override
    public Set<ConvertiblePair> getConvertibleTypes() {
        return Set.of(new ConvertiblePair(descriptor.valueType(), IdForms.javaType(form)));
    }

    @Override
    public @Nullable Object convert(@Nullable Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
        return source == null ? null : IdForms.write(descriptor, form, source);
    }

    @Override
    public String toString() {
        return descriptor.valueType().getSimpleName() + " -> " + IdForms.javaType(form).getSimpleName();
    }
}
