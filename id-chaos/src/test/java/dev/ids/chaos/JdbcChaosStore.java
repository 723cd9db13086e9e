package dev.ids.chaos;

import dev.ids.testing.SeededLeaseRows;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The JDBC lease store on one of the machine's databases, in a lease table of the run's own. The workers' URL sets
 * the driver's timeouts to two seconds, as the README advises, so that a connection the nemesis leaves hung does not
 * hold a worker's renewal for good.
 */
final class JdbcChaosStore implements ChaosStore {

    private final TestDatabase database;
    private final String product;
    private final int port;
    private final String driverTimeouts;
    private final String table;

    private JdbcChaosStore(TestDatabase database, String product, int port, String driverTimeouts, String run)
            throws SQLException {
        this.database = database;
        this.product = product;
        this.port = port;
        this.driverTimeouts = driverTimeouts;
        this.table = "ids_chaos_" + run.replace('-', '_');
        // Seeded with released rows whose marks lie a second in the past: a claim that finds no mark would start
        // 20 s ahead (docs/LEASES.md, "A record that is lost"), which is not what a run is about.
        try (Connection connection = connect()) {
            SeededLeaseRows.seed(connection, table);
        }
    }

    /** PostgreSQL: seconds; the query cancel goes over a connection of its own, which gets its own timeout. */
    static JdbcChaosStore postgreSql(String run) throws SQLException {
        return new JdbcChaosStore(TestDatabase.POSTGRESQL, "PostgreSQL", 5432,
                "socketTimeout=2&connectTimeout=2&loginTimeout=2&cancelSignalTimeout=2", run);
    }

    /** MariaDB: milliseconds; the connect timeout covers the log-in. */
    static JdbcChaosStore mariaDb(String run) throws SQLException {
        return new JdbcChaosStore(TestDatabase.MARIADB, "MariaDB", 3306, "socketTimeout=2000&connectTimeout=2000", run);
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(database.url("chaos"), database.username(), database.password());
    }

    @Override
    public String name() {
        return "JDBC on " + product;
    }

    @Override
    public int port() {
        return port;
    }

    /** The run's lease table, which the R2DBC run shares the layout of ({@link R2dbcChaosStore}). */
    String table() {
        return table;
    }

    @Override
    public List<String> arguments(int through) {
        String url = database.url("chaos").replace(":" + port + "/", ":" + through + "/");
        return List.of("store=jdbc", "jdbc.url=" + url + "?" + driverTimeouts, "jdbc.user=" + database.username(),
                "jdbc.password=" + database.password(), "jdbc.table=" + table);
    }

    @Override
    public void close() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + table);
        }
    }
}
