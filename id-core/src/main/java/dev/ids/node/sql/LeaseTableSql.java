package dev.ids.node.sql;

import java.util.Objects;
import java.util.function.IntFunction;
import java.util.regex.Pattern;

/**
 * The lease table's DDL and every statement a lease store runs on it, for any driver: written once here with
 * positional parameters, and rendered for a table name, the dialect's expression for the database's current time in
 * epoch milliseconds ({@link SqlDialect#nowMillisExpression}) and the driver's bind markers ({@code ?} for JDBC and
 * MariaDB, {@code $1}, {@code $2}... for PostgreSQL and H2 over R2DBC). The conditions that make the lease protocol
 * safe (docs/LEASES.md, "The JDBC store") are in these statements, so that every store over the table keeps them.
 *
 * <p>The parameters of each statement, in order, are given on its accessor.
 */
public final class LeaseTableSql {

    /**
     * On PostgreSQL, raises {@code synchronous_commit} to {@code on} for the current transaction when it is weaker
     * ({@code off} or {@code local}), leaving stronger settings as they are. Each lease write runs it first, in a
     * transaction of its own: a write the database acknowledges and then loses in a crash lets another process take
     * an identity a running one still holds, and {@code synchronous_commit = off} (for the server, a database, a role
     * or a session, to speed up the application's own writes) acknowledges commits before they reach the log. A
     * transaction-local setting also holds behind a transaction-pooling proxy.
     */
    public static final String POSTGRESQL_RAISE_SYNCHRONOUS_COMMIT = "SELECT set_config('synchronous_commit', 'on',"
            + " true) WHERE current_setting('synchronous_commit') IN ('off', 'local')";

    /**
     * Reads a MariaDB or MySQL server's {@code innodb_flush_log_at_trx_commit} (global only: no session can change
     * it). At {@code 0} the server writes its log about once a second, so a crash of the server loses the last
     * second of acknowledged commits, lease writes included.
     */
    public static final String MARIADB_LOG_FLUSH_SETTING = "SELECT @@GLOBAL.innodb_flush_log_at_trx_commit";

    /** The class-path resource that holds the table's DDL, for schema-migration tools. */
    public static final String DDL_RESOURCE = "META-INF/ids/ids-node-lease.sql";

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


    private final String table;
    private final String selectRange;
    private final String insert;
    private final String takeOver;
    private final String takeOverFrom;
    private final String selectHighWaterMark;
    private final String selectClaimed;
    private final String renew;
    private final String holder;
    private final String advance;
    private final String release;
    private final String releaseLowering;
    private final String rows;

    private LeaseTableSql(String table, String now, IntFunction<String> marker) {
        this.table = checkTableName(table);
        this.selectRange = bind(marker, "SELECT node_id, expires_at, " + now + " FROM " + table
                + " WHERE namespace = ? AND node_id >= ? AND node_id <= ? ORDER BY node_id");
        // The mark of an identity without a row is the floor a recordless claim starts from, on the database's clock
        // (docs/LEASES.md, "A record that is lost"): written with the row rather than by a second write after it.
        this.insert = bind(marker, "INSERT INTO " + table + " (namespace, node_id, holder, expires_at,"
                + " high_water_mark) VALUES (?, ?, ?, " + now + " + ?, " + now + " + ?)");
        this.takeOver = bind(marker, "UPDATE " + table + " SET holder = ?, expires_at = " + now + " + ?"
                + " WHERE namespace = ? AND node_id = ? AND expires_at < " + now + " - ?");
        // holder = ? AND expires_at = ?: the row is still as the claimant judged it (the same holder, not renewed
        // since), so two claimants that judged one holder cannot both win, and a holder that renewed keeps its row.
        this.takeOverFrom = bind(marker, "UPDATE " + table + " SET holder = ?, expires_at = " + now + " + ?"
                + " WHERE namespace = ? AND node_id = ? AND holder = ? AND expires_at = ? AND expires_at < " + now
                + " - ?");
        this.selectHighWaterMark = bind(marker, "SELECT high_water_mark FROM " + table
                + " WHERE namespace = ? AND node_id = ? AND holder = ?");
        this.selectClaimed = bind(marker, "SELECT high_water_mark, " + now + " FROM " + table
                + " WHERE namespace = ? AND node_id = ? AND holder = ?");
        // expires_at > 0: a renewal that overlaps the release of its own lease must not revive the row.
        this.renew = bind(marker, "UPDATE " + table + " SET expires_at = " + now + " + ?"
                + " WHERE namespace = ? AND node_id = ? AND holder = ? AND expires_at > 0");
        this.holder = bind(marker, "SELECT holder, expires_at FROM " + table + " WHERE namespace = ? AND node_id = ?");
        // expires_at > 0: a mark write that lands after its lease's release must not alter the released row, whose
        // mark the release (and a re-claim of this very process) have read as final.
        this.advance = bind(marker, "UPDATE " + table + " SET high_water_mark = GREATEST(high_water_mark, ?)"
                + " WHERE namespace = ? AND node_id = ? AND holder = ? AND expires_at > 0");
        this.release = bind(marker, "UPDATE " + table
                + " SET expires_at = 0 WHERE namespace = ? AND node_id = ? AND holder = ?");
        this.releaseLowering = bind(marker, "UPDATE " + table + " SET expires_at = 0, high_water_mark = ?"
                + " WHERE namespace = ? AND node_id = ? AND holder = ?");
        this.rows = bind(marker, "SELECT node_id, holder, expires_at, high_water_mark FROM " + table
                + " WHERE namespace = ? ORDER BY node_id");
    }

