package dev.ids.node.jdbc;

import dev.ids.testing.TestDatabase;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** A data source over DriverManager for a test database that can be switched to fail, as a database outage would. */
final class TestDataSource implements DataSource {

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

    @Override
    public Connection getConnection(String user, String pass) throws SQLException {
        return getConnection();
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
    }

    @Override
    public void setLoginTimeout(int seconds) {
    }

    @Override
    public int getLoginTimeout() {
        return 0;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        throw new SQLException("Not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return false;
    }
}
