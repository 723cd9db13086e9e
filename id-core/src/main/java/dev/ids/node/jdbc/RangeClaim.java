package dev.ids.node.jdbc;

import dev.ids.clock.IdClock;
import dev.ids.node.LeaseGrant;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseStore;
import dev.ids.node.sql.LeaseRow;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One claim on the lease table: the read of the claim's range, which only suggests candidates, and the conditional
 * write that takes one: an {@code INSERT} where the identity has no row (the primary key lets one claimant win; the
 * loser sees an SQLState of class 23), a takeover {@code UPDATE} where its row expired more than the grace ago (only
 * one claimant's condition still holds). A claim of one identity from a holder the claimant judged (ended, or silent)
 * reads nothing and takes the row only while it is still as judged: the same holder, not renewed since. Not
 * thread-safe; one instance per claim.
 */
final class RangeClaim implements NodeLeaseStore.Claiming<TableLease> {

    /**
     * What a claim needs to know of its table.
     *
     * @param statements the table's statements
     * @param connections how to reach the table
     * @param clock the clock whose monotonic time the lease counts from
     * @param lease how long a lease lasts
     * @param grace how long after its expiry a row may be taken over
     */
    record Terms(LeaseStatements statements, JdbcConnections connections, IdClock clock, Duration lease,
            Duration grace) {
    }

    private final Terms table;
    private final LeaseStatements sql;
    private final JdbcConnections connections;
    private final NodeClaim claim;
    private final String holder;
    /** The identities with a row, ascending. */
    private final long[] withRow;
    /** The identities whose row is live or within the grace, on the database's clock of the read. */
    private final long[] live;
    /** The row as the claimant judged it, for a takeover from that holder; {@code null} for a claim of a range. */
    private final LeaseRow judged;

    private RangeClaim(Terms table, NodeClaim claim, String holder, List<long[]> rows) {
        this.table = table;
        this.sql = table.statements();
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

    private RangeClaim(Terms table, LeaseRow judged, String holder) {
        this.table = table;
        this.sql = table.statements();
        this.connections = table.connections();
        this.claim = new NodeClaim(judged.namespace(), judged.identity(), judged.identity());
        this.holder = holder;
        this.withRow = new long[] {judged.identity()};
        this.live = new long[0];
        this.judged = judged;
    }

    /** Prepares to take the judged row's identity from its holder, while the row is as judged; reads nothing. */
    static RangeClaim takeOver(Terms table, LeaseRow judged, String holder) throws SQLException {
        table.connections().ensureDatabaseClock();
        return new RangeClaim(table, judged, holder);
    }

    /** Reads the claim's range and prepares to take one of its free identities. */
    static RangeClaim start(Terms table, NodeClaim claim, String holder) throws SQLException {
        table.connections().ensureDatabaseClock();
        return new RangeClaim(table, claim, holder, readRange(table, claim));
    }

    /** The identities the read found taken: live, or expired less than the grace ago. */
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
    public NodeLeaseStore.Claimed<TableLease> tryTake(long identity) throws SQLException {
        return Arrays.binarySearch(withRow, identity) >= 0 ? tryTakeOver(identity) : tryInsert(identity);
    }

    private NodeLeaseStore.Claimed<TableLease> tryInsert(long identity) throws SQLException {
        // The deadline counts from before the statement, so it is never later than the expiry others see.
        long start = table.clock().monotonicNanos();
        Long skew = connections.withConnection(connection -> {
            long skewMillis = connections.measureSkew(connection);
            try (PreparedStatement insert = connections.prepare(connection, sql.insertSql)) {
                insert.setString(1, claim.namespace());
                insert.setLong(2, identity);
                insert.setString(3, holder);
                insert.setLong(4, table.lease().toMillis());
                connections.executeUpdate(connection, insert);
            } catch (SQLException e) {
                if (JdbcConnections.isIntegrityViolation(e)) {
                    return null; // another claimant inserted this identity first
                }
                throw e;
            }
            return skewMillis;
        });
        return skew == null ? null : taken(identity, start, 0L, skew);
    }

    private NodeLeaseStore.Claimed<TableLease> tryTakeOver(long identity) throws SQLException {
        long start = table.clock().monotonicNanos();
        long[] skew = new long[1];
        Long mark = connections.withConnection(connection -> {
            skew[0] = connections.measureSkew(connection);
            try (PreparedStatement update = connections.prepare(connection,
                    judged == null ? sql.takeOverSql : sql.takeOverFromSql)) {
                update.setString(1, holder);
                update.setLong(2, table.lease().toMillis());
                update.setString(3, claim.namespace());
                update.setLong(4, identity);
                if (judged == null) {
                    update.setLong(5, table.grace().toMillis());
                } else {
                    update.setString(5, judged.holder());
                    update.setLong(6, judged.expiresAtMillis());
                    update.setLong(7, table.grace().toMillis());
                }
                if (connections.executeUpdate(connection, update) != 1) {
                    return null; // renewed by its holder or taken by another claimant since the read
                }
            }
            // Read the mark after taking the row: from now on no earlier holder can raise it.
            try (PreparedStatement select = connections.prepare(connection, sql.selectHighWaterMarkSql)) {
                select.setString(1, claim.namespace());
                select.setLong(2, identity);
                select.setString(3, holder);
                try (ResultSet result = select.executeQuery()) {
                    return result.next() ? result.getLong(1) : null;
                }
            }
        });
        return mark == null ? null : taken(identity, start, mark, skew[0]);
    }

    private NodeLeaseStore.Claimed<TableLease> taken(long identity, long start, long mark, long skew) {
        return new NodeLeaseStore.Claimed<>(new TableLease(claim.namespace(), identity, holder), identity, start,
                mark, new LeaseGrant(table.lease().toNanos(), skew));
    }

    /** Says, for the message of a full range, how many leases are live and when the first becomes claimable. */
    @Override
    public String describeTaken() {
        try {
            List<long[]> rows = readRange(table, claim);
            long earliest = rows.stream().mapToLong(row -> row[1]).min().orElse(0L);
            return "table " + sql.table + " has " + rows.size() + " live leases in the range; the first to lapse"
                    + " becomes claimable at " + Instant.ofEpochMilli(earliest + table.grace().toMillis())
                    + " unless renewed";
        } catch (SQLException e) {
            return "table " + sql.table;
        }
    }

    /** Reads the range's rows in order: identity, expiry, and the database's time of the read. */
    private static List<long[]> readRange(Terms table, NodeClaim claim) throws SQLException {
        JdbcConnections connections = table.connections();
        return connections.withConnection(connection -> {
            try (PreparedStatement select = connections.prepare(connection, table.statements().selectRangeSql)) {
                select.setString(1, claim.namespace());
                select.setLong(2, claim.min());
                select.setLong(3, claim.max());
                List<long[]> rows = new ArrayList<>();
                try (ResultSet result = select.executeQuery()) {
                    while (result.next()) {
                        rows.add(new long[] {result.getLong(1), result.getLong(2), result.getLong(3)});
                    }
                }
                return rows;
            }
        });
    }
}
