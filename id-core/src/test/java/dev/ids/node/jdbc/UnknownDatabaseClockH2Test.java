package dev.ids.node.jdbc;

import static dev.ids.node.BuilderSeams.backgroundRenewal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import dev.ids.node.NodeClaim;
import dev.ids.node.Renewal;
import dev.ids.testing.TestDatabase;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * On a database whose clock the lease cannot read (here H2 passing itself off as another product), the
 * application's clock stands in for it, as before the database's clock was used: the lease still works, and its
 * skew is not measured, so a test clock far from the real time does not fence it.
 */
class UnknownDatabaseClockH2Test {

    private static final String TABLE = "ids_unknown_clock_test_" + ProcessHandle.current().pid();
    private static final long START_MILLIS = 1_750_000_000_000L;

    @Test
    void theApplicationsClockStampsExpiriesOnADatabaseWhoseClockTheLeaseCannotRead() throws SQLException {
        DataSource unknown = productNamed("SomeSQL", new TestDataSource(TestDatabase.H2, "unknown-clock"));
        ManualClock clock = ManualClock.atEpochMillis(START_MILLIS);
        JdbcNodeLeaseProvider provider = backgroundRenewal(JdbcNodeLeaseProvider.builder(unknown), false)
                .singleProcess(true)
                .tableName(TABLE).clock(clock)
                .leaseLength(Duration.ofSeconds(30)).build();

        try (JdbcNodeLease lease = (JdbcNodeLease) provider.claim(new NodeClaim("unknown-clock", 0, 0))) {
            assertThat(lease.isHeld()).as("the test clock is over a year from H2's, but that is not measured").isTrue();
            assertThat(lease.clockSkew()).isZero();
            assertThat(expiresAt(unknown)).isEqualTo(START_MILLIS + 30_000);

            clock.advance(Duration.ofSeconds(5));
            assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
            assertThat(expiresAt(unknown)).isEqualTo(START_MILLIS + 35_000);
        }
    }

    private static long expiresAt(DataSource dataSource) throws SQLException {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement("SELECT expires_at FROM " + TABLE
                        + " WHERE namespace = 'unknown-clock' AND node_id = 0");
                ResultSet result = select.executeQuery()) {
            assertThat(result.next()).isTrue();
            return result.getLong(1);
        }
    }

    /** A data source whose connections report the given product name, and are otherwise the target's. */
    private static DataSource productNamed(String product, DataSource target) {
        return proxy(DataSource.class, target, (method, args) -> {
            if (!method.getName().equals("getConnection")) {
                return null;
            }
            Connection connection = (Connection) invoke(target, method, args);
            return proxy(Connection.class, connection, (m, a) -> m.getName().equals("getMetaData")
                    ? proxy(DatabaseMetaData.class, connection.getMetaData(),
                            (meta, none) -> meta.getName().equals("getDatabaseProductName") ? product : null)
                    : null);
        });
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Answers with what {@code answer} gives when that is not null; everything else goes to the target. */
    private static <T> T proxy(Class<T> type, T target, Answer answer) {
        InvocationHandler handler = (p, method, args) -> {
            Object replaced = answer.answer(method, args);
            return replaced != null ? replaced : invoke(target, method, args);
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    @FunctionalInterface
    private interface Answer {
        Object answer(Method method, Object[] args) throws Throwable;
    }
}
