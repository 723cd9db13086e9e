package dev.ids.r2dbc;

import dev.ids.node.NodeLeaseProvider;
import dev.ids.testing.LeaseOutageContract;
import dev.ids.testing.TestDatabase;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;

/**
 * The outage scenarios of {@link LeaseOutageContract} (the JDBC store's, shared) on the R2DBC lease store, on one
 * database; a subclass per database runs them. The store opens a connection of its own through the proxy for each
 * piece of work and waits for it at most about a second ({@link R2dbcConnections}): no driver timeout is set, so
 * that the scenarios show that this limit alone keeps a hung database from holding the renewal thread and the
 * callers' threads, and that it is short enough to refuse by the lease's deadline.
 *
 * <p>What the limit does not free is the connection: r2dbc-postgresql keeps a connection whose creation was given up
 * on open (in trials, still established a second after the call's time limit) until the network answers again, when
 * it completes and closes, or resets it. That costs a socket per abandoned call while the database hangs, not a
 * thread.
 */
abstract class R2dbcLeaseOutageContract extends LeaseOutageContract {

    /** The R2DBC URL that reaches the database through the proxy's port. */
    abstract String urlThrough(int port);

    /** The database, for its name and credentials. */
    protected abstract TestDatabase database();

    @Override
    protected String storeName() {
        return database().name();
    }

    /** The lease table: one of this test JVM's own, as the database servers are shared. */
    String tableName() {
        return "ids_r2dbc_lease_outage_" + ProcessHandle.current().pid();
    }

    /**
     * A provider over a connection factory on the proxy's port. The drivers' timeouts stay unset even when asked
     * for: neither driver has a socket read timeout (r2dbc-postgresql's statementTimeout is the server's
     * statement_timeout, which a hung network never delivers), and a connect timeout bounds only the TCP connect,
     * which the proxy accepts at once; no thread blocks on the socket in any case.
     */
    @Override
    protected NodeLeaseProvider providerThrough(int port, boolean driverTimeouts) {
        ConnectionFactory proxied = ConnectionFactories.get(ConnectionFactoryOptions.parse(urlThrough(port)).mutate()
                .option(ConnectionFactoryOptions.USER, database().username())
                .option(ConnectionFactoryOptions.PASSWORD, database().password()).build());
        return outageTerms(R2dbcNodeLeaseProvider.builder(proxied).singleProcess(true)
                .tableName(tableName())).build();
    }

    /** Every call of the store gives up after its time limit, leaving a connection that never answers behind. */
    @Override
    protected boolean abandonsHungConnections() {
        return true;
    }

    @AfterAll
    void dropTable() throws SQLException {
        try (Connection connection = DriverManager.getConnection(database().url("r2dbc-lease-outage"),
                database().username(), database().password()); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + tableName());
        }
    }
}
