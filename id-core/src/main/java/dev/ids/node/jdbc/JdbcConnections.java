package dev.ids.node.jdbc;

import dev.ids.clock.IdClock;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.sql.BoundSql;
import dev.ids.node.sql.LeaseStoreRules;
import dev.ids.node.sql.LeaseTableSql;
import dev.ids.node.sql.SqlDialect;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.util.Objects;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * How the JDBC lease store talks to its database: each piece of work on a connection of its own in auto-commit,
 * every statement with a query timeout (a hung database must not stall a renewal forever) and with the database's
 * clock in place of {@value DatabaseClock#NOW}, and the clock-skew measurement on the connection of a claim or
 * renewal. Knows nothing of the lease table's columns; {@link LeaseTable} does.
 */
final class JdbcConnections {

    /** A password in a URL's parameters, which a refusal naming the URL must not show. */

    private final DataSource dataSource;
    private final int queryTimeoutSeconds;
    private final IdClock clock;
    private final @Nullable IdClock testDatabaseClock;
    private final String tableName;
    private volatile @Nullable DatabaseClock databaseClock;
    /** Whether writes raise PostgreSQL's {@code synchronous_commit} for themselves; learned with the clock. */
    private volatile boolean raisesSynchronousCommit;

    /**
     * @param queryTimeoutSeconds the timeout of every statement
     * @param clock the application's clock, compared with the database's
     * @param testDatabaseClock for tests: a clock whose wall time stands in for the database's; or {@code null}
     * @param tableName the lease table, named in the log line of a database whose clock cannot be read
     */
    JdbcConnections(DataSource dataSource, int queryTimeoutSeconds, IdClock clock, @Nullable IdClock testDatabaseClock,
            String tableName) {
        this.dataSource = dataSource;
        this.queryTimeoutSeconds = queryTimeoutSeconds;
        this.clock = clock;
        this.testDatabaseClock = testDatabaseClock;
        this.tableName = tableName;
    }

    /** A piece of work on a connection. */
    @FunctionalInterface
    interface SqlWork<T extends @Nullable Object> {

        T run(Connection connection) throws SQLException;
    }

    /** Runs work on a connection of its own, each statement committed on its own. */
    <T extends @Nullable Object> T withConnection(SqlWork<T> work) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            if (!autoCommit) {
                connection.setAutoCommit(true);
            }
            try {
                return work.run(connection);
            } finally {
                if (!autoCommit) {
                    connection.setAutoCommit(false);
                }
            }
        }
    }

    /**
     * Learns, once, which database this is and so how its statements read its clock and make writes durable; on the
     * connection the first claim readies the table on.
     */
    void learnDatabase(Connection connection) throws SQLException {
        if (databaseClock == null) {
            raisesSynchronousCommit = SqlDialect.isPostgreSql(connection.getMetaData().getDatabaseProductName());
            databaseClock = DatabaseClock.of(connection, clock, testDatabaseClock, tableName);
        }
    }

    /**
     * Refuses, before the first claim writes anything, a database the lease table must not live in: asks it what
     * {@link LeaseStoreRules} needs (its URL, and the settings its kind needs) and lets that judge.
     *
     * @param connection a connection to the database
     * @param singleProcess whether the builder declared every lease of the table to be taken in this process
     * @throws UnsafeLeaseStoreException naming the data source's URL and the setting to change
     * @throws SQLException when the database cannot be asked at all
     */
    void checkStoreRules(Connection connection, boolean singleProcess) throws SQLException {
        DatabaseMetaData metaData = connection.getMetaData();
        String url = metaData.getURL();
        String shown = url == null ? "an unknown URL" : LeaseStoreRules.shownUrl(url);
        LeaseStoreRules.check("the DataSource at " + shown, metaData.getDatabaseProductName(), url, singleProcess,
                sql -> firstValue(connection, sql));
    }

    /**
     * The first column of the first row of a query, as text; {@code null} for SQL NULL, no row, or a query the
     * database refuses. A connection failure or a timeout is thrown: the database was not heard from.
     */
    private @Nullable String firstValue(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(queryTimeoutSeconds);
            try (ResultSet result = statement.executeQuery(sql)) {
                return result.next() ? result.getString(1) : null;
            }
        } catch (SQLException e) {
            if (isConnectionFailure(e) || e instanceof java.sql.SQLTimeoutException) {
                throw e;
            }
            return null;
        }
    }

    /**
     * Runs a write to the lease table, acknowledged only once it is durable: on PostgreSQL a transaction of its own
     * that first runs {@link LeaseTableSql#POSTGRESQL_RAISE_SYNCHRONOUS_COMMIT} (see there why); on other databases
     * the statement in auto-commit.
     */
    int executeUpdate(Connection connection, PreparedStatement update) throws SQLException {
        if (!raisesSynchronousCommit) {
            return update.executeUpdate();
        }
        connection.setAutoCommit(false);
        int count;
        try {
            execute(connection, LeaseTableSql.POSTGRESQL_RAISE_SYNCHRONOUS_COMMIT);
            count = update.executeUpdate();
            connection.commit();
        } catch (SQLException | RuntimeException e) {
            // On a connection the failure broke, neither succeeds: kept beside the failure, which says what broke.
            try {
                connection.rollback();
                connection.setAutoCommit(true);
            } catch (SQLException cleanUp) {
                e.addSuppressed(cleanUp);
            }
            throw e;
        }
        connection.setAutoCommit(true);
        return count;
    }

    /**
     * Prepares a statement with the database's clock in place and the query timeout, so a hung database cannot
     * stall a renewal forever.
     */
    PreparedStatement prepare(Connection connection, String sql) throws SQLException {
        DatabaseClock now = databaseClock;
        PreparedStatement statement = connection.prepareStatement(now == null ? sql : now.sql(sql));
        statement.setQueryTimeout(queryTimeoutSeconds);
        return statement;
    }

    /**
     * Prepares a statement of the lease table, as {@link #prepare(Connection, String)} does, and binds its
     * parameters in order: strings as strings, numbers as longs.
     */
    PreparedStatement prepare(Connection connection, BoundSql bound) throws SQLException {
        PreparedStatement statement = prepare(connection, bound.sql());
        try {
            int index = 1;
            for (Object value : bound.parameters()) {
                if (value instanceof String text) {
                    statement.setString(index++, text);
                } else {
                    statement.setLong(index++, ((Number) value).longValue());
                }
            }
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    /** Reads the first column of the first row of a query as a long; {@code null} when there is no row. */
    @Nullable Long firstLong(Connection connection, BoundSql query) throws SQLException {
        try (PreparedStatement select = prepare(connection, query); ResultSet result = select.executeQuery()) {
            return result.next() ? result.getLong(1) : null;
        }
    }

    /**
     * Reads, on the connection of a claim that just took a row, the row's mark and the database's time, and measures
     * the skew from that round trip as {@link #measureSkew} would: a claim needs no statement of its own for it, and
     * one that lost its race measures nothing.
     *
     * @param query {@code SELECT high_water_mark, <now> ...} while the row names the holder
     * @return the mark and the skew in milliseconds; {@code null} when the row no longer names the holder
     */
    long @Nullable [] readClaimed(Connection connection, BoundSql query) throws SQLException {
        DatabaseClock now = learnedClock();
        try (PreparedStatement select = prepare(connection, query)) {
            long before = now.applicationWallMillis();
            try (ResultSet result = select.executeQuery()) {
                long after = now.applicationWallMillis();
                return result.next() ? new long[] {result.getLong(1), now.skewMillis(before, after,
                        result.getLong(2))} : null;
            }
        }
    }

    /** Runs a statement without parameters (the DDL, a probe), with the query timeout. */
    void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(queryTimeoutSeconds);
            statement.execute(sql);
        }
    }

    /**
     * Measures, on the connection of a claim or renewal, how far the application's wall clock is ahead of the
     * database's, in milliseconds (negative when behind).
     */
    long measureSkew(Connection connection) throws SQLException {
        return learnedClock().skewMillis(connection, queryTimeoutSeconds);
    }

    private DatabaseClock learnedClock() {
        return Objects.requireNonNull(databaseClock, "learnDatabase runs on the connection of the first claim");
    }

    /**
     * Tells whether a failure is the database not being reached (SQLState class 08, or a connection exception of
     * JDBC's), not a statement it refused.
     */
    static boolean isConnectionFailure(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException || t instanceof SQLNonTransientConnectionException
                    || t instanceof SQLException sql && sql.getSQLState() != null
                    && sql.getSQLState().startsWith("08")) {
                return true;
            }
        }
        return false;
    }

    /** Tells whether a failure is an integrity-constraint violation (SQLState class 23), here a duplicate key. */
    static boolean isIntegrityViolation(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("23")) {
                return true;
            }
        }
        for (SQLException next = e.getNextException(); next != null; next = next.getNextException()) {
            if (next.getSQLState() != null && next.getSQLState().startsWith("23")) {
                return true;
            }
        }
        return false;
    }

    int queryTimeoutSeconds() {
        return queryTimeoutSeconds;
    }
}
