package dev.ids.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.sql.LeaseTableSql;
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

/**
 * The R2DBC store reads a real MariaDB server's log flushing and judges it as the JDBC store does, when one is
 * reachable (required where CI=true). The shared server cannot be set to {@code 0} (other builds use it): the
 * judgement of each value is tested in core ({@code LeaseStoreRulesTest}); here the store's verdict must match the
 * server's own setting.
 */
@RequiresDatabase(TestDatabase.MARIADB)
class MariaDbLeaseStoreRulesTest {

    @Test
    void theR2dbcStoreJudgesTheServerByItsOwnLogFlushing() throws SQLException {
        TestDatabase database = TestDatabase.MARIADB;
        String reported;
        try (Connection connection = DriverManager.getConnection(database.url("rules"), database.username(),
                database.password()); Statement statement = connection.createStatement();
                ResultSet variable = statement.executeQuery(LeaseTableSql.MARIADB_LOG_FLUSH_SETTING)) {
            assertThat(variable.next()).isTrue();
            reported = variable.getString(1).trim();
        }
        String table = "ids_r2dbc_rules_" + ProcessHandle.current().pid();
        ConnectionFactory r2dbc = ConnectionFactories.get(ConnectionFactoryOptions
                .parse("r2dbc:mariadb://127.0.0.1:3306/test").mutate()
                .option(ConnectionFactoryOptions.USER, database.username())
                .option(ConnectionFactoryOptions.PASSWORD, database.password()).build());
        R2dbcNodeLeaseProvider provider = R2dbcNodeLeaseProvider.builder(r2dbc).tableName(table).build();
        NodeClaim claim = new NodeClaim("sno", 0, 1023);
        try {
            if (reported.equals("0")) {
                System.out.println("MariaDbLeaseStoreRulesTest: the server runs innodb_flush_log_at_trx_commit=0, "
                        + "so the R2DBC store must refuse it");
                assertThatThrownBy(() -> provider.claim(claim)).isInstanceOf(UnsafeLeaseStoreException.class)
                        .hasMessageContaining("the R2DBC ConnectionFactory for MariaDB");
                return;
            }
            try (NodeLease lease = provider.claim(claim)) {
                assertThat(lease.isHeld()).as("innodb_flush_log_at_trx_commit=" + reported).isTrue();
            }
        } finally {
            try (Connection connection = DriverManager.getConnection(database.url("rules"), database.username(),
                    database.password()); Statement statement = connection.createStatement()) {
                statement.execute("DROP TABLE IF EXISTS " + table);
            }
        }
    }
}
