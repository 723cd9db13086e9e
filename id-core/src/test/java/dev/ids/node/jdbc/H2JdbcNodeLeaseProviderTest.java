package dev.ids.node.jdbc;

import dev.ids.testing.TestDatabase;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;

/** The JDBC lease provider's behaviour on H2, always run. */
class H2JdbcNodeLeaseProviderTest extends JdbcNodeLeaseContract {

    @Override
    TestDatabase database() {
        return TestDatabase.H2;
    }

    @AfterAll
    static void dropTestTables() throws SQLException {
        dropTables(TestDatabase.H2, H2JdbcNodeLeaseProviderTest.class);
    }
}
