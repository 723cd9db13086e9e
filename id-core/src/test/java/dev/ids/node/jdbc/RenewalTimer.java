package dev.ids.node.jdbc;

import dev.ids.testing.PlainDataSource;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * A data source over a pool that times the renewals going through it, as the lease sees them: from asking the pool
 * for a connection (its wait included) to handing it back, for each piece of work that ran the renewal's
 * {@code UPDATE}; and counts, while measuring, the statements and commits of those renewals and of everything else.
 */
final class RenewalTimer implements PlainDataSource {

    private final DataSource pool;
    private final String renewPrefix;
    private volatile boolean measuring;
    private final LongAdder renewals = new LongAdder();
    private final LongAdder renewalStatements = new LongAdder();
    private final LongAdder otherStatements = new LongAdder();
    private long[] latencies = new long[1 << 16];
    /** When each renewal asked for its connection, in milliseconds since measuring began. */
    private long[] askedAt = new long[1 << 16];
    private int latencyCount;
    private volatile long measuringSince;

    /** @param table the lease table, whose renewal statement starts {@code UPDATE <table> SET expires_at = <now>} */
    RenewalTimer(DataSource pool, String table) {
        this.pool = pool;
        this.renewPrefix = "UPDATE " + table + " SET expires_at = CAST(";
    }

    void measure(boolean on) {
        measuringSince = System.nanoTime();
        measuring = on;
    }

    long renewals() {
        return renewals.sum();
    }

    long renewalStatements() {
        return renewalStatements.sum();
    }

    long otherStatements() {
        return otherStatements.sum();
    }

    /** The renewal latencies measured, in microseconds, sorted. */
    synchronized long[] latenciesMicros() {
        long[] sorted = Arrays.copyOf(latencies, latencyCount);
        Arrays.sort(sorted);
        return sorted;
    }

    /** Each renewal as {@code <ms since measuring began> <latency in µs>}, in the order they finished. */
    synchronized String timeline() {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < latencyCount; i++) {
            lines.append(askedAt[i]).append(' ').append(latencies[i]).append('\n');
        }
        return lines.toString();
    }

    private synchronized void record(long askedNanos, long micros) {
        if (latencyCount == latencies.length) {
            latencies = Arrays.copyOf(latencies, latencies.length * 2);
            askedAt = Arrays.copyOf(askedAt, askedAt.length * 2);
        }
        askedAt[latencyCount] = (askedNanos - measuringSince) / 1_000_000;
        latencies[latencyCount++] = micros;
    }

    @Override
    public Connection getConnection() throws SQLException {
        long asked = System.nanoTime();
        Connection connection = pool.getConnection();
        Work work = new Work();
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "prepareStatement" -> work.statement(args[0] instanceof String sql
                                && sql.startsWith(renewPrefix) && sql.endsWith("AND expires_at > 0"));
                        case "createStatement", "commit", "rollback" -> work.statement(false);
                        case "close" -> work.done(asked);
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

    /** The statements of one piece of work on a connection, counted once it is known whether it renewed. */
    private final class Work {

        private boolean renewal;
        private int statements;

        void statement(boolean renew) {
            renewal |= renew;
            statements++;
        }

        void done(long askedNanos) {
            if (!measuring) {
                return;
            }
            if (renewal) {
                renewals.increment();
                renewalStatements.add(statements);
                record(askedNanos, (System.nanoTime() - askedNanos) / 1_000);
            } else {
                otherStatements.add(statements);
            }
        }
    }
}
