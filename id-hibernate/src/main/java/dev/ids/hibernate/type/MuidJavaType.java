package dev.ids.hibernate.type;

import dev.ids.muid.Muid;
import java.util.UUID;
import org.hibernate.type.descriptor.jdbc.JdbcType;
import org.hibernate.type.descriptor.jdbc.JdbcTypeIndicators;

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
        super(Muid.class, 34, 16, Muid::toString, Muid::parse, Muid::toBytes, Muid::fromBytes);
    }

    /**
     * Recommends the database's {@code UUID} type where it sorts by bytes (PostgreSQL, H2), else {@code BINARY},
     * which takes its length, 16, from {@link #getDefaultSqlLength}.
     *
     * @param indicators the context Hibernate resolves the type in
     * @return the JDBC type
     */
    @Override
    public JdbcType getRecommendedJdbcType(JdbcTypeIndicators indicators) {
        return UuidColumns.recommended(indicators);
    }

    @Override
    protected Object unwrapOther(Muid value, Class<?> type) {
        return type == UUID.class ? value.toUuid() : null;
    }

    @Override
    protected Muid wrapOther(Object value) {
        return value instanceof UUID uuid ? Muid.fromUuid(uuid) : null;
    }
}
