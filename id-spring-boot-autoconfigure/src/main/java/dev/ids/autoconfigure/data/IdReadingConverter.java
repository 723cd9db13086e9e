package dev.ids.autoconfigure.data;

import dev.ids.IdDescriptor;
import dev.ids.IdDescriptor.Form;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.GenericConverter;
import org.springframework.data.convert.ReadingConverter;

/** Reads one scheme's value type from the column form it is stored in. */
@ReadingConverter
final class IdReadingConverter implements GenericConverter {

    private final IdDescriptor<?> descriptor;

    private final Form form;

    IdReadingConverter(IdDescriptor<?> descriptor, Form form) {
        this.descriptor = descriptor;
        this.form = form;
    }

    @Override
    public Set<ConvertiblePair> getConvertibleTypes() {
        return Set.of(new ConvertiblePair(IdForms.javaType(form), descriptor.valueType()));
    }

    @Override
    public @Nullable Object convert(@Nullable Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
        return source == null ? null : IdForms.read(descriptor, form, source);
    }

    @Override
    public String toString() {
        return IdForms.javaType(form).getSimpleName() + " -> " + descriptor.valueType().getSimpleName();
    }
}
