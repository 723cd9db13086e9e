package dev.ids.node.jdbc;

import dev.ids.testing.PlainDataSource;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * A fixed pool of connections over another data source, as an application's pool would be, that counts the
 * statements prepared through it by their SQL. It keeps many claimants within a shared server's connection limit.
 * It can also hold threads back at a barrier ({@link #holdAfter}), so that a race the test is about happens every
 * time rather than when the scheduler happens to allow it.
 */
final class CountingPool implements PlainDataSource, AutoCloseable {

    private final List<Connection> physical = new ArrayList<>();
    private final BlockingQueue<Connection> idle;
    private final Map<String, AtomicLong> prepared = new ConcurrentHashMap<>();
    private final ThreadLocal<Boolean> passedBarrierSql = ThreadLocal.withInitial(() -> false);
    private volatile String barrierSql;
    private volatile CountDownLatch barrier = new CountDownLatch(0);

    CountingPool(DataSource target, int size) throws SQLException {
        idle = new ArrayBlockingQueue<>(size);
        for (int i = 0; i < size; i++) {
            Connection connection = target.getConnection();
            physical.add(connection);
            idle.add(connection);
        }
    }

    /**
     * Holds back every thread that has run a statement with this SQL: it gets no further connection until that
     * many connections that ran it were handed back, by all threads together.
     */
    void holdAfter(String sql, int connections) {
        barrierSql = fixedPart(sql);
        barrier = new CountDownLatch(connections);
    }

    /** How many statements were prepared from this statement of the provider's, whatever its clock expression. */
    long preparedCount(String sql) {
        String fixed = fixedPart(sql);
        return prepared.entrySet().stream().filter(entry -> entry.getKey().startsWith(fixed))
                .mapToLong(entry -> entry.getValue().get()).sum();
    }

    /** The start of a provider's statement up to the database's clock, which is filled in when it is prepared. */
    private static String fixedPart(String sql) {
        int clock = sql.indexOf(DatabaseClock.NOW);
        return clock < 0 ? sql : sql.substring(0, clock);
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection connection;
        try {
            if (passedBarrierSql.get() && !barrier.await(60, TimeUnit.SECONDS)) {
                throw new SQLException("The other threads did not reach the barrier within 60 s");
            }
            connection = idle.poll(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("Interrupted while waiting for a pooled connection", e);
        }
        if (connection == null) {
            throw new SQLException("No pooled connection within 60 s");
        }
        return lend(connection);
    }

    private Connection lend(Connection connection) {
        boolean[] returned = {false};
        boolean[] ranBarrierSql = {false};
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "close" -> {
                            if (!returned[0]) {
                                returned[0] = true;
                                if (!connection.getAutoCommit()) {
                                    connection.rollback();
                                }
                                idle.add(connection);
                                if (ranBarrierSql[0]) {
                                    passedBarrierSql.set(true);
                                    barrier.countDown();
                                }
                            }
                            return null;
                        }
                        case "isClosed" -> {
                            return returned[0];
                        }
                        case "prepareStatement" -> {
                            prepared.computeIfAbsent((String) args[0], sql -> new AtomicLong()).incrementAndGet();
                            ranBarrierSql[0] |= barrierSql != null && ((String) args[0]).startsWith(barrierSql);
                        }
                        default -> {
                        }
                    }
                    try {
                        return method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Override
    public void close() throws SQLException {
        for (Connection connection : physical) {
            connection.close();
        }
    }
}
