package dev.ids.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;

/**
 * The databases the persistence tests run on: H2 always; PostgreSQL and MariaDB when they are reachable on this
 * machine. Suites that need a server say so with {@link RequiresDatabase}: where it is not reachable their tests
 * are skipped with a printed reason, except in CI (the environment variable {@code CI=true}), where an unreachable
 * database fails them: CI must test all three.
 */
public enum TestDatabase implements RequiredService {

    /** H2 in memory, in its own database per test class. */
    H2("H2", "jdbc:h2:mem:ids-%s;DB_CLOSE_DELAY=-1", "sa", ""),

    /** PostgreSQL on 127.0.0.1:5432, database {@code test}, trust authentication. */
    POSTGRESQL("PostgreSQL", "jdbc:postgresql://127.0.0.1:5432/test", "postgres", ""),

    /** MariaDB on 127.0.0.1:3306, database {@code test}, user root with an empty password. */
    MARIADB("MariaDB", "jdbc:mariadb://127.0.0.1:3306/test", "root", "");

    private final String product;
    private final String url;
    private final String username;
    private final String password;
    /** Whether this JVM made its own namespace on the server yet ({@link #ownUrl}). */
    private boolean ownNamespaceCreated;

    TestDatabase(String product, String url, String username, String password) {
        this.product = product;
        this.url = url;
        this.username = username;
        this.password = password;
    }

    /**
     * Returns the JDBC URL; for H2, a private in-memory database named after {@code scope}.
     *
     * @param scope a name that keeps tests apart, such as the test class's simple name
     * @return the URL
     */
    public String url(String scope) {
        return this == H2 ? String.format(url, scope) : url;
    }

    /**
     * Returns the user name.
     *
     * @return the user name
     */
    public String username() {
        return username;
    }

    /**
     * Returns the password.
     *
     * @return the password, empty for all three
     */
    public String password() {
        return password;
    }

    /**
     * Returns Spring Boot properties that point the application's DataSource at this database: for H2 a private
     * in-memory database, for PostgreSQL and MariaDB a schema (database) of this test JVM's own, so that two builds
     * on one server never create or drop each other's tables.
     *
     * @param scope a name that keeps tests apart
     * @return the properties
     */
    public Map<String, String> springProperties(String scope) {
        return Map.of("spring.datasource.url", ownUrl(scope), "spring.datasource.username", username,
                "spring.datasource.password", password);
    }

    /**
     * Returns the URL of a namespace of this test JVM's own: a private in-memory database for H2; for PostgreSQL a
     * schema, for MariaDB a database, named after the JVM's process id, created on first use and dropped when the
     * JVM exits.
     *
     * @param scope a name that keeps tests apart (H2 only; the servers' namespace is one per JVM)
     * @return the URL
     */
    public String ownUrl(String scope) {
        if (this == H2) {
            return url(scope);
        }
        String namespace = "ids_test_" + ProcessHandle.current().pid();
        synchronized (this) {
            if (!ownNamespaceCreated) {
                execute(this == POSTGRESQL ? "CREATE SCHEMA IF NOT EXISTS " + namespace
                        : "CREATE DATABASE IF NOT EXISTS " + namespace);
                String drop = this == POSTGRESQL ? "DROP SCHEMA IF EXISTS " + namespace + " CASCADE"
                        : "DROP DATABASE IF EXISTS " + namespace;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> execute(drop), "drop-" + namespace));
                ownNamespaceCreated = true;
            }
        }
        return this == POSTGRESQL ? url + "?currentSchema=" + namespace : url.replace("/test", "/" + namespace);
    }

    private void execute(String sql) {
        try (Connection connection = DriverManager.getConnection(url, username, password)) {
            connection.createStatement().execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(product + ": " + sql + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public String description() {
        return product + " at " + url + " as " + username;
    }

    @Override
    public Optional<String> unavailability() {
        try (Connection connection = DriverManager.getConnection(url("probe"), username, password)) {
            return connection.isValid(2) ? Optional.empty() : Optional.of("the connection is not valid");
        } catch (SQLException e) {
            return Optional.of(String.valueOf(e.getMessage()));
        }
    }
}
