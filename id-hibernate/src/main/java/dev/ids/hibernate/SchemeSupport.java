package dev.ids.hibernate;

import dev.ids.IdDescriptor;
import dev.ids.IdDescriptor.Form;
import dev.ids.IdGenerator;
import dev.ids.IdScheme;
import dev.ids.gid.GidDescriptor;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableIdDescriptor;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.MuidDescriptor;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.SnoDescriptor;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdDescriptor;
import dev.ids.traceid.TraceIdGenerator;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * What the Hibernate integration knows about each scheme: its annotation, generator type, its {@link IdDescriptor}
 * (value type, lengths, conversions), and which attribute types a generated value may be stored in: the value type,
 * {@code String}, and the forms listed here (a 64-bit ID as a {@code Long}, not as its bytes).
 */
enum SchemeSupport {

    TRACE_ID(TraceIdDescriptor.INSTANCE, GeneratedTraceId.class, TraceIdGenerator.class, Form.LONG),

    LABLE(LableIdDescriptor.INSTANCE, GeneratedLableId.class, LableIdGenerator.class, Form.LONG),

    GID(GidDescriptor.INSTANCE, GeneratedGid.class, GidGenerator.class, Form.UUID, Form.BYTES),

    SNO(SnoDescriptor.INSTANCE, GeneratedSno.class, SnoGenerator.class, Form.BYTES),

    MUID(MuidDescriptor.INSTANCE, GeneratedMuid.class, MuidGenerator.class, Form.UUID, Form.BYTES);

    private final IdScheme scheme;
    private final IdDescriptor<?> descriptor;
    private final Class<? extends Annotation> annotation;
    private final Class<? extends IdGenerator<?>> generatorType;
    /** The forms a generated value may be stored in besides the value type itself. */
    private final Set<Form> attributeForms;

    SchemeSupport(IdDescriptor<?> descriptor, Class<? extends Annotation> annotation,
            Class<? extends IdGenerator<?>> generatorType, Form... forms) {
        this.scheme = IdScheme.of(descriptor.schemeName());
        this.descriptor = descriptor;
        this.annotation = annotation;
        this.generatorType = generatorType;
        this.attributeForms = Collections.unmodifiableSet(EnumSet.of(Form.TEXT, forms));
    }

    static SchemeSupport of(IdScheme scheme) {
        for (SchemeSupport support : values()) {
            if (support.scheme == scheme) {
                return support;
            }
        }
        throw new IllegalArgumentException("No Hibernate support for scheme " + scheme);
    }

    static SchemeSupport of(Annotation annotation) {
        for (SchemeSupport support : values()) {
            if (support.annotation == annotation.annotationType()) {
                return support;
            }
        }
        throw new IllegalArgumentException("@" + annotation.annotationType().getName()
                + " is not one of the ids generator annotations");
    }

    /** Returns the {@code name()} of one of the five generator annotations. */
    static String nameOf(Annotation annotation) {
        if (annotation instanceof GeneratedTraceId a) {
            return a.name();
        }
        if (annotation instanceof GeneratedLableId a) {
            return a.name();
        }
        if (annotation instanceof GeneratedGid a) {
            return a.name();
        }
        if (annotation instanceof GeneratedSno a) {
            return a.name();
        }
        if (annotation instanceof GeneratedMuid a) {
            return a.name();
        }
        throw new IllegalArgumentException("@" + annotation.annotationType().getName()
                + " is not one of the ids generator annotations");
    }

    IdScheme scheme() {
        return scheme;
    }

    Class<? extends Annotation> annotation() {
        return annotation;
    }

    Class<?> valueType() {
        return descriptor.valueType();
    }

    Class<? extends IdGenerator<?>> generatorType() {
        return generatorType;
    }

    /**
     * Returns the attribute types a generated value may be stored in, for messages: for example
     * {@code "java.util.UUID, byte[] (16), String, dev.ids.gid.Gid"}.
     */
    String supportedTypes() {
        List<String> types = new ArrayList<>();
        if (attributeForms.contains(Form.LONG)) {
            types.add("Long, long");
        }
        if (attributeForms.contains(Form.UUID)) {
            types.add(UUID.class.getName());
        }
        if (attributeForms.contains(Form.BYTES)) {
            types.add("byte[] (" + descriptor.byteLength() + ")");
        }
        types.add("String");
        types.add(descriptor.valueType().getName());
        return String.join(", ", types);
    }

    /**
     * Returns the length a column of the given attribute type needs, or 0 when the type has no length.
     */
    int requiredLength(Class<?> attributeType) {
        if (attributeType == byte[].class) {
            return attributeForms.contains(Form.BYTES) ? descriptor.byteLength() : 0;
        }
        return attributeType == String.class ? descriptor.textLength() : 0;
    }

    /**
     * Returns how a value of this scheme becomes the given attribute type, or {@code null} when the scheme does not
     * support that type.
     */
    Function<Object, Object> converter(Class<?> attributeType) {
        if (attributeType == descriptor.valueType()) {
            return Function.identity();
        }
        Form form = attributeType == String.class ? Form.TEXT
                : attributeType == Long.class || attributeType == long.class ? Form.LONG
                : attributeType == UUID.class ? Form.UUID
                : attributeType == byte[].class ? Form.BYTES
                : null;
        return form != null && attributeForms.contains(form) ? converter(descriptor, form) : null;
    }

    private static <T> Function<Object, Object> converter(IdDescriptor<T> descriptor, Form form) {
        Class<T> type = descriptor.valueType();
        return switch (form) {
            case TEXT -> value -> descriptor.format(type.cast(value));
            case BYTES -> value -> descriptor.toBytes(type.cast(value));
            case LONG -> value -> descriptor.toLong(type.cast(value));
            case UUID -> value -> descriptor.toUuid(type.cast(value));
        };
    }
}
