package dev.ids.node.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.sql.LeaseTableSql;
import dev.ids.testing.PlainDataSource;
import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The JDBC store reads a real MariaDB server's {@code innodb_flush_log_at_trx_commit} and applies the rule to it,
 * when the server is reachable (required where CI=true). The shared server cannot be set to {@code 0} (other builds
 * use it), so one test answers the store's question with {@code 0} over the real connection, and the other checks
 * that the store's verdict on the server as it is matches the server's own setting.
 */
@RequiresDatabase(TestDatabase.MARIADB)
class MariaDbUnsafeLeaseStoreTest {

    private static final String TABLE = "ids_unsafe_store_" + ProcessHandle.current().pid();
    /** The table of the refused store, which must never be created. */
    private static final String REFUSED_TABLE = TABLE + "_refused";
    private static final NodeClaim CLAIM = new NodeClaim("sno", 0, 1023);

    private final TestDataSource server = new TestDataSource(TestDatabase.MARIADB, "unsafe-store");

    @Test
    void aServerThatFlushesItsLogAboutOnceASecondIsRefusedBeforeAnythingIsWritten() throws SQLException {
        PlainDataSource lazy = () -> answeringLogFlushWithZero(server.getConnection());
        JdbcNodeLeaseProvider provider = JdbcNodeLeaseProvider.builder(lazy).tableName(REFUSED_TABLE).build();

        assertThatThrownBy(() -> provider.claim(CLAIM)).isInstanceOfSatisfying(UnsafeLeaseStoreException.class,
                refused -> {
                    assertThat(refused.reason()).isEqualTo(UnsafeLeaseStoreException.Reason.LAZY_LOG_FLUSH);
                    assertThat(refused.getMessage()).contains("the DataSource at jdbc:mariadb://127.0.0.1",
                            "innodb_flush_log_at_trx_commit=0", "Set innodb_flush_log_at_trx_commit to 1");
                });
        try (Connection connection = server.getConnection();
                ResultSet tables = connection.getMetaData().getTables(null, null, REFUSED_TABLE, null)) {
            assertThat(tables.next()).as("the table was not created").isFalse();
        }
    }

    @Test
    void theServerAsItIsIsJudgedByItsOwnSetting() throws SQLException {
        String setting;
        try (Connection connection = server.getConnection(); Statement statement = connection.createStatement();
                ResultSet value = statement.executeQuery(LeaseTableSql.MARIADB_LOG_FLUSH_SETTING)) {
            assertThat(value.next()).isTrue();
            setting = value.getString(1).trim();
        }
        JdbcNodeLeaseProvider provider = JdbcNodeLeaseProvider.builder(server).tableName(TABLE).build();
        if (setting.equals("0")) {
            System.out.println("MariaDbUnsafeLeaseStoreTest: the server runs innodb_flush_log_at_trx_commit=0, so the"
                    + " store must refuse it");
            assertThatThrownBy(() -> provider.claim(CLAIM)).isInstanceOf(UnsafeLeaseStoreException.class);
            return;
        }
        try (NodeLease lease = provider.claim(CLAIM)) {
            assertThat(lease.isHeld()).as("innodb_flush_log_at_trx_commit=" + setting).isTrue();
        }
    }

    /** The connection, whose statements answer the store's question about the log flushing with 0. */
    private static Connection answeringLogFlushWithZero(Connection connection) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    Object result = invoke(connection, method, args);
                    if (result instanceof Statement statement && method.getName().equals("createStatement")) {
                        return answering(statement);
                    }
                    return result;
                });
    }

    private static Statement answering(Statement statement) {
        return (Statement) Proxy.newProxyInstance(Statement.class.getClassLoader(), new Class<?>[] {Statement.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("executeQuery")
                            && LeaseTableSql.MARIADB_LOG_FLUSH_SETTING.equals(args[0])) {
                        return statement.executeQuery("SELECT 0");
                    }
                    return invoke(statement, method, args);
                });
    }

    private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        try (Connection connection = new TestDataSource(TestDatabase.MARIADB, "unsafe-store").getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + TABLE);
            statement.execute("DROP TABLE IF EXISTS " + REFUSED_TABLE);
        }
    }
}
