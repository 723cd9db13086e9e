package dev.ids.hibernate.type;

import dev.ids.IdDescriptor;
import dev.ids.IdDescriptor.Form;
import java.util.UUID;
import org.hibernate.dialect.Dialect;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.AbstractClassJavaType;
import org.hibernate.type.descriptor.java.ImmutableMutabilityPlan;
import org.hibernate.type.descriptor.jdbc.JdbcType;
import org.hibernate.type.descriptor.jdbc.JdbcTypeIndicators;
import org.jspecify.annotations.Nullable;

/**
 * The library's Hibernate {@code JavaType} of an ID value type, read from the scheme's {@link IdDescriptor}: an
 * immutable, comparable value that Hibernate may hand over, or ask for, as the value itself, its column text, its
 * binary form, and where the scheme has one, a {@link Long} or a {@link UUID}. The column it recommends is the
 * descriptor's {@link IdDescriptor#column()}: {@code BIGINT} for a long, {@code BINARY} for bytes, and for a UUID the
 * database's {@code uuid} type where it sorts by bytes, {@code BINARY} elsewhere.
 *
 * <p>Each scheme has a named subclass ({@link TraceIdJavaType} and so on) with an {@code INSTANCE} and a no-argument
 * constructor, which {@code @JavaType} and bean containers need; {@link #of(IdDescriptor)} makes one for any
 * descriptor.
 *
 * @param <T> the ID value type
 */
public class IdJavaType<T> extends AbstractClassJavaType<T> {

    /** What the scheme's value type converts to and from. */
    private final IdDescriptor<T> descriptor;

    /**
     * Creates the {@code JavaType} of one value type.
     *
     * @param descriptor the scheme's descriptor
     */
    protected IdJavaType(IdDescriptor<T> descriptor) {
        super(descriptor.valueType(), ImmutableMutabilityPlan.instance());
        this.descriptor = descriptor;
    }

    /**
     * Returns the {@code JavaType} of a scheme's value type.
     *
     * @param descriptor the scheme's descriptor
     * @param <T> the value type
     * @return a new {@code JavaType} reading that descriptor
     */
    public static <T> IdJavaType<T> of(IdDescriptor<T> descriptor) {
        return new IdJavaType<>(descriptor);
    }

    /**
     * Recommends the column of the descriptor's {@link IdDescriptor#column()} form.
     *
     * @param indicators the context Hibernate resolves the type in
     * @return the dialect's type for that form
     */
    @Override
    public JdbcType getRecommendedJdbcType(JdbcTypeIndicators indicators) {
        return switch (descriptor.column()) {
            case LONG -> indicators.getJdbcType(SqlTypes.BIGINT);
            case BYTES -> indicators.getJdbcType(SqlTypes.BINARY);
            case UUID -> UuidColumns.recommended(indicators);
            case TEXT -> indicators.getJdbcType(SqlTypes.VARCHAR);
        };
    }

    /**
     * Returns the exact column length: the text's length for a character column, the binary form's otherwise.
     *
     * @param dialect the dialect
     * @param jdbcType the column's JDBC type
     * @return the length
     */
    @Override
    public long getDefaultSqlLength(Dialect dialect, JdbcType jdbcType) {
        return SqlTypes.isCharacterOrClobType(jdbcType.getJdbcTypeCode()) ? descriptor.textLength()
                : descriptor.byteLength();
    }

    /**
     * Returns the text a string column holds.
     *
     * @param value the ID
     * @return its column text
     */
    @Override
    public String toString(T value) {
        return descriptor.toColumnText(value);
    }

    /**
     * Reads the text a string column holds.
     *
     * @param string the text
     * @return the ID
     * @throws dev.ids.InvalidIdException naming the text when it is not an ID of this type
     */
    @Override
    public T fromString(CharSequence string) {
        return descriptor.fromColumnText(string.toString());
    }

    /**
     * Converts an ID to the form Hibernate asks for: the ID itself, its column text, its bytes, or its {@link Long}
     * or {@link UUID} where the scheme has one.
     *
     * @param value the ID, may be {@code null}
     * @param type the form asked for
     * @param options Hibernate's options, unused
     * @param <X> the form
     * @return the value in that form, or {@code null} for {@code null}
     * @throws org.hibernate.HibernateException when this type has no such form
     */
    @Override
    public <X> @Nullable X unwrap(@Nullable T value, Class<X> type, WrapperOptions options) {
        if (value == null) {
            return null;
        }
        if (type.isInstance(value)) {
            return type.cast(value);
        }
        if (type == String.class) {
            return type.cast(descriptor.toColumnText(value));
        }
        if (type == byte[].class) {
            return type.cast(descriptor.toBytes(value));
        }
        if ((type == Long.class || type == long.class) && descriptor.supports(Form.LONG)) {
            @SuppressWarnings("unchecked")
            X result = (X) Long.valueOf(descriptor.toLong(value));
            return result;
        }
        if (type == UUID.class && descriptor.supports(Form.UUID)) {
            return type.cast(descriptor.toUuid(value));
        }
        throw unknownUnwrap(type);
    }

    /**
     * Reads an ID from a form Hibernate hands over: the ID itself, its column text, its bytes, or a {@link Long},
     * {@link Integer} or {@link UUID} where the scheme has that form.
     *
     * @param value the value, may be {@code null}
     * @param options Hibernate's options, unused
     * @param <X> the form
     * @return the ID, or {@code null} for {@code null}
     * @throws dev.ids.InvalidIdException naming the value when it is not an ID of this type
     * @throws org.hibernate.HibernateException when the form is none of these
     */
    @Override
    public <X> @Nullable T wrap(@Nullable X value, WrapperOptions options) {
        if (value == null) {
            return null;
        }
        if (getJavaTypeClass().isInstance(value)) {
            return getJavaTypeClass().cast(value);
        }
        if (value instanceof CharSequence text) {
            return descriptor.fromColumnText(text.toString());
        }
        if (value instanceof byte[] bytes) {
            return descriptor.fromBytes(bytes);
        }
        if ((value instanceof Long || value instanceof Integer) && descriptor.supports(Form.LONG)) {
            return descriptor.fromLong(((Number) value).longValue());
        }
        if (value instanceof UUID uuid && descriptor.supports(Form.UUID)) {
            return descriptor.fromUuid(uuid);
        }
        throw unknownWrap(value.getClass());
    }
}
