package dev.ids.node.jdbc;

import dev.ids.node.NodeClaim;
import dev.ids.node.sql.BoundSql;
import dev.ids.node.sql.LeaseRow;
import dev.ids.node.sql.LeaseTableCalls;
import dev.ids.node.sql.TableClaim;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

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

    /** Prepares to take the judged row's identity from its holder, while the row is as judged; reads nothing. */
    static RangeClaim takeOver(JdbcConnections connections, LeaseTableCalls calls, Terms terms, LeaseRow judged,
            String holder) throws SQLException {
        connections.ensureDatabaseClock();
        return new RangeClaim(connections, calls, terms, judged, holder);
    }

    /** Reads the claim's range and prepares to take one of its free identities. */
    static RangeClaim start(JdbcConnections connections, LeaseTableCalls calls, Terms terms, NodeClaim claim,
            String holder) throws SQLException {
        connections.ensureDatabaseClock();
        return new RangeClaim(connections, calls, terms, claim, holder, readRange(connections, calls, claim));
    }

    @Override
    protected Taken insert(BoundSql insert) throws SQLException {
        return connections.withConnection(connection -> {
            long skewMillis = connections.measureSkew(connection);
            try (PreparedStatement statement = connections.prepare(connection, insert)) {
                connections.executeUpdate(connection, statement);
            } catch (SQLException e) {
                if (JdbcConnections.isIntegrityViolation(e)) {
                    return null; // another claimant inserted this identity first
                }
                throw e;
            }
            return new Taken(0L, skewMillis);
        });
    }

    @Override
    protected Taken takeOver(BoundSql takeOver, BoundSql selectMark) throws SQLException {
        return connections.withConnection(connection -> {
            long skewMillis = connections.measureSkew(connection);
            try (PreparedStatement update = connections.prepare(connection, takeOver)) {
                if (connections.executeUpdate(connection, update) != 1) {
                    return null; // renewed by its holder or taken by another claimant since the read
                }
            }
            Long mark = connections.firstLong(connection, selectMark);
            return mark == null ? null : new Taken(mark, skewMillis);
        });
    }

    @Override
    protected LeaseTableCalls calls() {
        return calls;
    }

    @Override
    protected List<long[]> readRange() throws SQLException {
        return readRange(connections, calls, claim());
    }

    /** Reads the range's rows in order: identity, expiry, and the database's time of the read. */
    private static List<long[]> readRange(JdbcConnections connections, LeaseTableCalls calls, NodeClaim claim)
            throws SQLException {
        return connections.withConnection(connection -> {
            List<long[]> rows = new ArrayList<>();
            try (PreparedStatement select = connections.prepare(connection, calls.selectRange(claim));
                    ResultSet result = select.executeQuery()) {
                while (result.next()) {
                    rows.add(new long[] {result.getLong(1), result.getLong(2), result.getLong(3)});
                }
            }
            return rows;
        });
    }
}
