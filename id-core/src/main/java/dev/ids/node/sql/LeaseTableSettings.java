package dev.ids.node.sql;

import dev.ids.clock.IdClock;
import dev.ids.internal.Chars;
import dev.ids.node.LeaseHolder;
import java.time.Duration;
import java.util.Objects;

/**
 * The settings every store of the lease table shares, with their defaults and checks: the builders of the JDBC
 * provider ({@link dev.ids.node.jdbc.JdbcNodeLeaseProvider.Builder}) and of id-r2dbc's R2DBC provider extend it,
 * so that one table is configured the same way whichever API reaches it.
 *
 * @param <B> the concrete builder, which every setter returns
 */
public abstract class LeaseTableSettings<B extends LeaseTableSettings<B>> {

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

    /** The shortest a store's call may wait for the database, however short the renewal period. */
    private static final Duration MIN_CALL_TIMEOUT = Duration.ofSeconds(1);

    private String tableName = DEFAULT_TABLE_NAME;
    private boolean createTable = true;
    private Duration leaseLength = DEFAULT_LEASE_LENGTH;
    /** Null means a third of the lease length. */
    private Duration renewalPeriod;
    private Duration reclaimGrace = DEFAULT_RECLAIM_GRACE;
    /** Null means a random UUID, the host name and the process id. */
    private String holderId;
    private IdClock clock = IdClock.system();
    private boolean singleProcess;
    private boolean backgroundRenewal = true;
    /** Null means the database's own clock. */
    private IdClock testDatabaseClock;

    /** Starts with every default. */
    protected LeaseTableSettings() {
    }

    /**
     * Returns this builder as its concrete type.
     *
     * @return this
     */
    protected abstract B self();

    /**
     * Sets the lease table's name; default {@value #DEFAULT_TABLE_NAME}.
     *
     * @param tableName an unquoted SQL identifier, optionally qualified by a schema ({@code schema.table})
     * @return this builder
     * @throws IllegalArgumentException when the name is not such an identifier (it is put into SQL as is)
     */
    public B tableName(String tableName) {
        this.tableName = LeaseTableSql.checkTableName(tableName);
        return self();
    }

    /**
     * Sets whether the first claim creates the table if it does not exist; default {@code true}. Turn it off
     * when a schema-migration tool creates the table from the DDL resource {@code META-INF/ids/ids-node-lease.sql}.
     *
     * @param createTable whether to create the table
     * @return this builder
     */
    public B createTable(boolean createTable) {
        this.createTable = createTable;
        return self();
    }

    /**
     * Sets how long a lease lasts without renewal; default 60 s. A process that cannot renew (paused,
     * partitioned from the database) stops holding its identity this long after its last renewal started.
     *
     * @param leaseLength at least one millisecond
     * @return this builder
     */
    public B leaseLength(Duration leaseLength) {
        this.leaseLength = positive("leaseLength", leaseLength);
        return self();
    }

