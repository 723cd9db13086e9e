package dev.ids.node.jdbc;

import dev.ids.node.ClaimCandidates;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.sql.LeaseRow;
import dev.ids.node.sql.LeaseTableProvider;
import dev.ids.node.sql.LeaseTableSettings;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * Claims node identities from a lease table in the application's own database (H2, PostgreSQL, MariaDB or MySQL),
 * renews them in the background and releases them on {@link NodeLease#close()}.
 *
 * <pre>{@code
 * NodeLeaseProvider leases = JdbcNodeLeaseProvider.builder(dataSource).build();
 * try (NodeLease lease = leases.claim(new NodeClaim("sno", 0, 65535))) {
 *     long partition = lease.identity();   // the lowest free one: 0 for the first instance
 * }
 * }</pre>
 *
 * <h2>The table</h2>
 * One row per identity ever claimed, keyed by {@code (namespace, node_id)}, with the {@code holder} of the lease
 * that holds (or last held) it, its {@code expires_at} and the identity's {@code high_water_mark}. It is created with
 * {@code CREATE TABLE IF NOT EXISTS} on the first claim unless {@link Builder#createTable(boolean)} turns that off;
 * the same statement ships as {@value #DDL_RESOURCE} for Flyway, Liquibase or a DBA. Rows are kept, as a row is the
 * only record of its identity's mark: a claim that finds no row starts about 20 s ahead, beyond any time a former
 * holder may still issue IDs for, and a holder whose row disappears is fenced at its next renewal or mark write.
 *
 * <h2>The protocol</h2>
 * A claim reads the range and takes a free identity by an {@code INSERT} the primary key lets one claimant win, or a
 * takeover {@code UPDATE} of a row expired more than the {@linkplain Builder#reclaimGrace(Duration) reclaim grace}
 * ago; claimants that meet spread over the range ({@link ClaimCandidates}). Each lease renews itself every
 * {@linkplain Builder#renewalPeriod(Duration) renewal period} on its own daemon thread, under a holder value of its
 * own, and is lost at once when its row names another holder, was released or deleted. Expiry is decided on the
 * database's clock, inside each statement; {@link NodeLease#isHeld()} turns false at a local monotonic deadline (the
 * start of the last successful claim or renewal plus the lease length) before any other process can take the row. A
 * lease whose wall clock is further from the database's than the grace is fenced ({@link NodeLease#clockSkew()}).
 * The high-water mark only moves forward, survives release, and a mark write that lands after the release changes
 * nothing. docs/LEASES.md ("The JDBC store", "Why the deadline fences a paused holder") gives the full argument.
 *
 * <p>The lease lifecycle is the shared {@link dev.ids.node.StoredNodeLease}; this package is the store's adapter
 * ({@code LeaseTable}, {@code RangeClaim}, {@code JdbcConnections}).
 *
 * <p>The data source must give connections of their own, not ones bound to the caller's transaction (pass the
 * plain pool, not a transaction-aware proxy): each statement runs in auto-commit. Instances are thread-safe.
 */
public final class JdbcNodeLeaseProvider extends LeaseTableProvider {

    /** The default table name. */
    public static final String DEFAULT_TABLE_NAME = LeaseTableSettings.DEFAULT_TABLE_NAME;

    /** The default lease length, see {@link LeaseTableSettings#DEFAULT_LEASE_LENGTH}. */
    public static final Duration DEFAULT_LEASE_LENGTH = LeaseTableSettings.DEFAULT_LEASE_LENGTH;

    /** The default reclaim grace: how long after expiry before another process may take an identity. */
    public static final Duration DEFAULT_RECLAIM_GRACE = LeaseTableSettings.DEFAULT_RECLAIM_GRACE;

    /** The class-path resource that holds the table's DDL, for schema-migration tools. */
    public static final String DDL_RESOURCE = LeaseTable.DDL_RESOURCE;

    private final LeaseTable table;
    private final JdbcConnections connections;

    /** The statements the tests hold claims at and count. */
    final String selectRangeSql;
    final String insertSql;
    final String takeOverSql;

    private JdbcNodeLeaseProvider(Builder builder, LeaseTableSettings.Terms terms,
            LeaseTableSettings.StoreOptions options) {
        super(terms, options, JdbcNodeLease::new);
        // JDBC's timeouts are whole seconds: rounded up.
        long timeoutMillis = terms.callTimeout().toMillis();
        int queryTimeoutSeconds = (int) Math.min(Integer.MAX_VALUE, (timeoutMillis + 999) / 1000);
        this.connections = new JdbcConnections(builder.dataSource, queryTimeoutSeconds, terms.clock(),
                options.testDatabaseClock(), terms.tableName());
        this.table = new LeaseTable(terms.tableName(), terms.createTable(), options.singleProcess(), connections,
                terms.clock(), terms.leaseLength(), terms.reclaimGrace());
        this.selectRangeSql = table.sql.sql().selectRange();
        this.insertSql = table.sql.sql().insert();
        this.takeOverSql = table.sql.sql().takeOver();
    }

    /**
     * Starts a builder for a provider over the given data source.
     *
     * @param dataSource where the lease table lives, typically the application's own data source
     * @return a builder with the defaults
     */
    public static Builder builder(DataSource dataSource) {
        return new Builder(dataSource);
    }

    /**
     * Returns the {@code CREATE TABLE IF NOT EXISTS} statement this provider runs, for the configured table name;
     * for the default name it is the statement of {@value #DDL_RESOURCE}.
     *
     * @param tableName the table name, an unquoted SQL identifier, optionally qualified by a schema
     * @return the statement, without a trailing semicolon
     * @throws IllegalArgumentException when the name is not such an identifier
     */
    public static String createTableStatement(String tableName) {
        return LeaseTable.createTableStatement(tableName);
    }

    @Override
    protected LeaseTable table() {
        return table;
    }

    @Override
    protected RuntimeException claimFailed(NodeClaim claim, Exception e) {
        if (e instanceof RuntimeException unchecked) {
            return unchecked;
        }
        boolean unreachable = e instanceof SQLException sql && JdbcConnections.isConnectionFailure(sql);
        return table.claimFailed(claim, e, unreachable);
    }

    @Override
    public List<LeaseRow> rows(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        try {
            return table.rows(namespace, (identity, holder, expiresAt, mark) -> new LeaseRow(namespace, identity,
                    holder, expiresAt, mark));
        } catch (SQLException e) {
            throw table.unreadable(namespace, e);
        }
    }

    int queryTimeoutSeconds() {
        return connections.queryTimeoutSeconds();
    }

    /**
     * Configures a {@link JdbcNodeLeaseProvider}: the settings of the lease table ({@link LeaseTableSettings}, with
     * their defaults) over the data source.
     */
    public static final class Builder extends LeaseTableSettings<Builder> {

        private final DataSource dataSource;

        private Builder(DataSource dataSource) {
            this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        }

        /**
         * Builds the provider; it touches the database only when it first claims.
         *
         * @return the provider
         * @throws IllegalArgumentException when the renewal period is not shorter than the lease length
         */
        public JdbcNodeLeaseProvider build() {
            return new JdbcNodeLeaseProvider(this, terms(), storeOptions());
        }
    }
}
