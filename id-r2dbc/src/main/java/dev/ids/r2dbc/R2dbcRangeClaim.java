package dev.ids.r2dbc;

import dev.ids.clock.IdClock;
import dev.ids.node.LeaseGrant;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseStore;
import dev.ids.node.sql.LeaseRow;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * One claim on the lease table over R2DBC: the read of the claim's range, which only suggests candidates, and the
 * conditional write that takes one: an {@code INSERT} where the identity has no row (the primary key lets one
 * claimant win; the loser sees an integrity violation), a takeover {@code UPDATE} where its row expired more than
 * the grace ago (only one claimant's condition still holds). A claim of one identity from a holder the claimant
 * judged reads nothing and takes the row only while it is still as judged. Not thread-safe; one instance per claim.
 */
final class R2dbcRangeClaim implements NodeLeaseStore.Claiming<RowLease> {

    /**
     * What a claim needs to know of its table.
     *
     * @param connections how to reach the table
     * @param clock the clock whose monotonic time the lease counts from
     * @param lease how long a lease lasts
     * @param grace how long after its expiry a row may be taken over
     */
    record Terms(R2dbcConnections connections, IdClock clock, Duration lease, Duration grace) {
    }

    private final Terms table;
    private final R2dbcConnections connections;
    private final NodeClaim claim;
    private final String holder;
    /** The identities with a row, ascending. */
    private final long[] withRow;
    /** The identities whose row is live or within the grace, on the database's clock of the read. */
    private final long[] live;
    /** The row as the claimant judged it, for a takeover from that holder; {@code null} for a claim of a range. */
    private final @Nullable LeaseRow judged;

    private R2dbcRangeClaim(Terms table, NodeClaim claim, String holder, List<long[]> rows) {
        this.table = table;
        this.connections = table.connections();
        this.claim = claim;
        this.holder = holder;
        this.judged = null;
        // The database's time of the read: the takeover's own condition decides, this only suggests candidates.
        long databaseNow = rows.isEmpty() ? 0 : rows.get(0)[2];
        long claimableBefore = databaseNow - table.grace().toMillis();
        this.withRow = rows.stream().mapToLong(row -> row[0]).toArray();
        this.live = rows.stream().filter(row -> row[1] >= claimableBefore).mapToLong(row -> row[0]).toArray();
    }

    private R2dbcRangeClaim(Terms table, LeaseRow judged, String holder) {
        this.table = table;
        this.connections = table.connections();
        this.claim = judged.claim();
        this.holder = holder;
        this.withRow = new long[] {judged.identity()};
        this.live = new long[0];
        this.judged = judged;
    }

    /** Prepares to take the judged row's identity from its holder, while the row is as judged; reads nothing. */
    static R2dbcRangeClaim takeOver(Terms table, LeaseRow judged, String holder) {
        return new R2dbcRangeClaim(table, judged, holder);
    }

    /** Reads the claim's range and prepares to take one of its free identities. */
    static R2dbcRangeClaim start(Terms table, NodeClaim claim, String holder)
            throws DatabaseUnansweredException {
        return new R2dbcRangeClaim(table, claim, holder, readRange(table, claim));
    }

    @Override
    public long[] taken() {
        return live.clone();
    }

    /**
     * Tries to take one identity, by a takeover where it has a row and by an insert where not.
     *
     * @return what was taken, or {@code null} when another claimant (or the row's holder, renewing) won
     */
    @Override
    public NodeLeaseStore.@Nullable Claimed<RowLease> tryTake(long identity)
            throws DatabaseUnansweredException {
        return Arrays.binarySearch(withRow, identity) >= 0 ? tryTakeOver(identity) : tryInsert(identity);
    }

    private NodeLeaseStore.@Nullable Claimed<RowLease> tryInsert(long identity)
            throws DatabaseUnansweredException {
        // The deadline counts from before the statement, so it is never later than the expiry others see.
        long start = table.clock().monotonicNanos();
        Long skew = connections.withConnection(connection -> connections.measureSkew(connection)
                .flatMap(skewMillis -> {
                    Statement insert = connections.prepare(connection, connections.dialect().statements().insert())
                            .bind(0, claim.namespace()).bind(1, identity).bind(2, holder)
                            .bind(3, table.lease().toMillis());
                    return connections.write(connection, insert).thenReturn(skewMillis)
                            // another claimant inserted this identity first
                            .onErrorResume(R2dbcConnections::isIntegrityViolation, e -> Mono.empty());
                }));
        return skew == null ? null : taken(identity, start, 0L, skew);
    }

    private NodeLeaseStore.@Nullable Claimed<RowLease> tryTakeOver(long identity)
            throws DatabaseUnansweredException {
        long start = table.clock().monotonicNanos();
        long[] skew = new long[1];
        Long mark = connections.withConnection(connection -> connections.measureSkew(connection)
                .flatMap(skewMillis -> {
                    skew[0] = skewMillis;
                    Statement update = takeOverStatement(connection, identity);
                    // Read the mark after taking the row: from now on no earlier holder can raise it.
                    Statement select = R2dbcLeaseTable.bindKey(connections.prepare(connection,
                            connections.dialect().statements().selectHighWaterMark()), 0,
                            new RowLease(claim.namespace(), identity, holder));
                    return connections.write(connection, update).flatMap(count -> count != 1 ? Mono.<Long>empty()
                            : R2dbcConnections.first(select, row -> R2dbcConnections.longAt(row, 0)));
                }));
        // Nothing: renewed by its holder or taken by another claimant since the read.
        return mark == null ? null : taken(identity, start, mark, skew[0]);
    }

    /** The takeover of a row expired more than the grace ago, or of a row still as judged. */
    private Statement takeOverStatement(Connection connection, long identity) {
        var statements = connections.dialect().statements();
        Statement update = connections.prepare(connection,
                judged == null ? statements.takeOver() : statements.takeOverFrom())
                .bind(0, holder).bind(1, table.lease().toMillis()).bind(2, claim.namespace()).bind(3, identity);
        return judged == null ? update.bind(4, table.grace().toMillis())
                : update.bind(4, judged.holder()).bind(5, judged.expiresAtMillis()).bind(6, table.grace().toMillis());
    }

    private NodeLeaseStore.Claimed<RowLease> taken(long identity, long start, long mark, long skew) {
        return new NodeLeaseStore.Claimed<>(new RowLease(claim.namespace(), identity, holder), identity, start,
                mark, new LeaseGrant(table.lease().toNanos(), skew));
    }

    /** Says, for the message of a full range, how many leases are live and when the first becomes claimable. */
    @Override
    public String describeTaken() {
        String name = connections.dialect().statements().table();
        try {
            List<long[]> rows = readRange(table, claim);
            long earliest = rows.stream().mapToLong(row -> row[1]).min().orElse(0L);
            return "table " + name + " has " + rows.size() + " live leases in the range; the first to lapse"
                    + " becomes claimable at " + Instant.ofEpochMilli(earliest + table.grace().toMillis())
                    + " unless renewed";
        } catch (DatabaseUnansweredException | RuntimeException e) {
            return "table " + name;
        }
    }

    /** Reads the range's rows in order: identity, expiry, and the database's time of the read. */
    private static List<long[]> readRange(Terms table, NodeClaim claim)
            throws DatabaseUnansweredException {
        R2dbcConnections connections = table.connections();
        List<long[]> rows = connections.withConnection(connection -> Flux.from(connections.prepare(connection,
                connections.dialect().statements().selectRange())
                .bind(0, claim.namespace()).bind(1, claim.min()).bind(2, claim.max()).execute())
                .concatMap(result -> result.map(row -> new long[] {R2dbcConnections.longAt(row, 0),
                        R2dbcConnections.longAt(row, 1), R2dbcConnections.longAt(row, 2)}))
                .collectList());
        return rows == null ? List.of() : rows;
    }
}
