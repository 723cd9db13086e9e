package dev.ids.hibernate.type;

import dev.ids.jpa.SortableTraceIdText;
import dev.ids.traceid.TraceId;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.descriptor.jdbc.JdbcType;
import org.hibernate.type.descriptor.jdbc.JdbcTypeIndicators;

/**
 * Maps a {@link TraceId} to a {@code BIGINT} column holding {@link TraceId#toLong()}, which sorts like the values.
 * With {@code @JdbcTypeCode(SqlTypes.VARCHAR)} the column is a {@code VARCHAR(19)} holding the value left-padded
 * with zeros ({@link SortableTraceIdText}), which sorts like the values too.
 */
public final class TraceIdJavaType extends IdJavaType<TraceId> {

    /** The descriptor; it holds no state. */
    public static final TraceIdJavaType INSTANCE = new TraceIdJavaType();

    /**
     * Creates the descriptor; use {@link #INSTANCE}, or let Hibernate create it from {@code @JavaType}.
     */
    public TraceIdJavaType() {
        super(TraceId.class, SortableTraceIdText.LENGTH, 8, SortableTraceIdText::format, SortableTraceIdText::parse,
                TraceId::toBytes, TraceId::fromBytes);
    }

    /**
     * Recommends {@code BIGINT}.
     *
     * @param indicators the context Hibernate resolves the type in
     * @return the dialect's {@code BIGINT} type
     */
    @Override
    public JdbcType getRecommendedJdbcType(JdbcTypeIndicators indicators) {
        return indicators.getJdbcType(SqlTypes.BIGINT);
    }

    @Override
    protected Object unwrapOther(TraceId value, Class<?> type) {
        return type == Long.class || type == long.class ? value.toLong() : null;
    }

    @Override
    protected TraceId wrapOther(Object value) {
        return value instanceof Long || value instanceof Integer ? TraceId.fromLong(((Number) value).longValue())
                : null;
    }
}
