package dev.ids.node.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.ids.node.process.ChildJvm;
import dev.ids.node.process.KillAndRestartScenario;
import dev.ids.node.process.LeasedIdWriter;
import dev.ids.testing.TestDatabase;
import dev.ids.traceid.TraceId;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 5 on a shared database: separate JVMs lease TraceId node numbers from one lease table and generate at full
 * speed while one of them is killed and a new one started; every ID of every process is distinct, the new process
 * takes the killed one's node number only after its lease (and the reclaim grace) ran out, and issues only IDs
 * after the killed one's last.
 */
class MultiProcessJdbcLeaseIT {

    private static final String TABLE = "ids_multijvm_lease_it";
    private static final String NAMESPACE = "trace-id.multijvm";
    private static final long LEASE_MILLIS = 5_000;
    private static final long GRACE_MILLIS = 1_000;

    private static final Instant NOW = Instant.now();

    /** TraceIds stand for whole seconds; below the node number (bit 22 up), up to 4 million IDs per second. */
    private static final KillAndRestartScenario.Scheme TRACE_ID = KillAndRestartScenario.scheme(
            id -> TraceId.fromLong(id).nodeNo(),
            id -> TraceId.fromLong(id).instantNear(NOW).toEpochMilli(),
            id -> TraceId.fromLong(id).instantNear(NOW).toEpochMilli() + 999,
            22);

    @TempDir
    Path directory;

    /** The killed process's lease expiry, read right after the kill. */
    private long expiresAtOfKilled;

    @Test
    void processesSharingAnH2ServerNeverIssueTheSameIdAcrossAKillAndRestart() throws Exception {
        // A TCP server in this JVM, so that the children share one database without any installation.
        Server server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
        try {
            String url = "jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/mem:ids-multijvm;DB_CLOSE_DELAY=-1";
            runScenario(url, "sa", "", false);
        } finally {
            server.stop();
        }
    }

    @Test
    void processesSharingPostgreSqlNeverIssueTheSameIdAcrossAKillAndRestart() throws Exception {
        TestDatabase.POSTGRESQL.assumeReachable();
        runScenario(TestDatabase.POSTGRESQL.url(""), TestDatabase.POSTGRESQL.username(),
                TestDatabase.POSTGRESQL.password(), false);
    }

    /** A process stopped past its lease (a long GC pause, a suspended VM) must not issue IDs when it resumes. */
    @Test
    void aProcessPausedPastItsLeaseRefusesToIssueIdsWhenItResumesBesideItsSuccessor() throws Exception {
        assumeFalse(System.getProperty("os.name").startsWith("Windows"), "pauses with kill -STOP");
        Server server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
        try {
            String url = "jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/mem:ids-multijvm-pause;DB_CLOSE_DELAY=-1";
            runScenario(url, "sa", "", true);
        } finally {
            server.stop();
        }
    }

    private void runScenario(String url, String user, String password, boolean pause) throws Exception {
        dropTable(url, user, password);
        try {
            killAndRestart(url, user, password, pause);
        } finally {
            dropTable(url, user, password);
        }
    }

    private static void dropTable(String url, String user, String password) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, password);
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + TABLE);
        }
    }

    private void killAndRestart(String url, String user, String password, boolean pause) throws Exception {
        KillAndRestartScenario.Store store = new KillAndRestartScenario.Store() {
            @Override
            public List<String> arguments(Path out) {
                return List.of("jdbc.url=" + url, "jdbc.user=" + user, "jdbc.password=" + password,
                        "jdbc.table=" + TABLE, "lease.ms=" + LEASE_MILLIS, "grace.ms=" + GRACE_MILLIS,
                        "scheme=trace-id", "namespace=" + NAMESPACE, "min=1", "max=3", "out=" + out);
            }

            @Override
            public Class<?> mainClass() {
                return LeasedIdWriter.class;
            }

            @Override
            public void afterKill(ChildJvm killed, long identity, long killedAtMillis) throws SQLException {
                Row row = row(url, user, password, identity);
                assertThat(row.holder()).as("the holder of node number " + identity + " right after the kill")
                        .isEqualTo("leased-id-writer/pid " + killed.pid() + "#1");
                assertThat(row.expiresAt())
                        .as("its lease's expiry: the kill came while it held node number " + identity)
                        .isGreaterThan(killedAtMillis);
                expiresAtOfKilled = row.expiresAt();
            }
        };
        KillAndRestartScenario scenario = new KillAndRestartScenario(directory, store, TRACE_ID, 1, 10_000);
        KillAndRestartScenario.Outcome outcome = (pause ? scenario.pausingInsteadOfKilling() : scenario).run();

        assertThat(outcome.restartClaimedAtMillis())
                .as("when the new process held node number %d: only after the killed one's lease expired at %d"
                        + " plus the %d ms grace", outcome.killedIdentity(), expiresAtOfKilled, GRACE_MILLIS)
                .isGreaterThan(expiresAtOfKilled + GRACE_MILLIS);
        Row after = row(url, user, password, outcome.killedIdentity());
        assertThat(after.holder()).as("the holder of node number %d at the end", outcome.killedIdentity())
                .startsWith("leased-id-writer/pid " + outcome.restartPid() + "#");
        assertThat(after.expiresAt()).as("released by the new process's orderly end").isZero();
    }

    private record Row(String holder, long expiresAt) {
    }

    private static Row row(String url, String user, String password, long identity) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, password);
                PreparedStatement select = connection.prepareStatement(
                        "SELECT holder, expires_at FROM " + TABLE + " WHERE namespace = ? AND node_id = ?")) {
            select.setString(1, NAMESPACE);
            select.setLong(2, identity);
            try (ResultSet result = select.executeQuery()) {
                assertThat(result.next()).as("a lease row for node number " + identity).isTrue();
                return new Row(result.getString(1), result.getLong(2));
            }
        }
    }
}
