package dev.ids.node.jdbc;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;

/** A lease store outage on MariaDB, when it is reachable. */
@RequiresDatabase(TestDatabase.MARIADB)
class MariaDbJdbcLeaseOutageTest extends JdbcLeaseOutageContract {

    @Override
    protected TestDatabase database() {
        return TestDatabase.MARIADB;
    }

    @Override
    protected int serverPort() {
        return 3306;
    }

    @Override
    String urlThrough(int port) {
        return "jdbc:mariadb://127.0.0.1:" + port + "/test";
    }

    /** Milliseconds: the socket's read timeout and the connect, log-in included. */
    @Override
    String driverTimeouts() {
        return "?socketTimeout=1000&connectTimeout=1000";
    }
}
