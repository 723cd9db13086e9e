package dev.ids.node.jdbc;

import dev.ids.clock.IdClock;
import dev.ids.node.LeaseGrant;
import dev.ids.node.LeaseLostException;
import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseStore;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.sql.LeaseRow;
import dev.ids.node.sql.LeaseTableSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The lease table as the JDBC lease store: its DDL, the check of its name (which goes into SQL as is), its creation
 * on the first claim, and the store's answers to the lease lifecycle, each run as the statements of
 * {@link LeaseStatements}, with the database's clock in place of {@value DatabaseClock#NOW}.
 *
 * <p>Every write carries its own condition, so that the table, not a read before it, decides: a claim inserts a row
 * the primary key lets only one process insert, or takes over a row expired more than the grace ago; a renewal, mark
 * write or release names the lease's holder value; renewals and mark writes change only unreleased rows
 * ({@code expires_at > 0}), so that a late one cannot revive a released row nor alter the mark its release read as
 * final. The proof of ownership is the row's key and holder value ({@link TableLease}); docs/LEASES.md ("The JDBC
 * store") gives the protocol.
 */
final class LeaseTable implements NodeLeaseStore<TableLease> {

    /** The provider's logger, named as a string: the table is the provider's part, not its user. */
    private static final System.Logger LOG = System.getLogger("dev.ids.node.jdbc.JdbcNodeLeaseProvider");

    /** The class-path resource that holds the table's DDL, for schema-migration tools. */
    static final String DDL_RESOURCE = LeaseTableSql.DDL_RESOURCE;

    private final String name;
    private final boolean createTable;
    private final boolean singleProcess;
    private final JdbcConnections connections;
    private final IdClock clock;
    private final Duration lease;
    private final Duration grace;
    private final long leaseMillis;
    private final long leaseNanos;
    private final long graceMillis;
    private final Object tableLock = new Object();
    private volatile boolean tableReady;

    /** Every statement on the table. */
    final LeaseStatements sql;

    /**
     * @param singleProcess whether every lease of the table is taken in this process, which lets a private
     *     in-memory database pass {@link JdbcConnections#checkStoreRules}
     */
    LeaseTable(String name, boolean createTable, boolean singleProcess, JdbcConnections connections, IdClock clock,
            Duration lease, Duration grace) {
        this.name = checkTableName(name);
        this.createTable = createTable;
        this.singleProcess = singleProcess;
        this.connections = connections;
        this.clock = clock;
        this.lease = lease;
        this.grace = grace;
        this.leaseMillis = lease.toMillis();
        this.leaseNanos = lease.toNanos();
        this.graceMillis = grace.toMillis();
        this.sql = new LeaseStatements(name);
    }

    /** The {@code CREATE TABLE IF NOT EXISTS} statement for a table name, without a trailing semicolon. */
    static String createTableStatement(String tableName) {
        return LeaseTableSql.createTableStatement(tableName);
    }

    /** Checks that a table name is an unquoted SQL identifier, optionally qualified by a schema. */
    static String checkTableName(String tableName) {
        return LeaseTableSql.checkTableName(tableName);
    }

    /**
     * Readies the table for the first claim, once: refuses a database the table must not live in
     * ({@link JdbcConnections#checkStoreRules}), before anything is written to it, then creates the table unless
     * that is switched off.
     *
     * @throws UnsafeLeaseStoreException naming the database and the setting to change
     */
    void ensureTable() {
        if (tableReady) {
            return;
        }
        synchronized (tableLock) {
            if (tableReady) {
                return;
            }
            try {
                connections.checkStoreRules(singleProcess);
                if (createTable) {
                    create();
                }
            } catch (SQLException e) {
                if (JdbcConnections.isConnectionFailure(e)) {
                    throw new LeaseStoreUnreachableException("The node lease table " + name + " could not be "
                            + "found or created: the database cannot be reached (" + e.getMessage() + "); check the "
                            + "data source's URL and that the database is up", e);
                }
                throw new IllegalStateException("Could not ask the database of the node lease table " + name
                        + " for its URL and settings: " + e.getMessage() + "; check the data source", e);
            }
            tableReady = true;
        }
    }

    private void create() throws SQLException {
        try {
            connections.withConnection(connection -> {
                connections.execute(connection, createTableStatement(name));
                return null;
            });
        } catch (SQLException e) {
            // PostgreSQL can fail a CREATE TABLE IF NOT EXISTS that races another process's; fine if it exists.
            if (JdbcConnections.isConnectionFailure(e)) {
                throw e;
            }
            if (!exists()) {
                throw new IllegalStateException("Could not create the node lease table " + name + ": "
                        + e.getMessage() + "; create it with " + DDL_RESOURCE
                        + " and set createTable to false, or grant the right to create tables", e);
            }
        }
    }

    private boolean exists() {
        try {
            return connections.withConnection(connection -> {
                connections.execute(connection, "SELECT 1 FROM " + name + " WHERE 1 = 0");
                return true;
            });
        } catch (SQLException e) {
            return false;
        }
    }

    /** Starts a claim of the range that may take over rows expired more than the reclaim grace ago. */
    @Override
    public RangeClaim startClaim(NodeClaim claim, String holder) throws SQLException {
        return RangeClaim.start(new RangeClaim.Terms(sql, connections, clock, lease, grace), claim, holder);
    }

