package dev.ids.hibernate.type;

import dev.ids.gid.Gid;
import dev.ids.gid.GidDescriptor;

/**
 * Maps a {@link Gid} to a column of its 16 bytes that sorts like the values: a native {@code uuid} on PostgreSQL and
 * H2 (holding {@link Gid#toUuid()}), {@code BINARY(16)} on other databases, where a {@code uuid} type (if any) does
 * not compare by bytes. {@code @JdbcTypeCode(SqlTypes.UUID)} on an attribute asks for the database's UUID type
 * anyway, {@code @JdbcTypeCode(SqlTypes.BINARY)} for {@code BINARY(16)}; {@code @JdbcTypeCode(SqlTypes.VARCHAR)}
 * gives a {@code VARCHAR(24)} of the canonical base58 text. That text mixes upper and lower case: for a column that
 * sorts like the values on every database, use {@code @JdbcTypeCode(OrderedVarcharJdbcType.TYPE_CODE)}, which
 * gives it a binary collation.
 */
public final class GidJavaType extends IdJavaType<Gid> {

    /** The descriptor; it holds no state. */
    public static final GidJavaType INSTANCE = new GidJavaType();

    /**
     * Creates the descriptor; use {@link #INSTANCE}, or let Hibernate create it from {@code @JavaType}.
     */
    public GidJavaType() {
        super(GidDescriptor.INSTANCE);
    }
}
