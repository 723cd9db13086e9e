package dev.ids.node.jdbc;

import dev.ids.clock.IdClock;
import dev.ids.internal.Chars;
import dev.ids.node.ClaimCandidates;
import dev.ids.node.LeaseHolder;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.StoredNodeLease;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
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
 * the same statement ships as {@value #DDL_RESOURCE} for Flyway, Liquibase or a DBA. Rows are never deleted, as a
 * row is the only record of its identity's mark; a holder whose row disappears is fenced at once.
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
public final class JdbcNodeLeaseProvider implements NodeLeaseProvider {

    /** The default table name. */
    public static final String DEFAULT_TABLE_NAME = "ids_node_lease";

    /**
     * The default lease length: how long a lease lasts without renewal. With the default renewal period (a third),
     * 40 s lie between a renewal and the lease's expiry: a renewal that waits the whole 30 s connection timeout of
     * Spring Boot's default pool (Hikari) for a connection still renews in time.
     */
    public static final Duration DEFAULT_LEASE_LENGTH = Duration.ofSeconds(60);

    /** The default reclaim grace: how long after expiry before another process may take an identity. */
    public static final Duration DEFAULT_RECLAIM_GRACE = Duration.ofSeconds(10);

    /** The class-path resource that holds the table's DDL, for schema-migration tools. */
    public static final String DDL_RESOURCE = LeaseTable.DDL_RESOURCE;

    private final LeaseTable table;
    private final JdbcConnections connections;
    private final Duration leaseLength;
    private final Duration renewalPeriod;
    private final Duration reclaimGrace;
    private final String holderId;
    private final IdClock clock;
    private final boolean backgroundRenewal;
    private final AtomicLong leaseNumbers = new AtomicLong();

    /** The statements the tests hold claims at and count. */
    final String selectRangeSql;
    final String insertSql;
    final String takeOverSql;

    private JdbcNodeLeaseProvider(Builder builder) {
        this.leaseLength = builder.leaseLength;
        Duration third = builder.leaseLength.dividedBy(3);
        this.renewalPeriod = builder.renewalPeriod != null ? builder.renewalPeriod
                : third.toMillis() >= 1 ? third : Duration.ofMillis(1);
        this.reclaimGrace = builder.reclaimGrace;
        this.holderId = builder.holderId != null ? builder.holderId : LeaseHolder.ofThisProcess().id();
        this.clock = builder.clock;
        this.backgroundRenewal = builder.backgroundRenewal;
        // About one renewal period: a renewal stuck longer than that cannot save the lease in time anyway, and the
        // retry that follows gets its own chance before the deadline.
        long renewalMillis = this.renewalPeriod.toMillis();
        int queryTimeoutSeconds = (int) Math.max(1, Math.min(Integer.MAX_VALUE, (renewalMillis + 999) / 1000));
        this.connections = new JdbcConnections(builder.dataSource, queryTimeoutSeconds, clock,
                builder.testDatabaseClock, builder.tableName);
        this.table = new LeaseTable(builder.tableName, builder.createTable, connections, clock, leaseLength,
                reclaimGrace);
        this.selectRangeSql = table.sql.selectRangeSql;
        this.insertSql = table.sql.insertSql;
        this.takeOverSql = table.sql.takeOverSql;
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

    /**
     * Claims a free identity of the claim's range: one never held, released, or whose lease expired more than the
     * reclaim grace ago; the lowest free one unless another process claims it at the same moment, in which case
     * one further up the range (see the class description). Creates the table first, once, unless that is
     * switched off.
     *
     * @param claim the namespace and range
     * @return the lease, renewed in the background until closed or lost
     * @throws NoFreeNodeIdentityException when every identity of the range is held
     * @throws IllegalStateException when the database cannot be reached or the table is missing
     */
    @Override
    public NodeLease claim(NodeClaim claim) {
        Objects.requireNonNull(claim, "claim");
        table.ensureTable();
        try {
            return claimFree(claim);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Could not claim a node identity in namespace '" + claim.namespace()
                    + "' from table " + table.name() + ": " + e.getMessage() + (table.createsTable() ? ""
                    : " (createTable is off: create the table with " + DDL_RESOURCE + ")")
                    + "; check the data source and the database", e);
        }
    }

    private NodeLease claimFree(NodeClaim claim) throws Exception {
        String holder = holderId + "#" + leaseNumbers.incrementAndGet();
        // The lease, with its renewer, is made only once the claim's connection was handed back without failure.
        return new JdbcNodeLease(StoredNodeLease.claim(table, claim, holder, clock,
                backgroundRenewal ? renewalPeriod : null));
    }

    /**
     * Reads every row of one namespace, for an operator's view: who holds which identity, until when, and its mark.
     * Read-only, one statement; released rows ({@code expires_at = 0}) are listed too, as they keep their marks.
     *
     * @param namespace the namespace, for example {@code sno}
     * @return the rows, ordered by identity; empty when the namespace has none
     * @throws IllegalStateException naming the table when it cannot be read
     */
    public List<LeaseRow> rows(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        try {
            return table.rows(namespace, (identity, holder, expiresAt, mark) -> new LeaseRow(namespace, identity,
                    holder, expiresAt, mark));
        } catch (SQLException e) {
            throw new IllegalStateException("Could not read namespace '" + namespace + "' of the node lease table "
                    + table.name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * One row of the lease table.
     *
     * @param namespace the namespace
     * @param identity the node identity ({@code node_id})
     * @param holder the latest holder: the provider's holder id (by default a random id, the host and the process
     *     id), {@code #} and the lease number
     * @param expiresAtMillis when the lease expires on the database's clock, in milliseconds since the Unix epoch;
     *     0 once released
     * @param highWaterMarkMillis the latest time any holder may have issued IDs for, in milliseconds since the
     *     Unix epoch
     */
    public record LeaseRow(String namespace, long identity, String holder, long expiresAtMillis,
            long highWaterMarkMillis) {

        /**
         * Reads the holder: its id without the lease number, and its host and process when the id has the
         * default form.
         *
         * @return the holder
         */
        public LeaseHolder leaseHolder() {
            return LeaseHolder.parse(holder);
        }
    }

    /**
     * Returns the name of the lease table.
     *
     * @return the table name
     */
    public String tableName() {
        return table.name();
    }

    /**
     * Returns how long a lease lasts without renewal.
     *
     * @return the lease length
     */
    public Duration leaseLength() {
        return leaseLength;
    }

    /**
     * Returns how often leases are renewed.
     *
     * @return the renewal period
     */
    public Duration renewalPeriod() {
        return renewalPeriod;
    }

    /**
     * Returns how long after a lease's expiry another process may take its identity.
     *
     * @return the reclaim grace
     */
    public Duration reclaimGrace() {
        return reclaimGrace;
    }

    /**
     * Returns the holder id written (with a lease number) to the rows this provider holds, for diagnostics.
     *
     * @return the holder id
     */
    public String holderId() {
        return holderId;
    }

    int queryTimeoutSeconds() {
        return connections.queryTimeoutSeconds();
    }

    @Override
    public String toString() {
        return "JdbcNodeLeaseProvider[table=" + table.name() + ", lease=" + leaseLength + ", renewal=" + renewalPeriod
                + ", grace=" + reclaimGrace + ", holder=" + holderId + "]";
    }

    /**
     * Configures a {@link JdbcNodeLeaseProvider}; every default is set here.
     */
    public static final class Builder {

        private final DataSource dataSource;
        private String tableName = DEFAULT_TABLE_NAME;
        private boolean createTable = true;
        private Duration leaseLength = DEFAULT_LEASE_LENGTH;
        /** Null means a third of the lease length. */
        private Duration renewalPeriod;
        private Duration reclaimGrace = DEFAULT_RECLAIM_GRACE;
        /** Null means a random UUID, the host name and the process id. */
        private String holderId;
        private IdClock clock = IdClock.system();
        private boolean backgroundRenewal = true;
        private IdClock testDatabaseClock;

        private Builder(DataSource dataSource) {
            this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        }

        /**
         * Sets the lease table's name; default {@value JdbcNodeLeaseProvider#DEFAULT_TABLE_NAME}.
         *
         * @param tableName an unquoted SQL identifier, optionally qualified by a schema ({@code schema.table})
         * @return this builder
         * @throws IllegalArgumentException when the name is not such an identifier (it is put into SQL as is)
         */
        public Builder tableName(String tableName) {
            this.tableName = LeaseTable.checkTableName(tableName);
            return this;
        }

        /**
         * Sets whether the first claim creates the table if it does not exist; default {@code true}. Turn it off
         * when a schema-migration tool creates the table from {@value JdbcNodeLeaseProvider#DDL_RESOURCE}.
         *
         * @param createTable whether to create the table
         * @return this builder
         */
        public Builder createTable(boolean createTable) {
            this.createTable = createTable;
            return this;
        }

        /**
         * Sets how long a lease lasts without renewal; default 60 s. A process that cannot renew (paused,
         * partitioned from the database) stops holding its identity this long after its last renewal started.
         *
         * @param leaseLength at least one millisecond
         * @return this builder
         */
        public Builder leaseLength(Duration leaseLength) {
            this.leaseLength = positive("leaseLength", leaseLength);
            return this;
        }

        /**
         * Sets how often a lease is renewed; default a third of the lease length, so two renewals may fail before
         * the lease is lost.
         *
         * @param renewalPeriod at least one millisecond and shorter than the lease length
         * @return this builder
         */
        public Builder renewalPeriod(Duration renewalPeriod) {
            this.renewalPeriod = positive("renewalPeriod", renewalPeriod);
            return this;
        }

        /**
         * Sets how long after a lease's expiry another process may take its identity; default 10 s. Expiry is
         * decided on the database's clock; a lease whose application's wall clock differs from the database's by
         * more than the grace is fenced (NTP keeps that to milliseconds; the default leaves room for a badly
         * synchronised machine). On a database whose clock the lease cannot read, it must exceed the largest
         * difference between the wall clocks of the processes sharing the table.
         *
         * @param reclaimGrace at least one millisecond, and more than the largest clock difference between the
         *     processes
         * @return this builder
         * @throws IllegalArgumentException when zero or negative: without a grace, a process whose clock runs
         *     ahead could take an identity while its holder still believes it holds it
         */
        public Builder reclaimGrace(Duration reclaimGrace) {
            Objects.requireNonNull(reclaimGrace, "reclaimGrace");
            if (reclaimGrace.toMillis() < 1) {
                throw new IllegalArgumentException("reclaimGrace must be at least 1 ms, and more than the largest "
                        + "difference between the wall clocks of the processes sharing the lease table (default "
                        + DEFAULT_RECLAIM_GRACE + "); a grace of " + reclaimGrace + " would let a process whose "
                        + "clock runs ahead take an identity its holder still uses");
            }
            this.reclaimGrace = reclaimGrace;
            return this;
        }

        /**
         * Sets the holder id written to the rows this provider holds, for diagnostics; default a random UUID, the
         * host name and the process id. Each lease appends {@code #} and its own number to it.
         *
         * @param holderId 1 to 200 characters, without control characters
         * @return this builder
         */
        public Builder holderId(String holderId) {
            Objects.requireNonNull(holderId, "holderId");
            if (holderId.isEmpty() || holderId.length() > LeaseHolder.MAX_LENGTH
                    || holderId.chars().anyMatch(Character::isISOControl)) {
                throw new IllegalArgumentException("holderId must be 1 to " + LeaseHolder.MAX_LENGTH
                        + " characters without control characters: " + Chars.quote(holderId));
            }
            this.holderId = holderId;
            return this;
        }

        /**
         * Sets the clock: its monotonic clock times the local deadline, its wall clock is compared with the
         * database's to measure the skew (and stamps expiries on a database whose clock the lease cannot read);
         * default {@link IdClock#system()}.
         *
         * @param clock the clock
         * @return this builder
         */
        public Builder clock(IdClock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** For tests: whether leases renew themselves on a background thread (they renew when told otherwise). */
        Builder backgroundRenewal(boolean backgroundRenewal) {
            this.backgroundRenewal = backgroundRenewal;
            return this;
        }

        /**
         * For tests: the statements use this clock's wall time, as a literal, in place of the database's current
         * time. A real server's clock cannot be set, and an offset added to it would drift by the milliseconds
         * between writing a statement and running it, too much for tests of the exact moment a lease lapses.
         */
        Builder databaseClock(IdClock databaseClock) {
            this.testDatabaseClock = Objects.requireNonNull(databaseClock, "databaseClock");
            return this;
        }

        /**
         * Builds the provider; it touches the database only when it first claims.
         *
         * @return the provider
         * @throws IllegalArgumentException when the renewal period is not shorter than the lease length
         */
        public JdbcNodeLeaseProvider build() {
            if (renewalPeriod != null && renewalPeriod.compareTo(leaseLength) >= 0) {
                throw new IllegalArgumentException("renewalPeriod (" + renewalPeriod + ") must be shorter than"
                        + " leaseLength (" + leaseLength + "), or the lease lapses between renewals");
            }
            return new JdbcNodeLeaseProvider(this);
        }

        private static Duration positive(String name, Duration value) {
            Objects.requireNonNull(value, name);
            if (value.toMillis() < 1) {
                throw new IllegalArgumentException(name + " must be at least 1 ms: " + value);
            }
            return value;
        }
    }
}