    /**
     * Renders the statements for one table.
     *
     * @param table the table name, checked by {@link #checkTableName}
     * @param now the SQL expression that stands for the database's current time in epoch milliseconds (or a
     *     placeholder the store replaces later)
     * @param marker the driver's bind marker for the parameter of the given position, counted from 1 in each
     *     statement, such as {@code i -> "?"} or {@code i -> "$" + i}
     * @return the statements
     * @throws IllegalArgumentException when the table name is not an unquoted SQL identifier
     */
    public static LeaseTableSql render(String table, String now, IntFunction<String> marker) {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(marker, "marker");
        return new LeaseTableSql(table, now, marker);
    }

    /** Replaces the statement's {@code ?}s, none of which stands in a literal, with the driver's markers. */
    private static String bind(IntFunction<String> marker, String statement) {
        StringBuilder sql = new StringBuilder(statement.length() + 16);
        int position = 0;
        for (int i = 0; i < statement.length(); i++) {
            char c = statement.charAt(i);
            if (c == '?') {
                sql.append(marker.apply(++position));
            } else {
                sql.append(c);
            }
        }
        return sql.toString();
    }

    /**
     * Returns the {@code CREATE TABLE IF NOT EXISTS} statement for a table name; for {@code ids_node_lease} it is the
     * statement of {@value #DDL_RESOURCE}.
     *
     * @param tableName the table name, an unquoted SQL identifier, optionally qualified by a schema
     * @return the statement, without a trailing semicolon
     * @throws IllegalArgumentException when the name is not such an identifier
     */
    public static String createTableStatement(String tableName) {
        return DDL.formatted(checkTableName(tableName));
    }

    /**
     * Checks that a table name is an unquoted SQL identifier, optionally qualified by a schema: it goes into the
     * statements as is.
     *
     * @param tableName the name
     * @return the name
     * @throws IllegalArgumentException when it is not such an identifier
     */
    public static String checkTableName(String tableName) {
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

    /**
     * Returns the table name.
     *
     * @return the checked name
     */
    public String table() {
        return table;
    }

    /**
     * Reads a claim's range: node_id, expires_at and the database's time. Parameters: namespace, lowest and
     * highest identity.
     *
     * @return the statement
     */
    public String selectRange() {
        return selectRange;
    }

    /**
     * Takes an identity without a row; the primary key lets one claimant win. Its mark is the database's time plus
     * the floor's offset. Parameters: namespace, identity, holder, lease length in milliseconds, the offset of the
     * floor in milliseconds.
     *
     * @return the statement
     */
    public String insert() {
        return insert;
    }

    /**
     * Takes over a row expired more than the grace ago. Parameters: holder, lease length in milliseconds,
     * namespace, identity, grace in milliseconds.
     *
     * @return the statement
     */
    public String takeOver() {
        return takeOver;
    }

    /**
     * Takes over a row that is still as a claimant judged it: the same holder value (with its lease number) and the
     * same expiry, so not renewed since, and expired more than the grace ago (a negative grace: last renewed more
     * than the lease length plus the grace ago). Parameters: holder, lease length in milliseconds, namespace,
     * identity, the judged holder, the judged expiry in epoch milliseconds, grace in milliseconds.
     *
     * @return the statement
     */
    public String takeOverFrom() {
        return takeOverFrom;
    }

    /**
     * Reads the mark of a row this holder has. Parameters: namespace, identity, holder.
     *
     * @return the statement
     */
    public String selectHighWaterMark() {
        return selectHighWaterMark;
    }

    /**
     * Reads, right after a claim took a row, its mark and the database's time (for the clock-skew measurement on
     * the claim's connection), while the row names the holder. Parameters: namespace, identity, holder.
     *
     * @return the statement
     */
    public String selectClaimed() {
        return selectClaimed;
    }

    /**
     * Renews an unreleased row this holder has. Parameters: lease length in milliseconds, namespace, identity,
     * holder.
     *
     * @return the statement
     */
    public String renew() {
        return renew;
    }

    /**
     * Reads a row's holder and expiry, to tell why a conditional write matched nothing. Parameters: namespace,
     * identity.
     *
     * @return the statement
     */
    public String holder() {
        return holder;
    }

    /**
     * Raises the mark of an unreleased row this holder has, never lowering it. Parameters: mark in epoch
     * milliseconds, namespace, identity, holder.
     *
     * @return the statement
     */
    public String advance() {
        return advance;
    }

    /**
     * Releases a row this holder has, keeping its mark. Parameters: namespace, identity, holder.
     *
     * @return the statement
     */
    public String release() {
        return release;
    }

    /**
     * Releases a row this holder has, setting its mark. Parameters: mark in epoch milliseconds, namespace,
     * identity, holder.
     *
     * @return the statement
     */
    public String releaseLowering() {
        return releaseLowering;
    }

    /**
     * Reads every row of a namespace: node_id, holder, expires_at, high_water_mark. Parameter: namespace.
     *
     * @return the statement
     */
    public String rows() {
        return rows;
    }
}
