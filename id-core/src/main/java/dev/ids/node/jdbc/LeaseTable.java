package dev.ids.node.jdbc;

import dev.ids.clock.IdClock;
import dev.ids.node.LeaseGrant;
import dev.ids.node.LeaseLostException;
import dev.ids.node.NodeClaim;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.sql.BoundSql;
import dev.ids.node.sql.HeldRow;
import dev.ids.node.sql.LeaseRow;
import dev.ids.node.sql.LeaseTableCalls;
import dev.ids.node.sql.LeaseTableSql;
import dev.ids.node.sql.LeaseTableStore;
import dev.ids.node.sql.TableClaim;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The lease table as the JDBC lease store: the statements every store of the table runs ({@link LeaseTableCalls},
 * with JDBC's {@code ?} markers and the database's clock in place of {@value DatabaseClock#NOW}), run through JDBC;
 * what the stores answer alike, and the protocol, are {@link LeaseTableStore}'s. The proof of ownership is the row's
 * key and holder value ({@link HeldRow}).
 */
final class LeaseTable extends LeaseTableStore {

    /** The provider's logger, named as a string: the table is the provider's part, not its user. */
    private static final System.Logger LOG = System.getLogger("dev.ids.node.jdbc.JdbcNodeLeaseProvider");

    /** The class-path resource that holds the table's DDL, for schema-migration tools. */
    static final String DDL_RESOURCE = LeaseTableSql.DDL_RESOURCE;

    private final boolean singleProcess;
    private final JdbcConnections connections;
    private final TableClaim.Terms terms;

    /** Every statement on the table. */
    final LeaseTableCalls sql;

    /**
     * @param singleProcess whether every lease of the table is taken in this process, which lets a private
     *     in-memory database pass {@link JdbcConnections#checkStoreRules}
     */
    LeaseTable(String name, boolean createTable, boolean singleProcess, JdbcConnections connections, IdClock clock,
            Duration lease, Duration grace) {
        super(name, createTable, lease, grace, new Naming("JdbcNodeLease", "", "data source", LOG));
        this.singleProcess = singleProcess;
        this.connections = connections;
        this.sql = new LeaseTableCalls(LeaseTableSql.render(name, DatabaseClock.NOW, position -> "?"));
        this.terms = new TableClaim.Terms(sql.sql().table(), clock, lease, grace);
    }

    /** The {@code CREATE TABLE IF NOT EXISTS} statement for a table name, without a trailing semicolon. */
    static String createTableStatement(String tableName) {
        return LeaseTableSql.createTableStatement(tableName);
    }

    /**
     * Readies the table for the first claim, once, on a connection of its own: see {@link #readyOn}. A claim of a
     * range readies it on the connection of its read instead.
     *
     * @throws UnsafeLeaseStoreException naming the database and the setting to change
     */
    void ensureTable() {
        if (isReady()) {
            return;
        }
        try {
            connections.withConnection(connection -> {
                readyOn(connection);
                return null;
            });
        } catch (SQLException e) {
            throw notReady(e);
        }
    }

    /**
     * Readies the table for the first claim, once, on the given connection: refuses a database the table must not
     * live in ({@link JdbcConnections#checkStoreRules}), before anything is written to it, creates the table unless
     * that is switched off, and learns the database's clock. One connection for all of it: in a fleet starting at
     * once, every claimant's first claim queues for the shared pool, and each further connection queues again.
     *
     * @throws UnsafeLeaseStoreException naming the database and the setting to change
     */
    void readyOn(Connection connection) {
        readyOnce(() -> {
            try {
                connections.checkStoreRules(connection, singleProcess);
                if (createsTable()) {
                    create(connection);
                }
                connections.learnDatabase(connection);
            } catch (SQLException e) {
                throw notReady(e);
            }
        });
    }

    private RuntimeException notReady(SQLException e) {
        if (JdbcConnections.isConnectionFailure(e)) {
            return unreachable(e);
        }
        return new IllegalStateException("Could not ask the database of the node lease table " + name()
                + " for its URL and settings: " + e.getMessage() + "; check the data source", e);
    }

    private void create(Connection connection) throws SQLException {
        try {
            connections.execute(connection, createTableStatement(name()));
        } catch (SQLException e) {
            // PostgreSQL can fail a CREATE TABLE IF NOT EXISTS that races another process's; fine if it exists.
            if (JdbcConnections.isConnectionFailure(e)) {
                throw e;
            }
            if (!exists(connection)) {
                throw notCreated(e);
            }
        }
    }

    private boolean exists(Connection connection) {
        try {
            connections.execute(connection, existsProbe());
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    /** Starts a claim of the range that may take over rows expired more than the reclaim grace ago. */
    @Override
    public RangeClaim startClaim(NodeClaim claim, String holder) throws SQLException {
        return RangeClaim.start(connections, sql, terms, claim, holder, this::readyOn);
    }

    @Override
    public RangeClaim startTakeOver(LeaseRow judged, String holder, Duration grace) {
        ensureTable();
        return RangeClaim.takeOver(connections, sql, terms.withGrace(grace), judged, holder);
    }

    /** Extends the row's expiry under the holder condition, measuring the skew on the same connection. */
    @Override
    public LeaseGrant renew(HeldRow lease) throws SQLException, LeaseLostException {
        long[] skew = new long[1];
        String notOurs = connections.withConnection(connection -> {
            skew[0] = connections.measureSkew(connection);
            return conditional(connection, sql.renew(lease, terms.lease()), lease);
        });
        if (notOurs != null) {
            throw new LeaseLostException(notOurs);
        }
        return grant(skew[0]);
    }

    /** Writes {@code GREATEST(high_water_mark, ?)} under the holder condition, on an unreleased row only. */
    @Override
    public long writeMark(HeldRow lease, long epochMillis) throws SQLException, LeaseLostException {
        String notOurs = connections.withConnection(connection -> conditional(connection,
                sql.advance(lease, epochMillis), lease));
        if (notOurs != null) {
            throw new LeaseLostException(notOurs);
        }
        return epochMillis;
    }

    /**
     * Releases the row under the holder condition (its expiry becomes 0), lowering its mark first unless
     * {@code lowerTo} is negative, and reads the mark back on the same connection: final, as no mark write changes a
     * released row, and including a write whose answer had not come back yet.
     */
    @Override
    public long release(HeldRow lease, long lowerTo) throws SQLException {
        return connections.withConnection(connection -> {
            try (PreparedStatement release = connections.prepare(connection, sql.release(lease, lowerTo))) {
                connections.executeUpdate(connection, release);
            }
            Long mark = connections.firstLong(connection, sql.selectHighWaterMark(lease));
            return mark == null ? -1L : mark; // -1: another holder has the row
        });
    }

    /**
     * Runs an update under the holder condition; when it matched no row, tells why (another holder, the row
     * released, or deleted). {@code null} when the row still names this lease unreleased.
     */
    private @Nullable String conditional(Connection connection, BoundSql update, HeldRow lease) throws SQLException {
        try (PreparedStatement statement = connections.prepare(connection, update)) {
            if (connections.executeUpdate(connection, statement) == 1) {
                return null;
            }
        }
        try (PreparedStatement select = connections.prepare(connection, sql.holder(lease));
                ResultSet result = select.executeQuery()) {
            return result.next() ? notOurs(lease, result.getString(1), result.getLong(2)) : rowGone();
        }
    }

    /** Makes a value of one row of {@link #rows}. */
    @FunctionalInterface
    interface RowMapper<T> {

        T map(long identity, String holder, long expiresAtMillis, long highWaterMarkMillis);
    }

    /** Reads every row of one namespace, released ones included, ordered by identity. */
    <T> List<T> rows(String namespace, RowMapper<T> mapper) throws SQLException {
        return connections.withConnection(connection -> {
            List<T> rows = new ArrayList<>();
            try (PreparedStatement select = connections.prepare(connection, sql.rows(namespace));
                    ResultSet result = select.executeQuery()) {
                while (result.next()) {
                    rows.add(mapper.map(result.getLong(1), result.getString(2), result.getLong(3),
                            result.getLong(4)));
                }
            }
            return rows;
        });
    }
}
