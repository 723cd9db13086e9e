package dev.ids.r2dbc;

import dev.ids.clock.IdClock;
import dev.ids.node.LeaseGrant;
import dev.ids.node.LeaseLostException;
import dev.ids.node.NodeClaim;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.sql.BoundSql;
import dev.ids.node.sql.HeldRow;
import dev.ids.node.sql.LeaseRow;
import dev.ids.node.sql.LeaseStoreRules;
import dev.ids.node.sql.LeaseTableCalls;
import dev.ids.node.sql.LeaseTableSql;
import dev.ids.node.sql.LeaseTableStore;
import dev.ids.node.sql.TableClaim;
import io.r2dbc.spi.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The lease table as the R2DBC lease store: the statements every store of the table runs ({@link LeaseTableCalls},
 * with the driver's markers), each piece of work on a connection of its own, waited for on the calling thread; what
 * the stores answer alike, and the protocol, are {@link LeaseTableStore}'s.
 */
final class R2dbcLeaseTable extends LeaseTableStore {

    /** The provider's logger: the table is the provider's part, not its user. */
    private static final System.Logger LOG = System.getLogger(R2dbcNodeLeaseProvider.class.getName());

    private final boolean singleProcess;
    private final R2dbcConnections connections;
    private final TableClaim.Terms terms;

    /**
     * @param singleProcess whether every lease of the table is taken in this process, which lets a private
     *     in-memory database pass {@link LeaseStoreRules}
     */
    R2dbcLeaseTable(String name, boolean createTable, boolean singleProcess, R2dbcConnections connections,
            IdClock clock, Duration lease, Duration grace) {
        super(name, createTable, lease, grace, new Naming("R2dbcNodeLease", " over R2DBC", "ConnectionFactory", LOG));
        this.singleProcess = singleProcess;
        this.connections = connections;
        this.terms = new TableClaim.Terms(name(), clock, lease, grace);
    }

    /**
     * Readies the table for the first claim, once: refuses a database the table must not live in
     * ({@link LeaseStoreRules}; a ConnectionFactory does not tell its URL, so H2 is asked for its file path), before
     * anything is written to it, then creates the table unless that is switched off.
     *
     * @throws UnsafeLeaseStoreException naming the database and the setting to change
     */
    void ensureTable() throws DatabaseUnansweredException {
        readyOnce(() -> {
            String product = connections.dialect().product();
            LeaseStoreRules.check("the R2DBC ConnectionFactory for " + product, product, null, singleProcess,
                    this::setting);
            if (createsTable()) {
                create();
            }
        });
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
        String ddl = LeaseTableSql.createTableStatement(name());
        try {
            connections.withConnection(connection -> R2dbcConnections.update(connection.createStatement(ddl)));
        } catch (DatabaseUnansweredException e) {
            if (R2dbcConnections.isConnectionFailure(e)) {
                throw unreachable(e);
            }
            // PostgreSQL can fail a CREATE TABLE IF NOT EXISTS that races another process's; fine if it exists.
            if (!exists()) {
                throw notCreated(e);
            }
        }
    }

    private boolean exists() {
        try {
            connections.withConnection(connection -> Flux.from(connection.createStatement(existsProbe()).execute())
                    .flatMap(result -> result.getRowsUpdated()).then());
            return true;
        } catch (DatabaseUnansweredException e) {
            return false;
        }
    }

    @Override
    public R2dbcRangeClaim startClaim(NodeClaim claim, String holder) throws DatabaseUnansweredException {
        return R2dbcRangeClaim.start(connections, terms, claim, holder);
    }

    @Override
    public R2dbcRangeClaim startTakeOver(LeaseRow judged, String holder, Duration grace) {
        return R2dbcRangeClaim.takeOver(connections, terms.withGrace(grace), judged, holder);
    }

    /** Extends the row's expiry under the holder condition, measuring the skew on the same connection. */
    @Override
    public LeaseGrant renew(HeldRow lease) throws DatabaseUnansweredException, LeaseLostException {
        Outcome outcome = connections.withConnection(connection -> connections.measureSkew(connection)
                .flatMap(skew -> conditional(connection, calls().renew(lease, terms.lease()), lease)
                        .map(notOurs -> new Outcome(notOurs, skew))));
        if (outcome == null) {
            throw new IllegalStateException("The database answered the renewal of " + lease + " with nothing");
        }
        if (outcome.notOurs().isPresent()) {
            throw new LeaseLostException(outcome.notOurs().get());
        }
        return grant(outcome.skewMillis());
    }

    /** Writes {@code GREATEST(high_water_mark, mark)} under the holder condition, on an unreleased row only. */
    @Override
    public long writeMark(HeldRow lease, long epochMillis) throws DatabaseUnansweredException, LeaseLostException {
        Optional<String> notOurs = connections.withConnection(connection -> conditional(connection,
                calls().advance(lease, epochMillis), lease));
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
    public long release(HeldRow lease, long lowerTo) throws DatabaseUnansweredException {
        Long mark = connections.withConnection(connection -> connections.write(connection,
                connections.prepare(connection, calls().release(lease, lowerTo)))
                .then(connections.firstLong(connection, calls().selectHighWaterMark(lease)))
                .defaultIfEmpty(-1L)); // -1: another holder has the row
        return mark == null ? -1L : mark;
    }

    /** The result of a renewal: why the row is not this lease's, if it is not, and the skew measured. */
    private record Outcome(Optional<String> notOurs, long skewMillis) {
    }

    /**
     * Runs an update under the holder condition; when it matched no row, tells why (another holder, the row
     * released, or deleted). Empty when the row still names this lease unreleased.
     */
    private Mono<Optional<String>> conditional(Connection connection, BoundSql update, HeldRow lease) {
        return connections.write(connection, connections.prepare(connection, update)).flatMap(count -> count == 1
                ? Mono.just(Optional.<String>empty())
                : R2dbcConnections.first(connections.prepare(connection, calls().holder(lease)),
                        row -> Optional.ofNullable(notOurs(lease, row.get(0, String.class),
                                R2dbcConnections.longAt(row, 1))))
                        .defaultIfEmpty(Optional.of(rowGone())));
    }

    /** The statements, with the markers of the database the first connection reported. */
    LeaseTableCalls calls() {
        return connections.dialect().statements();
    }

    /** Reads every row of one namespace, released ones included, ordered by identity. */
    List<LeaseRow> rows(String namespace) throws DatabaseUnansweredException {
        List<LeaseRow> rows = connections.withConnection(connection -> Flux.from(
                connections.prepare(connection, calls().rows(namespace)).execute())
                .concatMap(result -> result.map(row -> new LeaseRow(namespace,
                        R2dbcConnections.longAt(row, 0),
                        Objects.requireNonNull(row.get(1, String.class), "the holder column is NOT NULL"),
                        R2dbcConnections.longAt(row, 2),
                        R2dbcConnections.longAt(row, 3))))
                .collectList());
        return rows == null ? List.of() : rows;
    }
}
