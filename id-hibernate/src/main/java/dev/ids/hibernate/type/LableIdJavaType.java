package dev.ids.hibernate.type;

import dev.ids.lable.LableId;
import dev.ids.lable.LableIdDescriptor;

/**
 * Maps a {@link LableId} to a {@code BIGINT} column holding {@link LableId#toLong()}, the same column a {@code Long}
 * ID of the same values has. With {@code @JdbcTypeCode(SqlTypes.VARCHAR)} the column is a {@code VARCHAR(16)} of
 * the canonical hexadecimal text; with {@code @JdbcTypeCode(SqlTypes.BINARY)} a {@code BINARY(8)}.
 *
 * <p>Order: the values compare as unsigned bytes, a {@code BIGINT} as a signed number. The two agree while the
 * top bit is clear, which for {@link dev.ids.lable.LableMode#TIME_SEQUENTIAL} IDs holds until 2039-09-07T15:47:35Z
 * (2<sup>41</sup> ms after 1970): until then {@code ORDER BY} and {@code BETWEEN generator.min(t) AND generator.max(t)}
 * on the column follow time. {@link dev.ids.lable.LableMode#SPREAD} IDs are not ordered by time anyway, and half
 * of them have the top bit set, so the column orders them differently from {@link LableId#compareTo}. Where the
 * exact order matters beyond 2039, map the attribute with {@code @JdbcTypeCode(SqlTypes.BINARY)}, whose bytes sort
 * like the values on every database.
 */
public final class LableIdJavaType extends IdJavaType<LableId> {

    /** The descriptor; it holds no state. */
    public static final LableIdJavaType INSTANCE = new LableIdJavaType();

    /**
     * Creates the descriptor; use {@link #INSTANCE}, or let Hibernate create it from {@code @JavaType}.
     */
    public LableIdJavaType() {
        super(LableIdDescriptor.INSTANCE);
    }
}
