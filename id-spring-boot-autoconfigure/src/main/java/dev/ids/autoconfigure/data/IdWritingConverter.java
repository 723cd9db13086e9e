package dev.ids.autoconfigure.data;

import dev.ids.IdDescriptor;
import dev.ids.IdDescriptor.Form;
import org.springframework.data.convert.WritingConverter;

/** Writes one scheme's value type as the column form it is stored in. */
@WritingConverter
final class IdWritingConverter extends IdColumnConverter {

    IdWritingConverter(IdDescriptor<?> descriptor, Form form) {
        super(descriptor, form, descriptor.valueType(), IdForms.javaType(form));
    }

    @Override
    Object convertPresent(Object source) {
        return IdForms.write(descriptor, form, source);
    }
}
