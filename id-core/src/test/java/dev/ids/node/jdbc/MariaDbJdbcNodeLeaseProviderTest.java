package dev.ids.node.jdbc;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;

/** The JDBC lease provider's behaviour on MariaDb, when it is reachable. */
@RequiresDatabase(TestDatabase.MARIADB)
class MariaDbJdbcNodeLeaseProviderTest extends JdbcNodeLeaseContract {

    @Override
    TestDatabase database() {
        return TestDatabase.MARIADB;
    }

    @AfterAll
    static void dropTestTables() throws SQLException {
        dropTables(TestDatabase.MARIADB, MariaDbJdbcNodeLeaseProviderTest.class);
    }
}
