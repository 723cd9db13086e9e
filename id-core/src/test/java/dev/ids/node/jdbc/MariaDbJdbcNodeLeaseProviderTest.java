package dev.ids.node.jdbc;

import dev.ids.testing.TestDatabase;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;

/** The JDBC lease provider's behaviour on MariaDb, when it is reachable. */
class MariaDbJdbcNodeLeaseProviderTest extends JdbcNodeLeaseContract {

    @Override
    TestDatabase database() {
        return TestDatabase.MARIADB;
    }

    @AfterAll
    static void dropTestTables() throws SQLException {
        TestDatabase.MARIADB.assumeReachable();
        dropTables(TestDatabase.MARIADB, MariaDbJdbcNodeLeaseProviderTest.class);
    }
}
