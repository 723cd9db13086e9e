package dev.ids.sqlfunctions;

import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * A schema (PostgreSQL) or database (MariaDB) of one test's own, named after the process and the clock so that two
 * builds on one server never meet. Closing it drops it with all it holds.
 *
 * @param database PostgreSQL or MariaDB
 * @param name the schema's or database's name
 */
record SqlNamespace(TestDatabase database, String name) implements AutoCloseable {

    /**
     * Creates a namespace named {@code <prefix>_<pid>_<nanos in hex>}.
     *
     * @param database PostgreSQL or MariaDB
     * @param prefix what the namespace is for, such as {@code ids_sql}
     * @return the namespace
     * @throws SQLException when the server refuses to create it
     */
    static SqlNamespace create(TestDatabase database, String prefix) throws SQLException {
        SqlNamespace namespace = new SqlNamespace(database,
                prefix + "_" + ProcessHandle.current().pid() + "_" + Long.toHexString(System.nanoTime()));
        namespace.executeOnServer((namespace.isPostgreSql() ? "CREATE SCHEMA " : "CREATE DATABASE ") + namespace.name);
        return namespace;
    }

    boolean isPostgreSql() {
        return database == TestDatabase.POSTGRESQL;
    }

    /** The JDBC URL whose unqualified names resolve in this namespace. */
    String url() {
        String server = database.url("sql");
        return isPostgreSql() ? server + "?currentSchema=" + name : server.replace("/test", "/" + name);
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), database.username(), database.password());
    }

    /** The JDBC parameter for an instant: timestamptz on PostgreSQL, a UTC DATETIME(6) on MariaDB. */
    Object instant(Instant instant) {
        return isPostgreSql() ? OffsetDateTime.ofInstant(instant, ZoneOffset.UTC)
                : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    /** Reads an instant that a function returned. */
    Instant instant(ResultSet rows, int column) throws SQLException {
        return isPostgreSql() ? rows.getObject(column, OffsetDateTime.class).toInstant()
                : rows.getObject(column, LocalDateTime.class).toInstant(ZoneOffset.UTC);
    }

    @Override
    public void close() throws SQLException {
        executeOnServer(isPostgreSql() ? "DROP SCHEMA IF EXISTS " + name + " CASCADE"
                : "DROP DATABASE IF EXISTS " + name);
    }

    private void executeOnServer(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(database.url("sql"), database.username(),
                database.password()); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
