package dev.ids.node.jdbc;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;

/** A lease store outage on PostgreSQL, when it is reachable. */
@RequiresDatabase(TestDatabase.POSTGRESQL)
class PostgreSqlJdbcLeaseOutageTest extends JdbcLeaseOutageContract {

    @Override
    protected TestDatabase database() {
        return TestDatabase.POSTGRESQL;
    }

    @Override
    protected int serverPort() {
        return 5432;
    }

    @Override
    String urlThrough(int port) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/test";
    }

    /**
     * Seconds: the socket's read timeout, the TCP connect, the whole log-in, and the cancel a query timeout sends.
     * PostgreSQL's driver cancels over a connection of its own, which hangs like the others, and holds the statement's
     * connection (its lock) until that cancel gives up: 10 s by default, which kept the renewal thread in a call of
     * the store long after its read had timed out.
     */
    @Override
    String driverTimeouts() {
        return "?socketTimeout=1&connectTimeout=1&loginTimeout=1&cancelSignalTimeout=1";
    }
}
