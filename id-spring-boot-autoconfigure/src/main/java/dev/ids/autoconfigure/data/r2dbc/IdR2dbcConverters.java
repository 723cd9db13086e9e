package dev.ids.autoconfigure.data.r2dbc;

import dev.ids.autoconfigure.data.IdConverters;
import java.util.List;
import org.springframework.data.r2dbc.dialect.R2dbcDialect;

/**
 * The Spring Data R2DBC converters of the five ID value types, storing each in the column Hibernate gives it (see
 * {@link IdConverters}): {@code TraceId} and {@code LableId} as {@code BIGINT}, {@code Sno} as its 10 bytes,
 * {@code Gid} and {@code Muid} as a {@code uuid} on PostgreSQL and H2 and as their 16 bytes elsewhere.
 *
 * <p>An application that extends {@code AbstractR2dbcConfiguration} returns them from its
 * {@code getCustomConverters()}: {@code return IdR2dbcConverters.of(getDialect(connectionFactory()));}. Otherwise
 * the auto-configuration's {@code R2dbcCustomConversions} bean holds them.
 */
public final class IdR2dbcConverters {

    private IdR2dbcConverters() {
    }

    /**
     * Returns a writing and a reading converter per scheme, for the database of the dialect.
     *
     * @param dialect the Spring Data R2DBC dialect of the database
     * @return the converters, ten in all
     */
    public static List<Object> of(R2dbcDialect dialect) {
        return IdConverters.of(dialect);
    }
}
