package dev.ids.node.jdbc;

import dev.ids.clock.IdClock;
import java.sql.SQLException;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The lease table: its DDL, the check of its name (which goes into SQL as is), every statement the JDBC lease store
 * runs on it, and its creation on the first claim. The statements carry {@value DatabaseClock#NOW} where the
 * database's current time goes; {@link JdbcConnections#prepare} puts the database's own expression there.
 *
 * <p>Every write carries its own condition, so that the table, not a read before it, decides: a claim inserts a row
 * the primary key lets only one process insert, or takes over a row expired more than the grace ago; a renewal, mark
 * write or release names the lease's holder value; renewals and mark writes change only unreleased rows
 * ({@code expires_at > 0}), so that a late one cannot revive a released row nor alter the mark its release read as
 * final. See {@link JdbcNodeLeaseProvider} for the protocol.
 */
final class LeaseTable {

    /** The class-path resource that holds the table's DDL, for schema-migration tools. */
    static final String DDL_RESOURCE = "META-INF/ids/ids-node-lease.sql";

    /** An unquoted SQL identifier that H2, PostgreSQL and MariaDB all accept; 63 is PostgreSQL's limit. */
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

    private static final String DDL = """
            CREATE TABLE IF NOT EXISTS %s (
                namespace VARCHAR(64) NOT NULL,
                node_id BIGINT NOT NULL,
                holder VARCHAR(255) NOT NULL,
                expires_at BIGINT NOT NULL,
                high_water_mark BIGINT NOT NULL,
                PRIMARY KEY (namespace, node_id)
            )""";

    private final String name;
    private final boolean createTable;
    private final JdbcConnections connections;
    private final IdClock clock;
    private final long leaseMillis;
    private final long graceMillis;
    private final Object tableLock = new Object();
    private volatile boolean tableReady;

    final String selectRangeSql;
    final String insertSql;
    final String takeOverSql;
    final String selectHighWaterMarkSql;
    final String renewSql;
    final String holderSql;
    final String advanceSql;
    final String releaseSql;
    final String releaseLoweringSql;
    final String rowsSql;

    LeaseTable(String name, boolean createTable, JdbcConnections connections, IdClock clock, long leaseMillis,
            long graceMillis) {
        this.name = checkTableName(name);
        this.createTable = createTable;
        this.connections = connections;
        this.clock = clock;
        this.leaseMillis = leaseMillis;
        this.graceMillis = graceMillis;
        String now = DatabaseClock.NOW;
        this.selectRangeSql = "SELECT node_id, expires_at, " + now + " FROM " + name
                + " WHERE namespace = ? AND node_id >= ? AND node_id <= ? ORDER BY node_id";
        this.insertSql = "INSERT INTO " + name
                + " (namespace, node_id, holder, expires_at, high_water_mark) VALUES (?, ?, ?, " + now + " + ?, 0)";
        this.takeOverSql = "UPDATE " + name
                + " SET holder = ?, expires_at = " + now + " + ? WHERE namespace = ? AND node_id = ? AND expires_at < "
                + now + " - ?";
        this.selectHighWaterMarkSql = "SELECT high_water_mark FROM " + name
                + " WHERE namespace = ? AND node_id = ? AND holder = ?";
        // expires_at > 0: a renewal that overlaps the release of its own lease must not revive the row.
        this.renewSql = "UPDATE " + name + " SET expires_at = " + now + " + ?"
                + " WHERE namespace = ? AND node_id = ? AND holder = ? AND expires_at > 0";
        this.holderSql = "SELECT holder, expires_at FROM " + name + " WHERE namespace = ? AND node_id = ?";
        // expires_at > 0: a mark write that lands after its lease's release must not alter the released row, whose
        // mark the release (and a re-claim of this very process) have read as final.
        this.advanceSql = "UPDATE " + name + " SET high_water_mark = GREATEST(high_water_mark, ?)"
                + " WHERE namespace = ? AND node_id = ? AND holder = ? AND expires_at > 0";
        this.releaseSql = "UPDATE " + name + " SET expires_at = 0 WHERE namespace = ? AND node_id = ? AND holder = ?";
        this.releaseLoweringSql = "UPDATE " + name + " SET expires_at = 0, high_water_mark = ?"
                + " WHERE namespace = ? AND node_id = ? AND holder = ?";
        this.rowsSql = "SELECT node_id, holder, expires_at, high_water_mark FROM " + name
                + " WHERE namespace = ? ORDER BY node_id";
    }

    /** The {@code CREATE TABLE IF NOT EXISTS} statement for a table name, without a trailing semicolon. */
    static String createTableStatement(String tableName) {
        return DDL.formatted(checkTableName(tableName));
    }

    /** Checks that a table name is an unquoted SQL identifier, optionally qualified by a schema. */
    static String checkTableName(String tableName) {
        Objects.requireNonNull(tableName, "tableName");
        String[] parts = tableName.split("\\.", -1);
        boolean valid = parts.length <= 2;
        for (String part : parts) {
            valid &= IDENTIFIER.matcher(part).matches();
        }
        if (!valid) {
            throw new IllegalArgumentException("Table name must be an unquoted SQL identifier (a letter or '_', then"
                    + " up to 62 letters, digits or '_'), optionally qualified by a schema as schema.table: '"
                    + tableName + "'");
        }
        return tableName;
    }

    /** Creates the table, once, unless that is switched off. */
    void ensureTable() {
        if (!createTable || tableReady) {
            return;
        }
        synchronized (tableLock) {
            if (tableReady) {
                return;
            }
            String ddl = createTableStatement(name);
            try {
                connections.withConnection(connection -> {
                    connections.execute(connection, ddl);
                    return null;
                });
            } catch (SQLException e) {
                // PostgreSQL can fail a CREATE TABLE IF NOT EXISTS that races another process's; fine if it exists.
                if (!exists()) {
                    throw new IllegalStateException("Could not create the node lease table " + name + ": "
                            + e.getMessage() + "; create it with " + DDL_RESOURCE
                            + " and set createTable to false, or grant the right to create tables", e);
                }
            }
            tableReady = true;
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

    String name() {
        return name;
    }

    boolean createsTable() {
        return createTable;
    }

    JdbcConnections connections() {
        return connections;
    }

    IdClock clock() {
        return clock;
    }

    long leaseMillis() {
        return leaseMillis;
    }

    long graceMillis() {
        return graceMillis;
    }
}
