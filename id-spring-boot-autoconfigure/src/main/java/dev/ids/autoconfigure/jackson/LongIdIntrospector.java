package dev.ids.autoconfigure.jackson;

import dev.ids.IdDescriptor;
import dev.ids.IdScheme;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.AnnotatedMethod;
import tools.jackson.databind.introspect.NopAnnotationIntrospector;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * Finds the {@code Long}/{@code long} properties that hold 64-bit IDs and gives them a string form: written as JSON
 * strings, read from strings or numbers. A property qualifies when it is marked {@link IdAsString} or, if
 * {@code generatedIds} is on, when one of its accessors carries an ids generator annotation that can produce a
 * {@code Long}: {@code @GeneratedTraceId}, {@code @GeneratedLableId}, or JPA's {@code @GeneratedValue} naming the
 * {@code trace-id} or {@code lable} generator (or one of their named generators, {@code trace-id:<name>}).
 * <p>
 * An annotation introspector rather than a serializer modifier because Jackson asks it about the one accessor that
 * reads or writes a property after merging the annotations of the property's field, getter, setter and creator
 * parameter: an annotation on a private field of an entity reaches the getter Jackson serializes with, and the
 * annotations of a record component reach both. It is appended to the mapper's introspectors, so an explicit
 * {@code @JsonSerialize}/{@code @JsonDeserialize} of the application wins. The generator annotations are recognized
 * by name, so neither id-hibernate nor JPA needs to be on the class path.
 */
final class LongIdIntrospector extends NopAnnotationIntrospector {

    private static final long serialVersionUID = 1L;

    private static final String HIBERNATE_PACKAGE = "dev.ids.hibernate.";

    private static final String GENERATED_VALUE = "jakarta.persistence.GeneratedValue";

    /** The schemes whose IDs are longs, which JavaScript's numbers cannot all hold. */
    private static final List<IdDescriptor<?>> LONG_SCHEMES = longSchemes();

    /** Whether properties whose values come from an ids generator qualify without {@link IdAsString}. */
    private final boolean generatedIds;

    LongIdIntrospector(boolean generatedIds) {
        this.generatedIds = generatedIds;
    }

    @Override
    public @Nullable Object findSerializer(MapperConfig<?> config, Annotated member) {
        return isLong(valueType(member)) && holdsId(member) ? ToStringSerializer.instance : null;
    }

    @Override
    public @Nullable Object findDeserializer(MapperConfig<?> config, Annotated member) {
        JavaType type = valueType(member);
        return type != null && isLong(type) && holdsId(member) ? deserializerFor(type.getRawClass()) : null;
    }

    /** The elements of a collection, array or map marked {@link IdAsString}: generated IDs are never containers. */
    @Override
    public @Nullable Object findContentSerializer(MapperConfig<?> config, Annotated member) {
        return isLongContainer(valueType(member)) && member.hasAnnotation(IdAsString.class)
                ? ToStringSerializer.instance : null;
    }

    @Override
    public @Nullable Object findContentDeserializer(MapperConfig<?> config, Annotated member) {
        return isLongContainer(valueType(member)) && member.hasAnnotation(IdAsString.class)
                ? LongIdDeserializer.BOXED : null;
    }

    private boolean holdsId(Annotated member) {
        return member.hasAnnotation(IdAsString.class)
                || generatedIds && member.annotations().anyMatch(LongIdIntrospector::generatesLongId);
    }

    /**
     * Whether the annotation asks for the generator of a scheme whose IDs are longs (its descriptor has the long
     * form): the scheme's Hibernate annotation ({@code GeneratedTraceId}, named {@code Generated} and the value
     * type's simple name) or {@code @GeneratedValue} naming the scheme.
     */
    private static boolean generatesLongId(Annotation annotation) {
        String name = annotation.annotationType().getName();
        String generator = name.equals(GENERATED_VALUE) ? JpaGeneratedValue.generatorOf(annotation) : null;
        for (IdDescriptor<?> scheme : LONG_SCHEMES) {
            if (name.equals(HIBERNATE_PACKAGE + "Generated" + scheme.valueType().getSimpleName())
                    || generator != null && isScheme(generator, scheme.schemeName())) {
                return true;
            }
        }
        return false;
    }

    /** A loop, not a stream: each lambda is a class loaded at start-up (StartupFootprintTests counts them). */
    private static List<IdDescriptor<?>> longSchemes() {
        List<IdDescriptor<?>> longSchemes = new ArrayList<>();
        for (IdScheme scheme : IdScheme.values()) {
            if (scheme.descriptor().forms().contains(IdDescriptor.Form.LONG)) {
                longSchemes.add(scheme.descriptor());
            }
        }
        return List.copyOf(longSchemes);
    }

    /** Whether a generator name is a scheme's name, alone or with a named generator ({@code lable:accounts}). */
    private static boolean isScheme(String generator, String scheme) {
        return generator.equals(scheme) || generator.startsWith(scheme + ":");
    }

    /**
     * The type a property's accessor reads or writes: a setter's parameter, otherwise the member's own type;
     * {@code null} for what has none (a class).
     */
    private static @Nullable JavaType valueType(Annotated member) {
        if (member instanceof AnnotatedMethod method && method.getParameterCount() == 1) {
            return method.getParameterType(0);
        }
        return member.getType();
    }

    private static boolean isLongContainer(@Nullable JavaType type) {
        // Long only: a long[] keeps Jackson's own array form, which takes no element serializer.
        return type != null && type.isContainerType() && type.getContentType().getRawClass() == Long.class;
    }

    private static boolean isLong(@Nullable JavaType type) {
        return type != null && (type.getRawClass() == Long.class || type.getRawClass() == Long.TYPE);
    }

    private static LongIdDeserializer deserializerFor(Class<?> type) {
        return type == Long.TYPE ? LongIdDeserializer.PRIMITIVE : LongIdDeserializer.BOXED;
    }
}
