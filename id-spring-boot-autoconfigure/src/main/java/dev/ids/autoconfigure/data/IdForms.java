package dev.ids.autoconfigure.data;

import dev.ids.IdDescriptor;
import dev.ids.IdDescriptor.Form;
import java.util.UUID;

/**
 * Converts an ID to and from one of its forms through the scheme's {@link IdDescriptor}, so that every scheme shares
 * one converter class per direction instead of one per scheme.
 */
final class IdForms {

    private IdForms() {
    }

    /** The Java type a column or attribute of a form holds. */
    static Class<?> javaType(Form form) {
        return switch (form) {
            case TEXT -> String.class;
            case BYTES -> byte[].class;
            case LONG -> Long.class;
            case UUID -> UUID.class;
        };
    }

    /** The value's form: its canonical string, its bytes, its {@code long} or its UUID. */
    static <T> Object write(IdDescriptor<T> descriptor, Form form, Object value) {
        T id = descriptor.valueType().cast(value);
        return switch (form) {
            case TEXT -> descriptor.format(id);
            case BYTES -> descriptor.toBytes(id);
            case LONG -> descriptor.toLong(id);
            case UUID -> descriptor.toUuid(id);
        };
    }

    /** The ID a form holds, read as strictly as the value type's own factories read it. */
    static <T> T read(IdDescriptor<T> descriptor, Form form, Object stored) {
        return switch (form) {
            case TEXT -> descriptor.fromColumnText((String) stored);
            case BYTES -> descriptor.fromBytes((byte[]) stored);
            case LONG -> descriptor.fromLong(((Number) stored).longValue());
            case UUID -> descriptor.fromUuid((UUID) stored);
        };
    }
}
