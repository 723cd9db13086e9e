package dev.ids.hibernate.type;

import java.util.UUID;
import java.util.function.Function;
import org.hibernate.dialect.Dialect;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.AbstractClassJavaType;
import org.hibernate.type.descriptor.java.ImmutableMutabilityPlan;
import org.hibernate.type.descriptor.jdbc.JdbcType;

/**
 * The common part of the library's Hibernate {@code JavaType}s: an immutable, comparable ID value type that Hibernate
 * may hand over, or ask for, as the value itself, its string form or its binary form, and, depending on the type, as
 * a {@link Long} or a {@link UUID}.
 *
 * @param <T> the ID value type
 */
public abstract class IdJavaType<T> extends AbstractClassJavaType<T> {

    /** The length of the text a string column holds. */
    private final int stringLength;
    /** The length of the binary form in bytes. */
    private final int binaryLength;
    /** Formats a value as the text a string column holds. */
    private final Function<T, String> format;
    /** Reads that text. */
    private final Function<String, T> parse;
    /** The binary form of a value. */
    private final Function<T, byte[]> toBytes;
    /** Reads the binary form. */
    private final Function<byte[], T> fromBytes;

    /**
     * Creates the descriptor of one value type from its conversions.
     *
     * @param type the value type
     * @param stringLength the length of the text a string column holds
     * @param binaryLength the length of the binary form in bytes
     * @param format the text a string column holds
     * @param parse reads that text
     * @param toBytes the binary form
     * @param fromBytes reads the binary form
     */
    protected IdJavaType(Class<T> type, int stringLength, int binaryLength, Function<T, String> format,
            Function<String, T> parse, Function<T, byte[]> toBytes, Function<byte[], T> fromBytes) {
        super(type, ImmutableMutabilityPlan.instance());
        this.stringLength = stringLength;
        this.binaryLength = binaryLength;
        this.format = format;
        this.parse = parse;
        this.toBytes = toBytes;
        this.fromBytes = fromBytes;
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
        return SqlTypes.isCharacterOrClobType(jdbcType.getJdbcTypeCode()) ? stringLength : binaryLength;
    }

    /**
     * Returns the text a string column holds.
     *
     * @param value the ID
     * @return its text
     */
    @Override
    public String toString(T value) {
        return format.apply(value);
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
        return parse.apply(string.toString());
    }

    /**
     * Converts an ID to the form Hibernate asks for: the ID itself, its text, its bytes, or a form of
     * {@link #unwrapOther(Object, Class)}.
     *
     * @param value the ID, may be {@code null}
     * @param type the form asked for
     * @param options Hibernate's options, unused
     * @param <X> the form
     * @return the value in that form, or {@code null} for {@code null}
     * @throws org.hibernate.HibernateException when this type has no such form
     */
    @Override
    public <X> X unwrap(T value, Class<X> type, WrapperOptions options) {
        if (value == null) {
            return null;
        }
        if (type.isInstance(value)) {
            return type.cast(value);
        }
        if (type == String.class) {
            return type.cast(format.apply(value));
        }
        if (type == byte[].class) {
            return type.cast(toBytes.apply(value));
        }
        Object other = unwrapOther(value, type);
        if (other == null) {
            throw unknownUnwrap(type);
        }
        return type.cast(other);
    }

    /**
     * Reads an ID from a form Hibernate hands over: the ID itself, its text, its bytes, or a form of
     * {@link #wrapOther(Object)}.
     *
     * @param value the value, may be {@code null}
     * @param options Hibernate's options, unused
     * @param <X> the form
     * @return the ID, or {@code null} for {@code null}
     * @throws dev.ids.InvalidIdException naming the value when it is not an ID of this type
     * @throws org.hibernate.HibernateException when the form is none of these
     */
    @Override
    public <X> T wrap(X value, WrapperOptions options) {
        if (value == null) {
            return null;
        }
        if (getJavaTypeClass().isInstance(value)) {
            return getJavaTypeClass().cast(value);
        }
        if (value instanceof CharSequence text) {
            return parse.apply(text.toString());
        }
        if (value instanceof byte[] bytes) {
            return fromBytes.apply(bytes);
        }
        T other = wrapOther(value);
        if (other == null) {
            throw unknownWrap(value.getClass());
        }
        return other;
    }

    /**
     * Converts an ID to a form particular to its type, such as {@link Long} or {@link UUID}.
     *
     * @param value the ID
     * @param type the form asked for
     * @return the value in that form, or {@code null} when this type has no such form
     */
    protected Object unwrapOther(T value, Class<?> type) {
        return null;
    }

    /**
     * Reads an ID from a form particular to its type, such as {@link Long} or {@link UUID}.
     *
     * @param value the value
     * @return the ID, or {@code null} when this type has no such form
     */
    protected T wrapOther(Object value) {
        return null;
    }
}
