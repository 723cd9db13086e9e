package dev.ids.hibernate.type;

import dev.ids.sno.Sno;
import dev.ids.sno.SnoDescriptor;

/**
 * Maps a {@link Sno} to a {@code BINARY(10)} column ({@code bytea} on PostgreSQL) holding {@link Sno#toBytes()},
 * which sorts like the values. With {@code @JdbcTypeCode(SqlTypes.VARCHAR)} the column is a {@code VARCHAR(16)} of
 * the canonical base32 text, which sorts like the values too (digits and lower-case letters only).
 */
public final class SnoJavaType extends IdJavaType<Sno> {

    /** The descriptor; it holds no state. */
    public static final SnoJavaType INSTANCE = new SnoJavaType();

    /**
     * Creates the descriptor; use {@link #INSTANCE}, or let Hibernate create it from {@code @JavaType}.
     */
    public SnoJavaType() {
        super(SnoDescriptor.INSTANCE);
    }
}
