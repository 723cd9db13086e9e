package dev.ids.autoconfigure.node;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.node.r2dbc.R2dbcNodeLeaseProvider;
import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * {@link LeaseStoreRules} and {@link R2dbcStoreRules} read a real MariaDB server's log flushing, when one is reachable
 * (required where CI=true).
 */
@RequiresDatabase(TestDatabase.MARIADB)
class MariaDbLeaseStoreRulesTest {

    @Test
    void theServersLogFlushingIsReadAsTheServerReportsIt() throws SQLException {
        TestDatabase database = TestDatabase.MARIADB;
        String reported;
        try (Connection connection = DriverManager.getConnection(database.url("rules"), database.username(),
                database.password()); Statement statement = connection.createStatement();
                ResultSet variable = statement.executeQuery(
                        "SHOW GLOBAL VARIABLES LIKE 'innodb_flush_log_at_trx_commit'")) {
            assertThat(variable.next()).isTrue();
            reported = variable.getString(2);
            assertThat(LeaseStoreRules.innoDbLogFlushSetting(connection)).isEqualTo(reported);
        }
        MariaDbDataSource dataSource = new MariaDbDataSource(database.url("rules"));
        dataSource.setUser(database.username());
        dataSource.setPassword(database.password());

        assertThat(LeaseStoreRules.inspect(dataSource).flushesLogLazily()).isEqualTo("0".equals(reported));

        ConnectionFactory r2dbc = ConnectionFactories.get(ConnectionFactoryOptions
                .parse("r2dbc:mariadb://127.0.0.1:3306/test").mutate()
                .option(ConnectionFactoryOptions.USER, database.username())
                .option(ConnectionFactoryOptions.PASSWORD, database.password()).build());
        assertThat(R2dbcStoreRules.innoDbLogFlushSetting(r2dbc)).as("through R2DBC").isEqualTo(reported);
        assertThat(R2dbcStoreRules.refusal(R2dbcNodeLeaseProvider.builder(r2dbc).build(), true, "snoGenerator",
                "ids.sno.partition") == null).isEqualTo(!"0".equals(reported));
    }
}
