package dev.ids.node.sql;

import dev.ids.clock.IdClock;
import dev.ids.node.LeaseTimingSettings;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The settings every store of the lease table shares, with their defaults and checks: the builders of the JDBC
 * provider ({@link dev.ids.node.jdbc.JdbcNodeLeaseProvider.Builder}) and of id-r2dbc's R2DBC provider extend it,
 * so that one table is configured the same way whichever API reaches it. The lease's timings, holder and clock are
 * those of every store whose leases expire by time ({@link LeaseTimingSettings}).
 *
 * @param <B> the concrete builder, which every setter returns
 */
public abstract class LeaseTableSettings<B extends LeaseTableSettings<B>> extends LeaseTimingSettings<B> {

    /** The default table name. */
    public static final String DEFAULT_TABLE_NAME = "ids_node_lease";

    /** The shortest a store's call may wait for the database, however short the renewal period. */
    private static final Duration MIN_CALL_TIMEOUT = Duration.ofSeconds(1);

    private String tableName = DEFAULT_TABLE_NAME;
    private boolean createTable = true;
    private boolean singleProcess;
    /** Null means the database's own clock. */
    private @Nullable IdClock testDatabaseClock;

    /** Starts with every default. */
    protected LeaseTableSettings() {
    }

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
     * For the stores' tests, which reach it from this package: the statements use this clock's wall time, as a
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
        return new StoreOptions(singleProcess, renewsInBackground(), testDatabaseClock);
    }

    /**
     * Returns the settings as a provider uses them: the defaults of the unset ones filled in, and checked together.
     *
     * @return the settings
     * @throws IllegalArgumentException when the renewal period is not shorter than the lease length
     */
    public Terms terms() {
        Timings timings = timings();
        return new Terms(tableName, createTable, timings.leaseLength(), timings.renewalPeriod(),
                timings.reclaimGrace(), timings.holderId(), timings.clock());
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
    public record StoreOptions(boolean singleProcess, boolean backgroundRenewal, @Nullable IdClock testDatabaseClock) {
    }
}
