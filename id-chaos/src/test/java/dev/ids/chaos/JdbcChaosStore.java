package dev.ids.chaos;

import dev.ids.testing.SeededLeaseRows;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
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
            // The workers log in as a user of the run's own, so that a restart locks out and ends theirs only.
            try (Statement statement = connection.createStatement()) {
                if (database == TestDatabase.POSTGRESQL) {
                    statement.execute("CREATE ROLE " + table + " LOGIN");
                    statement.execute("GRANT ALL PRIVILEGES ON TABLE " + table + " TO " + table);
                } else {
                    statement.execute("CREATE USER '" + table + "'@'%'");
                    statement.execute("GRANT ALL PRIVILEGES ON test.* TO '" + table + "'@'%'");
                }
            }
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

    /** The user the workers log in as, the run's own (named as its table), so that a restart strikes them only. */
    String login() {
        return table;
    }

    /**
     * Restarts the database as the run's workers see it: their user is locked out, every connection of theirs ended
     * (PostgreSQL's {@code pg_terminate_backend}, MariaDB's {@code KILL CONNECTION}) for
     * {@link Nemesis#PAST_THE_LEASE}, then let in again. The machine's server is shared with other tests and stays up; what it committed stays, as
     * it does across a restart of a durable database.
     */
    @Override
    public String restart() throws Exception {
        int ended;
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute(database == TestDatabase.POSTGRESQL ? "ALTER ROLE " + table + " NOLOGIN"
                    : "ALTER USER '" + table + "'@'%' ACCOUNT LOCK");
            ended = endConnections(connection);
            Thread.sleep(Nemesis.PAST_THE_LEASE.toMillis());
            statement.execute(database == TestDatabase.POSTGRESQL ? "ALTER ROLE " + table + " LOGIN"
                    : "ALTER USER '" + table + "'@'%' ACCOUNT UNLOCK");
        }
        return "the workers' user locked out and their " + ended + " connections ended for "
                + Nemesis.PAST_THE_LEASE.toMillis() + " ms, as a database restart does, then let in again";
    }

    private int endConnections(Connection connection) throws SQLException {
        int ended = 0;
        if (database == TestDatabase.POSTGRESQL) {
            try (PreparedStatement terminate = connection.prepareStatement(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = ?")) {
                terminate.setString(1, table);
                try (ResultSet rows = terminate.executeQuery()) {
                    while (rows.next()) {
                        ended += rows.getBoolean(1) ? 1 : 0;
                    }
                }
            }
        } else {
            List<Long> ids = new ArrayList<>();
            try (PreparedStatement list = connection.prepareStatement(
                    "SELECT ID FROM information_schema.PROCESSLIST WHERE USER = ?")) {
                list.setString(1, table);
                try (ResultSet rows = list.executeQuery()) {
                    while (rows.next()) {
                        ids.add(rows.getLong(1));
                    }
                }
            }
            try (Statement kill = connection.createStatement()) {
                for (long id : ids) {
                    try {
                        kill.execute("KILL CONNECTION " + id);
                        ended++;
                    } catch (SQLException gone) {
                        // It ended by itself meanwhile.
                    }
                }
            }
        }
        return ended;
    }

    @Override
    public List<String> arguments(int through) {
        String url = database.url("chaos").replace(":" + port + "/", ":" + through + "/");
        return List.of("store=jdbc", "jdbc.url=" + url + "?" + driverTimeouts, "jdbc.user=" + table,
                "jdbc.password=", "jdbc.table=" + table);
    }

    @Override
    public void close() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + table);
            statement.execute(database == TestDatabase.POSTGRESQL ? "DROP ROLE IF EXISTS " + table
                    : "DROP USER IF EXISTS '" + table + "'@'%'");
        }
    }
}
