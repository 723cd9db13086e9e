package dev.ids.node.jdbc;

import dev.ids.testing.PlainDataSource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.node.NodeClaim;
import dev.ids.testing.TestDatabase;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A claim whose connection cannot be handed back cleanly leaves nothing running behind it. */
class JdbcNodeLeaseClaimFailureH2Test {

    private static final String TABLE = "ids_jdbc_lease_claim_failure";

    /**
     * Connections that fail to close, once armed, after they inserted a row, as a pool whose connection reset fails
     * would: the claim's row is written, and then the claim fails.
     */
    private static final class FailingCloseDataSource implements PlainDataSource {
        private final TestDataSource inner = new TestDataSource(TestDatabase.H2, "JdbcNodeLeaseClaimFailure");
        private volatile boolean failClose;

        @Override
        public Connection getConnection() throws SQLException {
            Connection connection = inner.getConnection();
            boolean[] inserted = {false};
            return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
                    (proxy, method, args) -> {
                        try {
                            if (method.getName().equals("prepareStatement")
                                    && ((String) args[0]).startsWith("INSERT")) {
                                inserted[0] = true;
                            }
                            Object result = method.invoke(connection, args);
                            if (method.getName().equals("close") && failClose && inserted[0]) {
                                throw new SQLException("connection reset failed on return to the pool");
                            }
                            return result;
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }
    }

    private static boolean renewerAlive(String namespace) {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(thread -> thread.isAlive() && thread.getName().startsWith("ids-node-lease-" + namespace));
    }

    @Test
    void aConnectionThatFailsToCloseAfterTheInsertLeavesNoRenewerRunning() throws Exception {
        FailingCloseDataSource dataSource = new FailingCloseDataSource();
        JdbcNodeLeaseProvider provider = JdbcNodeLeaseProvider.builder(dataSource).singleProcess(true)
                .tableName(TABLE).build();
        String namespace = "claim-failure-" + UUID.randomUUID().toString().substring(0, 8);
        provider.claim(new NodeClaim("warm-up-" + namespace, 0, 0)).close(); // creates the table
        dataSource.failClose = true;
        try {
            assertThatThrownBy(() -> provider.claim(new NodeClaim(namespace, 0, 3)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("connection reset failed");
            assertThat(renewerAlive(namespace)).as("a renewer of a lease nobody holds").isFalse();
        } finally {
            dataSource.failClose = false;
            try (Connection connection = dataSource.getConnection();
                    Statement statement = connection.createStatement()) {
                statement.execute("DROP TABLE IF EXISTS " + TABLE);
            }
        }
    }
}