    /**
     * Sets how often a lease is renewed; default a third of the lease length, so two renewals may fail before
     * the lease is lost.
     *
     * @param renewalPeriod at least one millisecond and shorter than the lease length
     * @return this builder
     */
    public B renewalPeriod(Duration renewalPeriod) {
        this.renewalPeriod = positive("renewalPeriod", renewalPeriod);
        return self();
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
    public B reclaimGrace(Duration reclaimGrace) {
        Objects.requireNonNull(reclaimGrace, "reclaimGrace");
        if (reclaimGrace.toMillis() < 1) {
            throw new IllegalArgumentException("reclaimGrace must be at least 1 ms, and more than the largest "
                    + "difference between the wall clocks of the processes sharing the lease table (default "
                    + DEFAULT_RECLAIM_GRACE + "); a grace of " + reclaimGrace + " would let a process whose "
                    + "clock runs ahead take an identity its holder still uses");
        }
        this.reclaimGrace = reclaimGrace;
        return self();
    }

    /**
     * Sets the holder id written to the rows this provider holds, for diagnostics; default a random UUID, the
     * host name and the process id. Each lease appends {@code #} and its own number to it.
     *
     * @param holderId 1 to 200 characters, without control characters
     * @return this builder
     */
    public B holderId(String holderId) {
        Objects.requireNonNull(holderId, "holderId");
        if (holderId.isEmpty() || holderId.length() > LeaseHolder.MAX_LENGTH
                || holderId.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("holderId must be 1 to " + LeaseHolder.MAX_LENGTH
                    + " characters without control characters: " + Chars.quote(holderId));
        }
        this.holderId = holderId;
        return self();
    }

    /**
     * Sets the clock: its monotonic clock times the local deadline, its wall clock is compared with the
     * database's to measure the skew (and stamps expiries on a database whose clock the lease cannot read);
     * default {@link IdClock#system()}.
     *
     * @param clock the clock
     * @return this builder
     */
    public B clock(IdClock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return self();
    }

    /**
     * Declares that every lease of the table is taken in this one process (a test, a single instance, several
     * providers in one JVM), which lets the table live in a private in-memory database (H2 {@code mem:}, HSQLDB
     * {@code mem:}, Derby {@code memory:}); default {@code false}, so that the first claim on such a database
     * fails with an {@link dev.ids.node.UnsafeLeaseStoreException}: a second process would lease the same
     * identities from a database of its own and issue the same IDs. It changes nothing else: a database that
     * loses acknowledged commits is refused all the same.
     *
     * @param singleProcess whether only this process leases from the table
     * @return this builder
     */
    public B singleProcess(boolean singleProcess) {
        this.singleProcess = singleProcess;
        return self();
    }

    /**
     * For the stores' tests, through a seam of each builder: whether leases renew themselves on a background thread
     * (they renew when told otherwise); default {@code true}.
     *
     * @param backgroundRenewal whether leases renew on their own thread
     * @return this builder
     */
    protected final B renewingInBackground(boolean backgroundRenewal) {
        this.backgroundRenewal = backgroundRenewal;
        return self();
    }

    /**
     * For the stores' tests, through a seam of each builder: the statements use this clock's wall time, as a
     * literal, in place of the database's current time. A real server's clock cannot be set, and an offset added to
     * it would drift by the milliseconds between writing a statement and running it, too much for tests of the
     * exact moment a lease lapses.
     *
     * @param databaseClock the clock the database's time is read from
     * @return this builder
     */
    protected final B readingDatabaseTimeFrom(IdClock databaseClock) {
        this.testDatabaseClock = Objects.requireNonNull(databaseClock, "databaseClock");
        return self();
    }

    /**
     * Returns how the store is to run, for the builder to hand to its provider.
     *
     * @return the options as set
     */
    protected final StoreOptions storeOptions() {
        return new StoreOptions(singleProcess, backgroundRenewal, testDatabaseClock);
    }

    /**
     * Returns the settings as a provider uses them: the defaults of the unset ones filled in, and checked together.
     *
     * @return the settings
     * @throws IllegalArgumentException when the renewal period is not shorter than the lease length
     */
    public Terms terms() {
        if (renewalPeriod != null && renewalPeriod.compareTo(leaseLength) >= 0) {
            throw new IllegalArgumentException("renewalPeriod (" + renewalPeriod + ") must be shorter than"
                    + " leaseLength (" + leaseLength + "), or the lease lapses between renewals");
        }
        Duration third = leaseLength.dividedBy(3);
        Duration renewal = renewalPeriod != null ? renewalPeriod : third.toMillis() >= 1 ? third : Duration.ofMillis(1);
        String holder = holderId != null ? holderId : LeaseHolder.ofThisProcess().id();
        return new Terms(tableName, createTable, leaseLength, renewal, reclaimGrace, holder, clock);
    }

    private static Duration positive(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.toMillis() < 1) {
            throw new IllegalArgumentException(name + " must be at least 1 ms: " + value);
        }
        return value;
    }

    /**
     * A lease table's settings with every default filled in.
     *
     * @param tableName the table
     * @param createTable whether the first claim creates it
     * @param leaseLength how long a lease lasts without renewal
     * @param renewalPeriod how often a lease is renewed
     * @param reclaimGrace how long after expiry another process may take an identity
     * @param holderId the holder id written to the rows
     * @param clock the local clock
     */
    public record Terms(String tableName, boolean createTable, Duration leaseLength, Duration renewalPeriod,
            Duration reclaimGrace, String holderId, IdClock clock) {

        /**
         * Returns how long each call of a store may wait for the database: about one renewal period, at least a
         * second. A renewal stuck longer cannot save the lease in time anyway, and the retry that follows gets its
         * own chance before the deadline.
         *
         * @return the timeout of every call
         */
        public Duration callTimeout() {
            return renewalPeriod.compareTo(MIN_CALL_TIMEOUT) < 0 ? MIN_CALL_TIMEOUT : renewalPeriod;
        }
    }

    /**
     * How a store of the table runs, beyond the table's terms.
     *
     * @param singleProcess whether every lease of the table is taken in this process ({@link #singleProcess})
     * @param backgroundRenewal whether leases renew themselves on a background thread; {@code false} in some tests
     * @param testDatabaseClock the clock that stands in for the database's in tests; {@code null} for the database's
     */
    public record StoreOptions(boolean singleProcess, boolean backgroundRenewal, IdClock testDatabaseClock) {
    }
}
