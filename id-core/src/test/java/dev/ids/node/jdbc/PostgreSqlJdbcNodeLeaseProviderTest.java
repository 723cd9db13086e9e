package dev.ids.node.jdbc;

import dev.ids.testing.TestDatabase;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;

/** The JDBC lease provider's behaviour on PostgreSql, when it is reachable. */
class PostgreSqlJdbcNodeLeaseProviderTest extends JdbcNodeLeaseContract {

    @Override
    TestDatabase database() {
        return TestDatabase.POSTGRESQL;
    }

    @AfterAll
    static void dropTestTables() throws SQLException {
        TestDatabase.POSTGRESQL.assumeReachable();
        dropTables(TestDatabase.POSTGRESQL, PostgreSqlJdbcNodeLeaseProviderTest.class);
    }
}
