package dev.ids.r2dbc;

import dev.ids.node.NodeClaim;
import dev.ids.node.sql.BoundSql;
import dev.ids.node.sql.LeaseRow;
import dev.ids.node.sql.LeaseTableCalls;
import dev.ids.node.sql.TableClaim;
import java.util.List;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * One claim on the lease table over R2DBC: {@link TableClaim} decides what to read and write, this runs it, each
 * piece of work on a connection of the store's own. The loser of an insert race sees an integrity violation. Not
 * thread-safe; one instance per claim.
 */
final class R2dbcRangeClaim extends TableClaim {

    private final R2dbcConnections connections;

    private R2dbcRangeClaim(R2dbcConnections connections, Terms terms, NodeClaim claim, String holder,
            List<long[]> rows) {
        super(terms, claim, holder, rows);
        this.connections = connections;
    }

    private R2dbcRangeClaim(R2dbcConnections connections, Terms terms, LeaseRow judged, String holder) {
        super(terms, judged, holder);
        this.connections = connections;
    }

    /** Prepares to take the judged row's identity from its holder, while the row is as judged; reads nothing. */
    static R2dbcRangeClaim takeOver(R2dbcConnections connections, Terms terms, LeaseRow judged, String holder) {
        return new R2dbcRangeClaim(connections, terms, judged, holder);
    }

    /** Reads the claim's range and prepares to take one of its free identities. */
    static R2dbcRangeClaim start(R2dbcConnections connections, Terms terms, NodeClaim claim, String holder)
            throws DatabaseUnansweredException {
        return new R2dbcRangeClaim(connections, terms, claim, holder, readRange(connections, claim));
    }

    @Override
    protected @Nullable Taken insert(BoundSql insert, BoundSql selectClaimed) throws DatabaseUnansweredException {
        return connections.withConnection(connection -> connections.measureSkew(connection)
                .flatMap(skewMillis -> connections.write(connection, connections.prepare(connection, insert))
                        // The floor the insert wrote: the lease starts from it and need not write it again.
                        .then(connections.firstLong(connection, selectClaimed))
                        .map(mark -> new Taken(mark, skewMillis, true))
                        // another claimant inserted this identity first
                        .onErrorResume(R2dbcConnections::isIntegrityViolation, e -> Mono.empty())));
    }

    @Override
    protected @Nullable Taken takeOver(BoundSql takeOver, BoundSql selectMark) throws DatabaseUnansweredException {
        // selectMark's first column is the mark (the second, the database's time, is not needed: measured before).
        // Nothing: renewed by its holder or taken by another claimant since the read.
        return connections.withConnection(connection -> connections.measureSkew(connection)
                .flatMap(skewMillis -> connections.write(connection, connections.prepare(connection, takeOver))
                        // Read the mark after taking the row: from now on no earlier holder can raise it.
                        .flatMap(count -> count != 1 ? Mono.<Taken>empty()
                                : connections.firstLong(connection, selectMark)
                                        .map(mark -> new Taken(mark, skewMillis)))));
    }

    @Override
    protected LeaseTableCalls calls() {
        return connections.dialect().statements();
    }

    @Override
    protected List<long[]> readRange() throws DatabaseUnansweredException {
        return readRange(connections, claim());
    }

    /** The database's failures and a thread that must not block are reported with the table's name alone. */
    @Override
    protected boolean describesUncheckedFailure() {
        return true;
    }

    /** Reads the range's rows in order: identity, expiry, and the database's time of the read. */
    private static List<long[]> readRange(R2dbcConnections connections, NodeClaim claim)
            throws DatabaseUnansweredException {
        List<long[]> rows = connections.withConnection(connection -> Flux.from(connections.prepare(connection,
                connections.dialect().statements().selectRange(claim)).execute())
                .concatMap(result -> result.map(row -> new long[] {R2dbcConnections.longAt(row, 0),
                        R2dbcConnections.longAt(row, 1), R2dbcConnections.longAt(row, 2)}))
                .collectList());
        return rows == null ? List.of() : rows;
    }
}
