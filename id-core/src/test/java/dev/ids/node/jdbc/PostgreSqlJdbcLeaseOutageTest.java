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

    /** Seconds: the socket's read timeout, the TCP connect and the whole log-in. */
    @Override
    String driverTimeouts() {
        return "?socketTimeout=1&connectTimeout=1&loginTimeout=1";
    }
}
