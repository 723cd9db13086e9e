package dev.ids.node.process;

import dev.ids.testing.PlainDataSource;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;

/**
 * Connections kept open between uses and handed out again, as an application's pool keeps them: closing one
 * returns it, and one that fails validation when it is handed out next is dropped and replaced by a new one. The
 * difference matters for an H2 file database shared through {@code AUTO_SERVER}: a process that keeps a connection
 * keeps the database open, and serves it to the others, as a pooled application does; one that opens a connection
 * per statement opens and closes the whole database each time.
 */
final class KeptConnections implements PlainDataSource {

    private final DataSource source;
    private final Queue<Connection> idle = new ConcurrentLinkedQueue<>();

    /**
     * Keeps connections of a source.
     *
     * @param source where new connections come from
     */
    KeptConnections(DataSource source) {
        this.source = source;
    }

    @Override
    public Connection getConnection() throws SQLException {
        for (Connection kept = idle.poll(); kept != null; kept = idle.poll()) {
            if (isValid(kept)) {
                return lend(kept);
            }
            closeQuietly(kept);
        }
        return lend(source.getConnection());
    }

    private Connection lend(Connection connection) {
        AtomicBoolean returned = new AtomicBoolean();
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    if (method.getName().equals("close") && args == null) {
                        if (!returned.getAndSet(true)) {
                            idle.add(connection);
                        }
                        return null;
                    }
                    if (method.getName().equals("isClosed") && args == null) {
                        return returned.get() || connection.isClosed();
                    }
                    try {
                        return method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static boolean isValid(Connection connection) {
        try {
            return connection.isValid(1);
        } catch (SQLException e) {
            return false;
        }
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            // broken already
        }
    }
}
