package dev.ids.node.sql;

import dev.ids.node.LeaseGrant;
import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseStore;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * What the stores of the lease table answer alike, whichever API reaches the table: how a lease describes itself,
 * where the store keeps its records, the tolerance of the clock-skew fence, why a row is no longer the lease's, and
 * the messages of a table that cannot be made, read or claimed from. Each store adds the calls through its API.
 *
 * <p>Every write carries its own condition, so that the table, not a read before it, decides: a claim inserts a row
 * the primary key lets only one process insert, or takes over a row expired more than the grace ago; a renewal, mark
 * write or release names the lease's holder value; renewals and mark writes change only unreleased rows
 * ({@code expires_at > 0}), so that a late one cannot revive a released row nor alter the mark its release read as
 * final. docs/LEASES.md ("The JDBC store") gives the protocol.
 */
public abstract class LeaseTableStore implements NodeLeaseStore<HeldRow> {

    /**
     * Starts a takeover of one row from the holder the claimant judged, while the row is as judged, with a grace
     * that may be negative: a row not expired yet but last renewed more than the lease length plus the grace ago.
     *
     * @param judged the row as read, naming the holder
     * @param holder the holder value of the new lease
     * @param grace the grace to claim with
     * @return the claim in progress
     * @throws Exception when the table cannot be readied
     */
    public abstract Claiming<HeldRow> startTakeOver(LeaseRow judged, String holder, Duration grace) throws Exception;

    /**
     * How a store names itself in its answers.
     *
     * @param leaseType the name of its leases, which start {@link #describe}: {@code JdbcNodeLease}
     * @param via how it reaches the table, after the table's name in messages: empty, or {@code " over R2DBC"}
     * @param source what the application gave it, for the ways out: {@code data source}, {@code ConnectionFactory}
     * @param logger its provider's logger: the store is the provider's part, not its user
     */
    public record Naming(String leaseType, String via, String source, System.Logger logger) {
    }

    private final String name;
    private final boolean createTable;
    private final Duration lease;
    private final long graceMillis;
    private final Naming naming;
    private final Object tableLock = new Object();
    private volatile boolean tableReady;

    /**
     * Checks the table's name and keeps the settings.
     *
     * @param name the table's name, an unquoted SQL identifier, optionally qualified by a schema
     * @param createTable whether the first claim creates the table
     * @param lease how long a lease lasts
     * @param grace how long after its expiry a row may be taken over
     * @param naming how the store names itself
     * @throws IllegalArgumentException when the name is not such an identifier
     */
    protected LeaseTableStore(String name, boolean createTable, Duration lease, Duration grace, Naming naming) {
        this.name = LeaseTableSql.checkTableName(name);
        this.createTable = createTable;
        this.lease = lease;
        this.graceMillis = grace.toMillis();
        this.naming = naming;
    }

    /**
     * One step that readies the table for the first claim.
     *
     * @param <E> what the step throws
     */
    @FunctionalInterface
    protected interface Readying<E extends Exception> {

        /**
         * Readies the table.
         *
         * @throws E when it cannot be readied; the next claim tries again
         */
        void ready() throws E;
    }

    /**
     * Readies the table once, for the first claim: later calls return at once, and a failed step is tried again by
     * the next claim.
     *
     * @param <E> what the step throws
     * @param step the checks and the creation of the table
     * @throws E when the step fails
     */
    protected final <E extends Exception> void readyOnce(Readying<E> step) throws E {
        if (tableReady) {
            return;
        }
        synchronized (tableLock) {
            if (tableReady) {
                return;
            }
            step.ready();
            tableReady = true;
        }
    }

    /**
     * Tells whether a claim has readied the table already.
     *
     * @return whether {@link #readyOnce} succeeded
     */
    protected final boolean isReady() {
        return tableReady;
    }

    /**
     * Returns a statement that fails unless the table exists, and reads nothing.
     *
     * @return the statement
     */
    protected final String existsProbe() {
        return "SELECT 1 FROM " + name + " WHERE 1 = 0";
    }

    /**
     * Returns the failure of a table that could not be created and does not exist.
     *
     * @param cause why the creation failed
     * @return the failure, naming the DDL and the setting to change
     */
    protected final IllegalStateException notCreated(Exception cause) {
        return new IllegalStateException("Could not create the node lease table " + name + ": " + cause.getMessage()
                + "; create it with " + LeaseTableSql.DDL_RESOURCE + " and set createTable to false, or grant the"
                + " right to create tables", cause);
    }

