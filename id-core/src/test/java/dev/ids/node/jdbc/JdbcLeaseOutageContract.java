package dev.ids.node.jdbc;

import dev.ids.node.NodeLeaseProvider;
import dev.ids.testing.LeaseOutageContract;
import dev.ids.testing.TestDatabase;
import dev.ids.testing.PlainDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;

/**
 * The outage scenarios of {@link LeaseOutageContract} on the JDBC lease store, on one database; a subclass per
 * database runs them. The store takes a new connection through the proxy for each piece of work, as a pool would
 * make them in an outage.
 */
abstract class JdbcLeaseOutageContract extends LeaseOutageContract {

    /** The JDBC URL that reaches the database through the proxy's port. */
    abstract String urlThrough(int port);

    /**
     * The URL parameters that set the driver's socket and connect timeouts to about a second, appended to
     * {@link #urlThrough(int)}; {@code null} when the driver has none.
     */
    abstract String driverTimeouts();

    /** The database, for its name and credentials. */
    protected abstract TestDatabase database();

    @Override
    protected String storeName() {
        return database().name();
    }

    /** The lease table: one of this test JVM's own, as the database servers are shared. */
    String tableName() {
        return "ids_lease_outage_" + ProcessHandle.current().pid();
    }

    @Override
    protected NodeLeaseProvider providerThrough(int port, boolean driverTimeouts) {
        String url = urlThrough(port) + (driverTimeouts ? driverTimeouts() : "");
        PlainDataSource proxied = () -> DriverManager.getConnection(url, database().username(),
                database().password());
        return outageTerms(JdbcNodeLeaseProvider.builder(proxied).singleProcess(true).tableName(tableName()))
                .build();
    }

    /** Only with the driver's timeouts: a JDBC call blocks its thread on the socket for as long as it is hung. */
    @Override
    protected boolean abandonsHungConnections() {
        return driverTimeouts() != null;
    }

    @AfterAll
    void dropTable() throws SQLException {
        try (Connection connection = DriverManager.getConnection(urlThrough(serverPort()), database().username(),
                database().password()); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + tableName());
        }
    }
}
