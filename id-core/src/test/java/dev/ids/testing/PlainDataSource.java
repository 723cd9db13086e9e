package dev.ids.testing;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A {@link DataSource} that only hands out connections: the tests' small data sources implement
 * {@link #getConnection()} and nothing else (no log writer, login timeout, credentials per call or unwrapping).
 */
public interface PlainDataSource extends DataSource {

    @Override
    default Connection getConnection(String user, String password) throws SQLException {
        return getConnection();
    }

    @Override
    default PrintWriter getLogWriter() {
        return null;
    }

    @Override
    default void setLogWriter(PrintWriter out) {
    }

    @Override
    default void setLoginTimeout(int seconds) {
    }

    @Override
    default int getLoginTimeout() {
        return 0;
    }

    @Override
    default Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    default <T> T unwrap(Class<T> type) throws SQLException {
        throw new SQLException("Not a wrapper");
    }

    @Override
    default boolean isWrapperFor(Class<?> type) {
        return false;
    }
}
