package dev.ids.benchmarks;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Optional;

/**
 * The databases {@link InsertBenchmarks} inserts into: H2 in memory, and PostgreSQL on 127.0.0.1:5432 (user
 * {@code postgres}, database {@code test}, trust authentication), where each trial gets a schema of its own.
 */
enum InsertDatabase {

    /** H2 in memory, a database per trial. */
    H2 {
        @Override
        Target open(String strategy) {
            return new Target("jdbc:h2:mem:ids-bench-" + strategy + ";DB_CLOSE_DELAY=-1", "sa", "", null, () -> {
            });
        }
    },

    /** PostgreSQL over a socket on 127.0.0.1, a schema per trial. */
    POSTGRESQL {
        @Override
        Target open(String strategy) {
            String schema = ("ids_bench_" + ProcessHandle.current().pid() + "_" + strategy + "_"
                    + Long.toString(System.nanoTime() & 0xffffff, 36)).replace('-', '_');
            execute("create schema " + schema);
            return new Target(URL, USER, "", schema, () -> execute("drop schema if exists " + schema + " cascade"));
        }
    };

    private static final String URL = "jdbc:postgresql://127.0.0.1:5432/test?connectTimeout=5&socketTimeout=600";

    private static final String USER = "postgres";

    /** A database ready for one trial, and how to clean up after it. */
    record Target(String url, String user, String password, String schema, Runnable cleanup)
            implements AutoCloseable {

        @Override
        public void close() {
            cleanup.run();
        }
    }

    /**
     * Prepares the database for one trial of a strategy.
     *
     * @param strategy the ID strategy, part of the database or schema name
     * @return the target
     */
    abstract Target open(String strategy);

    /**
     * Finds a database by its parameter value.
     *
     * @param name {@code h2} or {@code postgresql}
     * @return the database
     */
    static InsertDatabase of(String name) {
        try {
            return valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("database '" + name + "' is not one of h2, postgresql", e);
        }
    }

    /**
     * Says why PostgreSQL cannot be used, when it cannot.
     *
     * @return the reason, or empty when a connection opens
     */
    static Optional<String> postgresqlUnavailability() {
        try (Connection ignored = DriverManager.getConnection(URL, USER, "")) {
            return Optional.empty();
        } catch (SQLException e) {
            return Optional.of("PostgreSQL is not reachable at 127.0.0.1:5432 as postgres, database test ("
                    + e.getMessage() + ")");
        }
    }

    private static void execute(String sql) {
        try (Connection connection = DriverManager.getConnection(URL, USER, "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL refused '" + sql + "': " + e.getMessage(), e);
        }
    }
}