    /**
     * Starts a takeover of one row from the holder the claimant judged, as {@link RangeClaim#takeOver} describes,
     * with a grace that may be negative: a row not expired yet but last renewed more than the lease length plus the
     * grace ago.
     */
    RangeClaim startTakeOver(LeaseRow judged, String holder, Duration grace) throws SQLException {
        return RangeClaim.takeOver(new RangeClaim.Terms(sql, connections, clock, lease, grace), judged, holder);
    }

    /** Extends the row's expiry under the holder condition, measuring the skew on the same connection. */
    @Override
    public LeaseGrant renew(TableLease lease) throws SQLException, LeaseLostException {
        long[] skew = new long[1];
        String notOurs = connections.withConnection(connection -> {
            skew[0] = connections.measureSkew(connection);
            try (PreparedStatement update = connections.prepare(connection, sql.renewSql)) {
                update.setLong(1, leaseMillis);
                setKey(update, 2, lease);
                return connections.executeUpdate(connection, update) == 1 ? null : whyNotOurs(connection, lease);
            }
        });
        if (notOurs != null) {
            throw new LeaseLostException(notOurs);
        }
        return new LeaseGrant(leaseNanos, skew[0]);
    }

    /** Writes {@code GREATEST(high_water_mark, ?)} under the holder condition, on an unreleased row only. */
    @Override
    public long writeMark(TableLease lease, long epochMillis) throws SQLException, LeaseLostException {
        String notOurs = connections.withConnection(connection -> {
            try (PreparedStatement update = connections.prepare(connection, sql.advanceSql)) {
                update.setLong(1, epochMillis);
                setKey(update, 2, lease);
                return connections.executeUpdate(connection, update) == 1 ? null : whyNotOurs(connection, lease);
            }
        });
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
    public long release(TableLease lease, long lowerTo) throws SQLException {
        return connections.withConnection(connection -> {
            boolean lowering = lowerTo >= 0;
            try (PreparedStatement release = connections.prepare(connection,
                    lowering ? sql.releaseLoweringSql : sql.releaseSql)) {
                int i = 1;
                if (lowering) {
                    release.setLong(i++, lowerTo);
                }
                setKey(release, i, lease);
                connections.executeUpdate(connection, release);
            }
            try (PreparedStatement select = connections.prepare(connection, sql.selectHighWaterMarkSql)) {
                setKey(select, 1, lease);
                try (ResultSet result = select.executeQuery()) {
                    return result.next() ? result.getLong(1) : -1L; // -1: another holder has the row
                }
            }
        });
    }

    /**
     * Tells why an update under the holder condition matched no row: another holder, the row released (this lease
     * was closed meanwhile), or no row at all (deleted, which also deleted its high-water mark, so this holder must
     * stop at once). {@code null} when the row still names this lease unreleased: drivers that report changed
     * rather than matched rows (MariaDB or MySQL with useAffectedRows) report 0 for an update that wrote the value
     * already there.
     */
    private String whyNotOurs(Connection connection, TableLease lease) throws SQLException {
        try (PreparedStatement select = connections.prepare(connection, sql.holderSql)) {
            select.setString(1, lease.namespace());
            select.setLong(2, lease.identity());
            try (ResultSet result = select.executeQuery()) {
                if (!result.next()) {
                    return "its row is gone from table " + name + ", and with it the identity's high-water mark:"
                            + " deleted (lease rows must never be deleted, see " + DDL_RESOURCE + "), or lost by a"
                            + " database that acknowledged the claim before making it durable and then crashed";
                }
                if (!lease.holder().equals(result.getString(1))) {
                    return "another process holds the identity now";
                }
                return result.getLong(2) == 0
                        ? "its row was released (expires_at = 0), so another process may claim the identity at once"
                        : null;
            }
        }
    }

    /** Sets namespace, node_id and holder from the given parameter index on. */
    private static void setKey(PreparedStatement statement, int first, TableLease lease) throws SQLException {
        statement.setString(first, lease.namespace());
        statement.setLong(first + 1, lease.identity());
        statement.setString(first + 2, lease.holder());
    }

    @Override
    public String describe(TableLease lease, boolean held, String state) {
        return "JdbcNodeLease[namespace=" + lease.namespace() + ", identity=" + lease.identity() + ", holder="
                + lease.holder() + ", table=" + name + ", held=" + held + "]";
    }

    @Override
    public String location() {
        return "in table " + name;
    }

    @Override
    public long skewToleranceMillis() {
        return graceMillis;
    }

    @Override
    public String clockName() {
        return "the database's";
    }

    @Override
    public System.Logger logger() {
        return LOG;
    }

    /** Makes a value of one row of {@link #rows}. */
    @FunctionalInterface
    interface RowMapper<T> {

        T map(long identity, String holder, long expiresAtMillis, long highWaterMarkMillis);
    }

    /** Reads every row of one namespace, released ones included, ordered by identity. */
    <T> List<T> rows(String namespace, RowMapper<T> mapper) throws SQLException {
        return connections.withConnection(connection -> {
            try (PreparedStatement select = connections.prepare(connection, sql.rowsSql)) {
                select.setString(1, namespace);
                List<T> rows = new ArrayList<>();
                try (ResultSet result = select.executeQuery()) {
                    while (result.next()) {
                        rows.add(mapper.map(result.getLong(1), result.getString(2), result.getLong(3),
                                result.getLong(4)));
                    }
                }
                return rows;
            }
        });
    }

    String name() {
        return name;
    }

    boolean createsTable() {
        return createTable;
    }
}
