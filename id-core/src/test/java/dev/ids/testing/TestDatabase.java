package dev.ids.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * The databases the persistence tests run on: H2 always; PostgreSQL and MariaDB when they are reachable on this
 * machine. Where one is not reachable, its tests are skipped with a message that says so, except in CI (the
 * environment variable {@code CI=true}), where an unreachable database fails them: CI must test all three.
 */
public enum TestDatabase {

    /** H2 in memory, in its own database per test class. */
    H2("jdbc:h2:mem:ids-%s;DB_CLOSE_DELAY=-1", "sa", ""),

    /** PostgreSQL on 127.0.0.1:5432, database {@code test}, trust authentication. */
    POSTGRESQL("jdbc:postgresql://127.0.0.1:5432/test", "postgres", ""),

    /** MariaDB on 127.0.0.1:3306, database {@code test}, user root with an empty password. */
    MARIADB("jdbc:mariadb://127.0.0.1:3306/test", "root", "");

    private final String url;
    private final String username;
    private final String password;

    TestDatabase(String url, String username, String password) {
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
     * Returns Spring Boot properties that point the application's DataSource at this database.
     *
     * @param scope a name that keeps tests apart
     * @return the properties
     */
    public Map<String, String> springProperties(String scope) {
        return Map.of("spring.datasource.url", url(scope), "spring.datasource.username", username,
                "spring.datasource.password", password);
    }

    /**
     * Skips the calling test with a clear message when this database is not reachable, or fails it in CI.
     */
    public void assumeReachable() {
        if (this == H2) {
            return;
        }
        try (Connection connection = DriverManager.getConnection(url(""), username, password)) {
            connection.isValid(2);
        } catch (SQLException e) {
            String message = this + " is not reachable at " + url + " as " + username + " (" + e.getMessage()
                    + "); start it to run these tests";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw new IllegalStateException("CI requires " + message, e);
            }
            Assumptions.abort(message);
        }
    }
}
