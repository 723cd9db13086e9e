package dev.ids.benchmarks;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * The heap size of a result object, to compare with the bytes a call allocates: the object with its own arrays and
 * strings, in the layout of a 64-bit HotSpot JVM with compressed class pointers and oops (a 12-byte header, 4-byte
 * references, 8-byte alignment), which is the layout of the benchmark JVMs (1 GB heap).
 */
final class ObjectSizes {

    private ObjectSizes() {
    }

    static long of(Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof String text) {
            boolean latin1 = text.chars().allMatch((c) -> c < 256);
            return align(24) + align(16L + (latin1 ? text.length() : 2L * text.length()));
        }
        if (value instanceof byte[] bytes) {
            return align(16L + bytes.length);
        }
        long size = 12;
        long owned = 0;
        for (Class<?> type = value.getClass(); type != null; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                Class<?> fieldType = field.getType();
                size += fieldBytes(fieldType);
                if (fieldType == byte[].class || fieldType == String.class) {
                    field.setAccessible(true);
                    try {
                        owned += of(field.get(value));
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
        return align(size) + owned;
    }

    private static long fieldBytes(Class<?> type) {
        if (type == long.class || type == double.class) {
            return 8;
        } else if (type == int.class || type == float.class) {
            return 4;
        } else if (type == short.class || type == char.class) {
            return 2;
        } else if (type == byte.class || type == boolean.class) {
            return 1;
        }
        return 4;
    }

    private static long align(long size) {
        return (size + 7) & ~7L;
    }
}
