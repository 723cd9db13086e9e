package dev.ids.node.jdbc;

import dev.ids.testing.TestDatabase;
import java.sql.SQLException;
import org.h2.tools.Server;
import org.junit.jupiter.api.BeforeAll;

/**
 * A lease store outage on H2, always run: an H2 TCP server that the test starts, so that the proxy can stand
 * between the leases and the database, serves an in-memory database of this run.
 */
class H2JdbcLeaseOutageTest extends JdbcLeaseOutageContract {

    private Server server;

    @BeforeAll
    void startServer() throws SQLException {
        server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
    }

    /** Drops the table, then stops the server, once the scenarios are done. */
    @Override
    protected void dropTable() throws SQLException {
        try {
            super.dropTable();
        } finally {
            server.stop();
        }
    }

    @Override
    protected TestDatabase database() {
        return TestDatabase.H2;
    }

    @Override
    protected int serverPort() {
        return server.getPort();
    }

    @Override
    String urlThrough(int port) {
        return "jdbc:h2:tcp://127.0.0.1:" + port + "/mem:ids-outage-" + ProcessHandle.current().pid()
                + ";DB_CLOSE_DELAY=-1";
    }

    /** H2's client takes no socket read timeout in its URL. */
    @Override
    String driverTimeouts() {
        return null;
    }
}
