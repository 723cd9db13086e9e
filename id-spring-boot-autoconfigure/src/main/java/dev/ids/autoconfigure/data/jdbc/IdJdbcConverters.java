package dev.ids.autoconfigure.data.jdbc;

import dev.ids.autoconfigure.data.IdConverters;
import java.util.List;
import org.springframework.data.relational.core.dialect.Dialect;

/**
 * The Spring Data JDBC converters of the five ID value types, storing each in the column Hibernate gives it (see
 * {@link IdConverters}): {@code TraceId} and {@code LableId} as {@code BIGINT}, {@code Sno} as its 10 bytes,
 * {@code Gid} and {@code Muid} as a {@code uuid} on PostgreSQL and H2 and as their 16 bytes elsewhere.
 *
 * <p>The auto-configuration registers them in the {@code JdbcCustomConversions} it defines. An application that
 * defines its own adds them to its converters, for example
 * {@code JdbcCustomConversions.of(dialect, IdJdbcConverters.of(dialect))} with the {@code JdbcDialect} bean.
 */
public final class IdJdbcConverters {

    private IdJdbcConverters() {
    }

    /**
     * Returns a writing and a reading converter per scheme, for the database of the dialect.
     *
     * @param dialect the Spring Data dialect of the database
     * @return the converters, ten in all
     */
    public static List<Object> of(Dialect dialect) {
        return IdConverters.of(dialect);
    }
}
