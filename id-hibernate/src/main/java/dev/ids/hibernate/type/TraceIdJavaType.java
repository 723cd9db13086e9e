package dev.ids.hibernate.type;

import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdDescriptor;

/**
 * Maps a {@link TraceId} to a {@code BIGINT} column holding {@link TraceId#toLong()}, which sorts like the values.
 * With {@code @JdbcTypeCode(SqlTypes.VARCHAR)} the column is a {@code VARCHAR(19)} holding the value left-padded
 * with zeros ({@link TraceIdDescriptor#toColumnText}), which sorts like the values too.
 */
public final class TraceIdJavaType extends IdJavaType<TraceId> {

    /** The descriptor; it holds no state. */
    public static final TraceIdJavaType INSTANCE = new TraceIdJavaType();

    /**
     * Creates the descriptor; use {@link #INSTANCE}, or let Hibernate create it from {@code @JavaType}.
     */
    public TraceIdJavaType() {
        super(TraceIdDescriptor.INSTANCE);
    }
}
