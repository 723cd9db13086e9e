package dev.ids.hibernate;

import dev.ids.IdGenerator;
import dev.ids.IdScheme;
import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.lang.annotation.Annotation;
import java.util.UUID;
import java.util.function.Function;

/**
 * What the Hibernate integration knows about each scheme: its annotation, value type, generator type, and how a
 * value becomes each attribute type the scheme supports.
 */
enum SchemeSupport {

    TRACE_ID(IdScheme.TRACE_ID, GeneratedTraceId.class, TraceId.class, TraceIdGenerator.class, 0, 19,
            "Long, long, String, " + TraceId.class.getName()),

    LABLE(IdScheme.LABLE, GeneratedLableId.class, LableId.class, LableIdGenerator.class, 0, 16,
            "Long, long, String, " + LableId.class.getName()),

    GID(IdScheme.GID, GeneratedGid.class, Gid.class, GidGenerator.class, Gid.BYTES, 24,
            "java.util.UUID, byte[] (16), String, " + Gid.class.getName()),

    SNO(IdScheme.SNO, GeneratedSno.class, Sno.class, SnoGenerator.class, Sno.BYTES, 16,
            "byte[] (10), String, " + Sno.class.getName()),

    MUID(IdScheme.MUID, GeneratedMuid.class, Muid.class, MuidGenerator.class, 16, 34,
            "java.util.UUID, byte[] (16), String, " + Muid.class.getName());

    private final IdScheme scheme;
    private final Class<? extends Annotation> annotation;
    private final Class<?> valueType;
    private final Class<? extends IdGenerator<?>> generatorType;
    private final int binaryLength;
    private final int stringLength;
    private final String supportedTypes;

    SchemeSupport(IdScheme scheme, Class<? extends Annotation> annotation, Class<?> valueType,
            Class<? extends IdGenerator<?>> generatorType, int binaryLength, int stringLength, String supportedTypes) {
        this.scheme = scheme;
        this.annotation = annotation;
        this.valueType = valueType;
        this.generatorType = generatorType;
        this.binaryLength = binaryLength;
        this.stringLength = stringLength;
        this.supportedTypes = supportedTypes;
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
        return valueType;
    }

    Class<? extends IdGenerator<?>> generatorType() {
        return generatorType;
    }

    String supportedTypes() {
        return supportedTypes;
    }

    /**
     * Returns the length a column of the given attribute type needs, or 0 when the type has no length.
     */
    int requiredLength(Class<?> attributeType) {
        if (attributeType == byte[].class) {
            return binaryLength;
        }
        return attributeType == String.class ? stringLength : 0;
    }

    /**
     * Returns how a value of this scheme becomes the given attribute type, or {@code null} when the scheme does not
     * support that type.
     */
    Function<Object, Object> converter(Class<?> attributeType) {
        if (attributeType == valueType) {
            return Function.identity();
        }
        if (attributeType == String.class) {
            return Object::toString;
        }
        boolean isLong = attributeType == Long.class || attributeType == long.class;
        return switch (this) {
            case TRACE_ID -> isLong ? value -> ((TraceId) value).toLong() : null;
            case LABLE -> isLong ? value -> ((LableId) value).toLong() : null;
            case GID -> attributeType == UUID.class ? value -> ((Gid) value).toUuid()
                    : attributeType == byte[].class ? value -> ((Gid) value).toBytes() : null;
            case SNO -> attributeType == byte[].class ? value -> ((Sno) value).toBytes() : null;
            case MUID -> attributeType == UUID.class ? value -> ((Muid) value).toUuid()
                    : attributeType == byte[].class ? value -> ((Muid) value).toBytes() : null;
        };
    }
}