    /**
     * Returns the failure of a table that could not be found or created because the database was not reached.
     *
     * @param cause the connection failure
     * @return the failure
     */
    protected final LeaseStoreUnreachableException unreachable(Exception cause) {
        return new LeaseStoreUnreachableException("The node lease table " + name + " could not be found or created:"
                + " the database cannot be reached (" + cause.getMessage() + "); check the " + naming.source()
                + "'s URL and that the database is up", cause);
    }

    /**
     * Returns the failure of a claim.
     *
     * @param claim the claim that failed
     * @param cause why
     * @param connectionFailure whether the database was not reached
     * @return a {@link LeaseStoreUnreachableException} when it was not reached, else an
     *     {@link IllegalStateException} naming the DDL when the store does not create the table
     */
    public final RuntimeException claimFailed(NodeClaim claim, Exception cause, boolean connectionFailure) {
        String failed = "Could not claim a node identity in namespace '" + claim.namespace() + "' from table " + name
                + naming.via() + ": ";
        if (connectionFailure) {
            return new LeaseStoreUnreachableException(failed + "the database cannot be reached ("
                    + cause.getMessage() + "); check the " + naming.source() + "'s URL and that the database is up",
                    cause);
        }
        return new IllegalStateException(failed + cause.getMessage() + (createTable ? ""
                : " (createTable is off: create the table with " + LeaseTableSql.DDL_RESOURCE + ")") + "; check the "
                + naming.source() + " and the database", cause);
    }

    /**
     * Returns the failure of a read of a namespace's rows.
     *
     * @param namespace the namespace
     * @param cause why
     * @return the failure, naming the table
     */
    public final IllegalStateException unreadable(String namespace, Exception cause) {
        return new IllegalStateException("Could not read namespace '" + namespace + "' of the node lease table "
                + name + naming.via() + ": " + cause.getMessage(), cause);
    }

    /**
     * Tells why an update under the holder condition matched no row: another holder, or the row released (this
     * lease was closed meanwhile). {@code null} when the row still names this lease unreleased: drivers that report
     * changed rather than matched rows (MariaDB, or MySQL with useAffectedRows) report 0 for an update that wrote the
     * value already there.
     *
     * @param lease the lease
     * @param holder the row's holder value as read
     * @param expiresAtMillis the row's expiry as read
     * @return why the row is not the lease's, or {@code null}
     */
    protected static @Nullable String notOurs(HeldRow lease, @Nullable String holder, long expiresAtMillis) {
        if (!lease.holder().equals(holder)) {
            return "another process holds the identity now";
        }
        return expiresAtMillis == 0
                ? "its row was released (expires_at = 0), so another process may claim the identity at once" : null;
    }

    /**
     * Tells why a lease whose row has gone is lost: deleted, which also deleted its high-water mark, so its holder
     * must stop at once.
     *
     * @return the reason
     */
    protected final String rowGone() {
        return "its row is gone from table " + name + ", and with it the identity's high-water mark: deleted (lease"
                + " rows must never be deleted, see " + LeaseTableSql.DDL_RESOURCE + "), or lost by a database that"
                + " acknowledged the claim before making it durable and then crashed";
    }

    /**
     * Returns the grant of a claim or renewal.
     *
     * @param skewMillis the clock skew measured on its connection
     * @return the grant of one lease length
     */
    protected final LeaseGrant grant(long skewMillis) {
        return new LeaseGrant(lease.toNanos(), skewMillis);
    }

    @Override
    public final String describe(HeldRow lease, boolean held, String state) {
        return naming.leaseType() + "[namespace=" + lease.namespace() + ", identity=" + lease.identity() + ", holder="
                + lease.holder() + ", table=" + name + ", held=" + held + "]";
    }

    @Override
    public final String location() {
        return "in table " + name;
    }

    @Override
    public final long skewToleranceMillis() {
        return graceMillis;
    }

    @Override
    public final String clockName() {
        return "the database's";
    }

    @Override
    public final System.Logger logger() {
        return naming.logger();
    }

    /**
     * Returns the table's name, checked.
     *
     * @return the name
     */
    public final String name() {
        return name;
    }

    /**
     * Tells whether the first claim creates the table.
     *
     * @return whether it does
     */
    public final boolean createsTable() {
        return createTable;
    }
}
