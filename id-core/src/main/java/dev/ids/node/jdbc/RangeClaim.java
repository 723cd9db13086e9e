package dev.ids.node.jdbc;

import dev.ids.node.NodeClaim;
import dev.ids.node.sql.BoundSql;
import dev.ids.node.sql.LeaseRow;
import dev.ids.node.sql.LeaseTableCalls;
import dev.ids.node.sql.TableClaim;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One claim on the lease table through JDBC: {@link TableClaim} decides what to read and write, this runs it. The
 * loser of an insert race sees an SQLState of class 23. Not thread-safe; one instance per claim.
 */
final class RangeClaim extends TableClaim {

    private final JdbcConnections connections;
    private final LeaseTableCalls calls;

    private RangeClaim(JdbcConnections connections, LeaseTableCalls calls, Terms terms, NodeClaim claim,
            String holder, List<long[]> rows) {
        super(terms, claim, holder, rows);
        this.connections = connections;
        this.calls = calls;
    }

    private RangeClaim(JdbcConnections connections, LeaseTableCalls calls, Terms terms, LeaseRow judged,
            String holder) {
        super(terms, judged, holder);
        this.connections = connections;
        this.calls = calls;
    }

    /**
     * Prepares to take the judged row's identity from its holder, while the row is as judged; reads nothing. The
     * table is ready.
     */
    static RangeClaim takeOver(JdbcConnections connections, LeaseTableCalls calls, Terms terms, LeaseRow judged,
            String holder) {
        return new RangeClaim(connections, calls, terms, judged, holder);
    }

    /** What readies the table on the connection of the first read (a provider's first claim); once. */
    @FunctionalInterface
    interface Readiness {

        void readyOn(Connection connection);
    }

    /** Readies the table unless done, on the connection of the read, then reads the claim's range. */
    static RangeClaim start(JdbcConnections connections, LeaseTableCalls calls, Terms terms, NodeClaim claim,
            String holder, Readiness readiness) throws SQLException {
        List<long[]> rows = connections.withConnection(connection -> {
            readiness.readyOn(connection);
            return readRange(connections, connection, calls, claim);
        });
        return new RangeClaim(connections, calls, terms, claim, holder, rows);
    }

    @Override
    protected @Nullable Taken insert(BoundSql insert, BoundSql selectClaimed) throws SQLException {
        return connections.withConnection(connection -> {
            try (PreparedStatement statement = connections.prepare(connection, insert)) {
                connections.executeUpdate(connection, statement);
            } catch (SQLException e) {
                if (JdbcConnections.isIntegrityViolation(e)) {
                    return null; // another claimant inserted this identity first
                }
                throw e;
            }
            // The floor the insert wrote, and the skew, measured only once the race is won.
            long[] claimed = connections.readClaimed(connection, selectClaimed);
            return claimed == null ? null : new Taken(claimed[0], claimed[1], true);
        });
    }

    @Override
    protected @Nullable Taken takeOver(BoundSql takeOver, BoundSql selectClaimed) throws SQLException {
        return connections.withConnection(connection -> {
            try (PreparedStatement update = connections.prepare(connection, takeOver)) {
                if (connections.executeUpdate(connection, update) != 1) {
                    return null; // renewed by its holder or taken by another claimant since the read
                }
            }
            long[] claimed = connections.readClaimed(connection, selectClaimed);
            return claimed == null ? null : new Taken(claimed[0], claimed[1]);
        });
    }

    @Override
    protected LeaseTableCalls calls() {
        return calls;
    }

    @Override
    protected List<long[]> readRange() throws SQLException {
        return connections.withConnection(connection -> readRange(connections, connection, calls, claim()));
    }

    /** Reads the range's rows in order: identity, expiry, and the database's time of the read. */
    private static List<long[]> readRange(JdbcConnections connections, Connection connection,
            LeaseTableCalls calls, NodeClaim claim) throws SQLException {
        List<long[]> rows = new ArrayList<>();
        try (PreparedStatement select = connections.prepare(connection, calls.selectRange(claim));
                ResultSet result = select.executeQuery()) {
            while (result.next()) {
                rows.add(new long[] {result.getLong(1), result.getLong(2), result.getLong(3)});
            }
        }
        return rows;
    }
}
