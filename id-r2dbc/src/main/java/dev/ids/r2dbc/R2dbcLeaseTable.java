package dev.ids.r2dbc;

import dev.ids.node.LeaseGrant;
import dev.ids.node.LeaseLostException;
import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseStore;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.sql.LeaseRow;
import dev.ids.node.sql.LeaseStoreRules;
import dev.ids.node.sql.LeaseTableSql;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The lease table as the R2DBC lease store: the same table, statements and conditions as the JDBC store
 * ({@link LeaseTableSql}; docs/LEASES.md, "The JDBC store"), each piece of work on a connection of its own, waited
 * for on the calling thread. Every write carries its own condition, so that the table decides: a claim inserts a row
 * the primary key lets only one process insert or takes over a row expired more than the grace ago; a renewal, mark
 * write or release names the lease's holder value; renewals and mark writes change only unreleased rows.
 */
final class R2dbcLeaseTable implements NodeLeaseStore<RowLease> {

    /** The provider's logger: the table is the provider's part, not its user. */
    private static final System.Logger LOG = System.getLogger(R2dbcNodeLeaseProvider.class.getName());

    private final String name;
    private final boolean createTable;
    private final boolean singleProcess;
    private final R2dbcConnections connections;
    private final R2dbcRangeClaim.Terms terms;
    private final long leaseMillis;
    private final long graceMillis;
    private final Object tableLock = new Object();
    private volatile boolean tableReady;

    /**
     * @param singleProcess whether every lease of the table is taken in this process, which lets a private
     *     in-memory database pass {@link LeaseStoreRules}
     */
    R2dbcLeaseTable(String name, boolean createTable, boolean singleProcess, R2dbcConnections connections,
            R2dbcRangeClaim.Terms terms) {
        this.name = LeaseTableSql.checkTableName(name);
        this.createTable = createTable;
        this.singleProcess = singleProcess;
        this.connections = connections;
        this.terms = terms;
        this.leaseMillis = terms.lease().toMillis();
        this.graceMillis = terms.grace().toMillis();
    }

    /**
     * Readies the table for the first claim, once: refuses a database the table must not live in
     * ({@link LeaseStoreRules}; a ConnectionFactory does not tell its URL, so H2 is asked for its file path), before
     * anything is written to it, then creates the table unless that is switched off.
     *
     * @throws UnsafeLeaseStoreException naming the database and the setting to change
     */
    void ensureTable() throws DatabaseUnansweredException {
        if (tableReady) {
            return;
        }
        synchronized (tableLock) {
            if (tableReady) {
                return;
            }
            String product = connections.dialect().product();
            LeaseStoreRules.check("the R2DBC ConnectionFactory for " + product, product, null, singleProcess,
                    this::setting);
            if (createTable) {
                create();
            }
            tableReady = true;
        }
    }

    /**
     * The first column of the first row of a query, as text; {@code null} for SQL NULL, no row, or a statement the
     * database refuses. A connection failure or a timeout is thrown: the database was not heard from.
     */
    private @Nullable String setting(String sql) throws DatabaseUnansweredException {
        Optional<String> value;
        try {
            value = connections.withConnection(connection -> R2dbcConnections.first(
                    connection.createStatement(sql), row -> Optional.ofNullable(row.get(0)).map(String::valueOf)));
        } catch (DatabaseUnansweredException e) {
            if (R2dbcConnections.isConnectionFailure(e) || !R2dbcConnections.isRefusedStatement(e)) {
                throw e;
            }
            return null;
        }
        return value == null ? null : value.orElse(null);
    }

    private void create() throws DatabaseUnansweredException {
        String ddl = LeaseTableSql.createTableStatement(name);
        try {
            connections.withConnection(connection -> R2dbcConnections.update(connection.createStatement(ddl)));
        } catch (DatabaseUnansweredException e) {
            if (R2dbcConnections.isConnectionFailure(e)) {
                throw new LeaseStoreUnreachableException("The node lease table " + name + " could not be "
                        + "found or created: the database cannot be reached (" + e.getMessage() + "); check the "
                        + "ConnectionFactory's URL and that the database is up", e);
            }
            // PostgreSQL can fail a CREATE TABLE IF NOT EXISTS that races another process's; fine if it exists.
            if (!exists()) {
                throw new IllegalStateException("Could not create the node lease table " + name + ": "
                        + e.getMessage() + "; create it with " + LeaseTableSql.DDL_RESOURCE
                        + " and set createTable to false, or grant the right to create tables", e);
            }
        }
    }

    private boolean exists() {
        try {
            connections.withConnection(connection -> Flux.from(connection.createStatement("SELECT 1 FROM " + name
                    + " WHERE 1 = 0").execute()).flatMap(result -> result.getRowsUpdated()).then());
            return true;
        } catch (DatabaseUnansweredException e) {
            return false;
        }
    }

    @Override
    public R2dbcRangeClaim startClaim(NodeClaim claim, String holder) throws DatabaseUnansweredException {
        return R2dbcRangeClaim.start(terms, claim, holder);
    }

    /**
     * Starts a takeover of one row from the holder the claimant judged, while the row is as judged, with a grace
     * that may be negative: a row not expired yet but last renewed more than the lease length plus the grace ago.
     */
    R2dbcRangeClaim startTakeOver(LeaseRow judged, String holder, Duration grace) {
        return R2dbcRangeClaim.takeOver(new R2dbcRangeClaim.Terms(terms.connections(), terms.clock(), terms.lease(),
                grace), judged, holder);
    }

