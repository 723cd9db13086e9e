package dev.ids.hibernate.type;

import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.H2Dialect;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.descriptor.jdbc.JdbcType;
import org.hibernate.type.descriptor.jdbc.JdbcTypeIndicators;

/**
 * Chooses the column of a 16-byte ID that sorts by its bytes: a native {@code uuid} where the database compares
 * UUIDs as unsigned bytes (PostgreSQL, H2), {@code BINARY(16)} elsewhere. MariaDB's {@code uuid} type reorders the
 * groups of UUIDs whose version nibble is 1 to 5 and variant bits {@code 10} before comparing, which GIDs and
 * muids have by chance; SQL Server's {@code uniqueidentifier} compares its groups from the last.
 */
final class UuidColumns {

    private UuidColumns() {
    }

    static JdbcType recommended(JdbcTypeIndicators indicators) {
        return indicators.getJdbcType(sortsUuidsByBytes(indicators.getDialect()) ? SqlTypes.UUID : SqlTypes.BINARY);
    }

    static boolean sortsUuidsByBytes(Dialect dialect) {
        return dialect instanceof PostgreSQLDialect || dialect instanceof H2Dialect;
    }
}
