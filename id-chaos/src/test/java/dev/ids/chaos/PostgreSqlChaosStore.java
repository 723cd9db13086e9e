package dev.ids.chaos;

import dev.ids.testing.SeededLeaseRows;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The JDBC lease store on the machine's PostgreSQL, in a lease table of the run's own. The workers' URL sets the
 * driver's timeouts to two seconds (socket, connect, log-in and the query cancel's own connection), as the README
 * advises, so that a connection the nemesis leaves hung does not hold a worker's renewal for good.
 */
final class PostgreSqlChaosStore implements ChaosStore {

    private static final TestDatabase DATABASE = TestDatabase.POSTGRESQL;
    private final String table;

    /**
     * Creates the run's lease table, seeded with released rows whose marks lie a second in the past: a claim that
     * finds no mark would start 20 s ahead (docs/LEASES.md, "A record that is lost"), which is not what a run is
     * about.
     */
    PostgreSqlChaosStore(String run) throws SQLException {
        this.table = "ids_chaos_" + run.replace('-', '_');
        try (Connection connection = connect()) {
            SeededLeaseRows.seed(connection, table);
        }
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(DATABASE.url("chaos"), DATABASE.username(), DATABASE.password());
    }

    @Override
    public String name() {
        return "JDBC on PostgreSQL";
    }

    @Override
    public int port() {
        return 5432;
    }

    @Override
    public List<String> arguments(int port) {
        return List.of("store=jdbc", "jdbc.url=jdbc:postgresql://127.0.0.1:" + port
                        + "/test?socketTimeout=2&connectTimeout=2&loginTimeout=2&cancelSignalTimeout=2",
                "jdbc.user=" + DATABASE.username(), "jdbc.password=" + DATABASE.password(), "jdbc.table=" + table);
    }

    @Override
    public void close() throws Exception {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + table);
        }
    }
}
