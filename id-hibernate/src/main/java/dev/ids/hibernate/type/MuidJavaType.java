package dev.ids.hibernate.type;

import dev.ids.muid.Muid;
import dev.ids.muid.MuidDescriptor;

/**
 * Maps a {@link Muid} to a column of its 16 bytes that sorts like the values: a native {@code uuid} on PostgreSQL and
 * H2 (holding {@link Muid#toUuid()}), {@code BINARY(16)} on other databases, where a {@code uuid} type (if any) does
 * not compare by bytes. {@code @JdbcTypeCode(SqlTypes.UUID)} on an attribute asks for the database's UUID type
 * anyway, {@code @JdbcTypeCode(SqlTypes.BINARY)} for {@code BINARY(16)}; {@code @JdbcTypeCode(SqlTypes.VARCHAR)}
 * gives a {@code VARCHAR(34)} of the canonical text, which sorts like the values (upper-case hexadecimal digits and fixed dashes).
 */
public final class MuidJavaType extends IdJavaType<Muid> {

    /** The descriptor; it holds no state. */
    public static final MuidJavaType INSTANCE = new MuidJavaType();

    /**
     * Creates the descriptor; use {@link #INSTANCE}, or let Hibernate create it from {@code @JavaType}.
     */
    public MuidJavaType() {
        super(MuidDescriptor.INSTANCE);
    }
}
