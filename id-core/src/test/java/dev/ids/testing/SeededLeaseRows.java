package dev.ids.testing;

import dev.ids.IdScheme;
import dev.ids.node.sql.LeaseTableSettings;
import dev.ids.node.sql.LeaseTableSql;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Seeds a lease table with released rows whose high-water mark lies a second in the past, so that a test's claims
 * find a mark and its generators issue at once. A claim that finds no mark starts about 20 s ahead, beyond any time
 * a former holder whose row vanished may still issue IDs for (docs/LEASES.md, "A record that is lost"), and the
 * starter waits for that as it starts; tests about anything else seed instead of waiting. A claim tries the lowest
 * free identity first, so seeding the low end of each scheme's namespace covers a test's claims. Rows that exist are
 * left as they are. The Spring tests hook it into a context (the starter's {@code LeaseTableSeed}, the samples'
 * {@code SeededLeaseTable}).
 */
public final class SeededLeaseRows {

    /** How many identities of each scheme's namespace are seeded, from 0. */
    public static final int IDENTITIES = 16;

    /** The holder value of the seeded rows, for tests that count the rows of real holders. */
    public static final String HOLDER = "seed";

    private SeededLeaseRows() {
    }

    /**
     * Seeds the default lease table of the database at a JDBC URL.
     *
     * @param url the JDBC URL
     * @param user the user
     * @param password the password
     */
    public static void seed(String url, String user, String password) {
        try (Connection connection = DriverManager.getConnection(url, user, password)) {
            seed(connection, LeaseTableSettings.DEFAULT_TABLE_NAME);
        } catch (SQLException ex) {
            throw new IllegalStateException("Could not seed the lease table at " + url + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * Seeds a lease table: creates it when absent, then adds a released row for identities 0 to
     * {@link #IDENTITIES} - 1 of every scheme's namespace that has none.
     *
     * @param connection the connection, in auto-commit
     * @param table the table's name
     * @throws SQLException when the database refuses
     */
    public static void seed(Connection connection, String table) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(LeaseTableSql.createTableStatement(table));
        } catch (SQLException ex) {
            // It exists already (not every database says IF NOT EXISTS the same way): the rows below tell.
        }
        long mark = System.currentTimeMillis() - 1_000;
        try (PreparedStatement exists = connection.prepareStatement(
                "SELECT 1 FROM " + table + " WHERE namespace = ? AND node_id = ?");
                PreparedStatement insert = connection.prepareStatement("INSERT INTO " + table
                        + " (namespace, node_id, holder, expires_at, high_water_mark) VALUES (?, ?, '" + HOLDER
                        + "', 0, ?)")) {
            for (IdScheme scheme : IdScheme.values()) {
                for (long identity = 0; identity < IDENTITIES; identity++) {
                    exists.setString(1, scheme.schemeName());
                    exists.setLong(2, identity);
                    try (ResultSet found = exists.executeQuery()) {
                        if (found.next()) {
                            continue;
                        }
                    }
                    insert.setString(1, scheme.schemeName());
                    insert.setLong(2, identity);
                    insert.setLong(3, mark);
                    insert.executeUpdate();
                }
            }
        }
    }
}
