package dev.ids.node.jdbc;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;

/** The JDBC lease provider's behaviour on PostgreSql, when it is reachable. */
@RequiresDatabase(TestDatabase.POSTGRESQL)
class PostgreSqlJdbcNodeLeaseProviderTest extends JdbcNodeLeaseContract {

    @Override
    TestDatabase database() {
        return TestDatabase.POSTGRESQL;
    }

    @AfterAll
    static void dropTestTables() throws SQLException {
        dropTables(TestDatabase.POSTGRESQL, PostgreSqlJdbcNodeLeaseProviderTest.class);
    }
}
