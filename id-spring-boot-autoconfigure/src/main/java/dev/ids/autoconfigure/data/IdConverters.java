package dev.ids.autoconfigure.data;

import dev.ids.IdDescriptor;
import dev.ids.IdDescriptor.Form;
import dev.ids.IdScheme;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.data.relational.core.dialect.Dialect;
import org.springframework.data.relational.core.dialect.H2Dialect;
import org.springframework.data.relational.core.dialect.PostgresDialect;

/**
 * The Spring Data converters of the five ID value types, shared by Spring Data JDBC and R2DBC, storing each in the
 * column Hibernate gives it: {@code TraceId} and {@code LableId} as {@code BIGINT}, {@code Sno} as its 10 bytes,
 * {@code Gid} and {@code Muid} as a {@code uuid} where the database compares UUIDs by their bytes (PostgreSQL, H2)
 * and as their 16 bytes elsewhere (MariaDB's and SQL Server's UUID types compare in another order, so
 * {@code ORDER BY} would not follow the IDs).
 *
 * <p>Both modules' dialects extend Spring Data Relational's ({@code R2dbcDialect}'s H2 and PostgreSQL dialects are
 * {@link PostgresDialect}s), so one check of the dialect serves both.
 */
public final class IdConverters {

    private IdConverters() {
    }

    /**
     * Returns a writing and a reading converter per scheme, for the database of the dialect.
     *
     * @param dialect the Spring Data dialect of the database
     * @return the converters, ten in all
     */
    public static List<Object> of(Dialect dialect) {
        boolean uuidSortsByBytes = uuidSortsByBytes(dialect);
        List<Object> converters = new ArrayList<>();
        for (IdScheme scheme : IdScheme.values()) {
            IdDescriptor<?> descriptor = scheme.descriptor();
            Form form = columnForm(descriptor, uuidSortsByBytes);
            converters.add(new IdWritingConverter(descriptor, form));
            converters.add(new IdReadingConverter(descriptor, form));
        }
        return List.copyOf(converters);
    }

    /**
     * Tells whether the database's UUID type compares as unsigned bytes, so that a uuid column sorts like the IDs.
     *
     * @param dialect the Spring Data dialect of the database, or {@code null} when unknown
     * @return {@code true} for PostgreSQL and H2
     */
    public static boolean uuidSortsByBytes(@Nullable Dialect dialect) {
        return dialect instanceof PostgresDialect || dialect instanceof H2Dialect;
    }

    /**
     * The form a column of the value type holds: the descriptor's, except a UUID where the database's UUID type
     * does not sort by bytes.
     */
    static Form columnForm(IdDescriptor<?> descriptor, boolean uuidSortsByBytes) {
        Form form = descriptor.column();
        return form == Form.UUID && !uuidSortsByBytes ? Form.BYTES : form;
    }
}