    /** Extends the row's expiry under the holder condition, measuring the skew on the same connection. */
    @Override
    public LeaseGrant renew(RowLease lease) throws DatabaseUnansweredException, LeaseLostException {
        Outcome outcome = connections.withConnection(connection -> connections.measureSkew(connection)
                .flatMap(skew -> {
                    Statement update = connections.prepare(connection, sql().renew()).bind(0, leaseMillis);
                    return conditional(connection, bindKey(update, 1, lease), lease)
                            .map(notOurs -> new Outcome(notOurs, skew));
                }));
        if (outcome == null) {
            throw new IllegalStateException("The database answered the renewal of " + lease + " with nothing");
        }
        if (outcome.notOurs().isPresent()) {
            throw new LeaseLostException(outcome.notOurs().get());
        }
        return new LeaseGrant(terms.lease().toNanos(), outcome.skewMillis());
    }

    /** Writes {@code GREATEST(high_water_mark, mark)} under the holder condition, on an unreleased row only. */
    @Override
    public long writeMark(RowLease lease, long epochMillis) throws DatabaseUnansweredException, LeaseLostException {
        Optional<String> notOurs = connections.withConnection(connection -> conditional(connection,
                bindKey(connections.prepare(connection, sql().advance()).bind(0, epochMillis), 1, lease), lease));
        if (notOurs != null && notOurs.isPresent()) {
            throw new LeaseLostException(notOurs.get());
        }
        return epochMillis;
    }

    /**
     * Releases the row under the holder condition (its expiry becomes 0), lowering its mark first unless
     * {@code lowerTo} is negative, and reads the mark back on the same connection: final, as no mark write changes a
     * released row.
     */
    @Override
    public long release(RowLease lease, long lowerTo) throws DatabaseUnansweredException {
        boolean lowering = lowerTo >= 0;
        Long mark = connections.withConnection(connection -> {
            Statement release = connections.prepare(connection, lowering ? sql().releaseLowering() : sql().release());
            if (lowering) {
                release.bind(0, lowerTo);
            }
            Statement select = bindKey(connections.prepare(connection, sql().selectHighWaterMark()), 0, lease);
            return connections.write(connection, bindKey(release, lowering ? 1 : 0, lease))
                    .then(R2dbcConnections.first(select, row -> R2dbcConnections.longAt(row, 0)))
                    .defaultIfEmpty(-1L); // -1: another holder has the row
        });
        return mark == null ? -1L : mark;
    }

    /** The result of a renewal: why the row is not this lease's, if it is not, and the skew measured. */
    private record Outcome(Optional<String> notOurs, long skewMillis) {
    }

    /**
     * Runs an update under the holder condition; when it matched no row, tells why (another holder, the row
     * released, or deleted). Empty when the row still names this lease unreleased: MariaDB reports changed rather
     * than matched rows, so an update that wrote the value already there reports 0.
     */
    private Mono<Optional<String>> conditional(Connection connection, Statement update, RowLease lease) {
        return connections.write(connection, update).flatMap(count -> count == 1
                ? Mono.just(Optional.<String>empty()) : whyNotOurs(connection, lease));
    }

    private Mono<Optional<String>> whyNotOurs(Connection connection, RowLease lease) {
        Statement select = connections.prepare(connection, sql().holder()).bind(0, lease.namespace())
                .bind(1, lease.identity());
        return R2dbcConnections.first(select, row -> {
            if (!lease.holder().equals(row.get(0, String.class))) {
                return Optional.of("another process holds the identity now");
            }
            return R2dbcConnections.longAt(row, 1) == 0 ? Optional.of("its row was released (expires_at = 0), so "
                    + "another process may claim the identity at once") : Optional.<String>empty();
        }).defaultIfEmpty(Optional.of("its row is gone from table " + name + ", and with it the identity's"
                + " high-water mark: deleted (lease rows must never be deleted, see " + LeaseTableSql.DDL_RESOURCE
                + "), or lost by a database that acknowledged the claim before making it durable and then crashed"));
    }

    /** Binds namespace, node_id and holder from the given index (counted from 0) on. */
    static Statement bindKey(Statement statement, int first, RowLease lease) {
        return statement.bind(first, lease.namespace()).bind(first + 1, lease.identity())
                .bind(first + 2, lease.holder());
    }

    private LeaseTableSql sql() {
        return connections.dialect().statements();
    }

    @Override
    public String describe(RowLease lease, boolean held, String state) {
        return "R2dbcNodeLease[namespace=" + lease.namespace() + ", identity=" + lease.identity() + ", holder="
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

    /** Reads every row of one namespace, released ones included, ordered by identity. */
    List<LeaseRow> rows(String namespace) throws DatabaseUnansweredException {
        List<LeaseRow> rows = connections.withConnection(connection -> Flux.from(
                connections.prepare(connection, sql().rows()).bind(0, namespace).execute())
                .concatMap(result -> result.map(row -> new LeaseRow(namespace,
                        R2dbcConnections.longAt(row, 0), row.get(1, String.class), R2dbcConnections.longAt(row, 2),
                        R2dbcConnections.longAt(row, 3))))
                .collectList());
        return rows == null ? List.of() : rows;
    }

    String name() {
        return name;
    }

    boolean createsTable() {
        return createTable;
    }
}
