package dev.ids.r2dbc;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;

/** The R2DBC lease provider's behaviour on MariaDB, when it is reachable (required where CI=true). */
@RequiresDatabase(TestDatabase.MARIADB)
class MariaDbR2dbcNodeLeaseProviderTest extends R2dbcNodeLeaseContract {

    @Override
    TestDatabase jdbcDatabase() {
        return TestDatabase.MARIADB;
    }

    @Override
    String url() {
        return "r2dbc:mariadb://127.0.0.1:3306/test";
    }

    @AfterAll
    static void dropTestTable() throws SQLException {
        TestDatabase database = TestDatabase.MARIADB;
        try (Connection connection = DriverManager.getConnection(database.url("drop"), database.username(),
                database.password())) {
            connection.createStatement().execute("DROP TABLE IF EXISTS " + TABLE);
        }
    }
}
