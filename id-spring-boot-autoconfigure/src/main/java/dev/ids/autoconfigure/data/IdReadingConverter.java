package dev.ids.autoconfigure.data;

import dev.ids.IdDescriptor;
import dev.ids.IdDescriptor.Form;
import org.springframework.data.convert.ReadingConverter;

/** Reads one scheme's value type from the column form it is stored in. */
@ReadingConverter
final class IdReadingConverter extends IdColumnConverter {

    IdReadingConverter(IdDescriptor<?> descriptor, Form form) {
        super(descriptor, form, IdForms.javaType(form), descriptor.valueType());
    }

    @Override
    Object convertPresent(Object source) {
        return IdForms.read(descriptor, form, source);
    }
}
