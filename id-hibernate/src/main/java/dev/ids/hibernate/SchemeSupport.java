package dev.ids.hibernate;

import dev.ids.IdDescriptor;
import dev.ids.IdDescriptor.Form;
import dev.ids.IdGenerator;
import dev.ids.IdScheme;
import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What the Hibernate integration knows about a scheme, all of it read from the scheme's {@link IdDescriptor} (value
 * type, generator type, lengths, conversions), so that the schemes are listed once, by {@link IdScheme} and the
 * descriptors it loads.
 *
 * <p>Two rules of this module complete the descriptor. A scheme's generator annotation is the one of this package
 * named {@code Generated} and the value type's simple name ({@link GeneratedSno} for {@code Sno}), and has a
 * {@code name()}; a name rather than a list of classes, so that a new scheme's annotation needs no edit here. And
 * a generated value may be stored in the value type, {@code String} and the descriptor's other forms, except that
 * a 64-bit ID is stored as a {@code Long}, not as its bytes.
 */
final class SchemeSupport {

    private static final String ANNOTATION_PREFIX = SchemeSupport.class.getPackageName() + ".Generated";

    private static final Map<IdScheme, SchemeSupport> BY_SCHEME = load();

    private final IdScheme scheme;
    private final IdDescriptor<?> descriptor;
    /** The forms a generated value may be stored in besides the value type itself. */
    private final Set<Form> attributeForms;

    private SchemeSupport(IdScheme scheme) {
        this.scheme = scheme;
        this.descriptor = scheme.descriptor();
        Set<Form> forms = EnumSet.copyOf(descriptor.forms());
        if (forms.contains(Form.LONG)) {
            forms.remove(Form.BYTES);
        }
        this.attributeForms = Collections.unmodifiableSet(forms);
    }

    private static Map<IdScheme, SchemeSupport> load() {
        Map<IdScheme, SchemeSupport> supports = new EnumMap<>(IdScheme.class);
        for (IdScheme scheme : IdScheme.values()) {
            supports.put(scheme, new SchemeSupport(scheme));
        }
        return supports;
    }

    static SchemeSupport of(IdScheme scheme) {
        return Objects.requireNonNull(BY_SCHEME.get(scheme), "load() puts every scheme");
    }

    static SchemeSupport of(Annotation annotation) {
        return find(annotation).orElseThrow(() -> notOurs(annotation));
    }

    /**
     * Returns the scheme whose generator annotation this is.
     *
     * @return the scheme's support, or empty when the annotation is not one of the generator annotations
     */
    static Optional<SchemeSupport> find(Annotation annotation) {
        String type = annotation.annotationType().getName();
        return BY_SCHEME.values().stream().filter(support -> support.annotationName().equals(type)).findFirst();
    }

    /** Returns the {@code name()} of one of the generator annotations. */
    static String nameOf(Annotation annotation) {
        of(annotation);
        try {
            return (String) annotation.annotationType().getMethod("name").invoke(annotation);
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("@" + annotation.annotationType().getName() + " has no readable "
                    + "String name(), which every ids generator annotation declares", e);
        }
    }

    private static IllegalArgumentException notOurs(Annotation annotation) {
        return new IllegalArgumentException("@" + annotation.annotationType().getName()
                + " is not one of the ids generator annotations");
    }

    IdScheme scheme() {
        return scheme;
    }

    /** Returns the full name of the scheme's generator annotation, {@code dev.ids.hibernate.GeneratedSno}. */
    String annotationName() {
        return ANNOTATION_PREFIX + descriptor.valueType().getSimpleName();
    }

    /** Returns the simple name of the scheme's generator annotation, {@code GeneratedSno}. */
    String annotationSimpleName() {
        return annotationName().substring(annotationName().lastIndexOf('.') + 1);
    }

    Class<?> valueType() {
        return descriptor.valueType();
    }

    Class<? extends IdGenerator<?>> generatorType() {
        return descriptor.generatorType();
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
    @Nullable Function<Object, Object> converter(Class<?> attributeType) {
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
