package dev.ids.node.sql;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The databases the lease stores know, told apart by the product name a JDBC driver or an R2DBC ConnectionFactory
 * reports (H2, PostgreSQL, MariaDB and MySQL), and each one's expression for its clock, which the statements of
 * {@link LeaseTableSql} read as the current time.
 */
public final class SqlDialect {

    private static final String POSTGRESQL_NOW = "CAST(FLOOR(EXTRACT(EPOCH FROM CURRENT_TIMESTAMP) * 1000) AS BIGINT)";
    /** UTC_TIMESTAMP, not NOW(): free of the session's time zone and of its daylight-saving gaps and overlaps. */
    private static final String MARIADB_NOW = "(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(6))"
            + " DIV 1000)";

    private SqlDialect() {
    }

    /**
     * Returns the SQL expression for the database's current time in milliseconds since the Unix epoch, for the
     * databases whose clock the lease stores read: H2, PostgreSQL, MariaDB and MySQL.
     *
     * @param databaseProductName the product name the driver reports, such as {@code PostgreSQL}
     * @return the expression, or {@code null} for another database
     */
    public static @Nullable String nowMillisExpression(String databaseProductName) {
        return isPostgreSql(databaseProductName) ? POSTGRESQL_NOW
                : isMariaDbOrMySql(databaseProductName) ? MARIADB_NOW
                : isH2(databaseProductName) ? POSTGRESQL_NOW
                : null;
    }

    /**
     * Tells whether a product name, as a JDBC driver or an R2DBC ConnectionFactory reports it, is PostgreSQL's.
     *
     * @param databaseProductName the product name, or {@code null}
     * @return whether it names PostgreSQL
     */
    public static boolean isPostgreSql(@Nullable String databaseProductName) {
        return lowerCase(databaseProductName).contains("postgres");
    }

    /**
     * Tells whether a product name, as a JDBC driver or an R2DBC ConnectionFactory reports it, is MariaDB's or
     * MySQL's.
     *
     * @param databaseProductName the product name, or {@code null}
     * @return whether it names MariaDB or MySQL
     */
    public static boolean isMariaDbOrMySql(@Nullable String databaseProductName) {
        String name = lowerCase(databaseProductName);
        return name.contains("mariadb") || name.contains("mysql");
    }

    /**
     * Tells whether a product name, as a JDBC driver or an R2DBC ConnectionFactory reports it, is H2's.
     *
     * @param databaseProductName the product name, or {@code null}
     * @return whether it names H2
     */
    public static boolean isH2(@Nullable String databaseProductName) {
        return lowerCase(databaseProductName).equals("h2");
    }

    private static String lowerCase(@Nullable String databaseProductName) {
        return databaseProductName == null ? "" : databaseProductName.toLowerCase(Locale.ROOT);
    }
}
