package dev.ids.node.jdbc;

import dev.ids.testing.PlainDataSource;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** A data source over DriverManager for a test database that can be switched to fail, as a database outage would. */
final class TestDataSource implements PlainDataSource {

    private final String url;
    private final String username;
    private final String password;
    private volatile boolean down;

    TestDataSource(TestDatabase database, String scope) {
        this.url = database.url(scope);
        this.username = database.username();
        this.password = database.password();
    }

    /** Makes every later getConnection() fail (true) or work again (false). */
    void down(boolean down) {
        this.down = down;
    }

    @Override
    public Connection getConnection() throws SQLException {
        if (down) {
            throw new SQLException("The test database is switched off", "08001");
        }
        return DriverManager.getConnection(url, username, password);
    }
}
