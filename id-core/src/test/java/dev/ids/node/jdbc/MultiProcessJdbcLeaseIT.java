package dev.ids.node.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.process.ChildJvm;
import dev.ids.node.process.KillAndRestartScenario;
import dev.ids.node.process.KillAndRestartScenario.Handover;
import dev.ids.node.process.KillAndRestartScenario.Interruption;
import dev.ids.node.process.LeasedIdWriter;
import dev.ids.testing.RequiresDatabase;
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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 5 on a shared database: separate JVMs lease TraceId node numbers from one lease table and generate at full
 * speed while one of them is killed (and, on H2, another paused past its lease) and new ones started; every ID of
 * every process is distinct, a new process takes an interrupted one's node number only after its lease (and the
 * reclaim grace) ran out and issues only IDs after the interrupted one's last, and a paused process refuses IDs
 * once it resumes.
 */
class MultiProcessJdbcLeaseIT {

    /** A table of this run's own, so that builds running side by side on one database server keep apart. */
    private static final String TABLE = "ids_multijvm_lease_it_" + ProcessHandle.current().pid();
    private static final String NAMESPACE = "trace-id.multijvm";
    private static final long LEASE_MILLIS = 5_000;
    private static final long GRACE_MILLIS = 1_000;
    private static final String HOLDER = "leased-id-writer/pid ";

    private static final Instant NOW = Instant.now();

    /** TraceIds stand for whole seconds; below the node number (bit 22 up), up to 4 million IDs per second. */
    private static final KillAndRestartScenario.Scheme TRACE_ID = new KillAndRestartScenario.Scheme(
            id -> TraceId.fromLong(id).nodeNo(),
            id -> TraceId.fromLong(id).timestampNear(NOW).toEpochMilli(),
            id -> TraceId.fromLong(id).timestampNear(NOW).toEpochMilli() + 999,
            22);

    @TempDir
    Path directory;

    /** The interrupted processes' lease expiries by node number, read right after the interruption. */
    private final Map<Long, Long> expiryOfInterrupted = new ConcurrentHashMap<>();

    @Test
    void processesSharingAnH2ServerNeverIssueTheSameIdWhenOneIsKilledAndAnotherPausedPastItsLease()
            throws Exception {
        // A TCP server in this JVM, so that the children share one database without any installation.
        Server server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
        try {
            String url = "jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/mem:ids-multijvm;DB_CLOSE_DELAY=-1";
            boolean canPause = !System.getProperty("os.name").startsWith("Windows"); // kill -STOP
            runScenario(url, "sa", "", canPause ? new Interruption[] {Interruption.KILL, Interruption.PAUSE}
                    : new Interruption[] {Interruption.KILL});
        } finally {
            server.stop();
        }
    }

    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void processesSharingPostgreSqlNeverIssueTheSameIdWhenOneIsKilledAndRestarted() throws Exception {
        runScenario(TestDatabase.POSTGRESQL.url(""), TestDatabase.POSTGRESQL.username(),
                TestDatabase.POSTGRESQL.password(), Interruption.KILL);
    }

    private void runScenario(String url, String user, String password, Interruption... interruptions)
            throws Exception {
        dropTable(url, user, password);
        try {
            interruptAndRestart(url, user, password, interruptions);
        } finally {
            dropTable(url, user, password);
        }
    }

    private void interruptAndRestart(String url, String user, String password, Interruption... interruptions)
            throws Exception {
        int processes = interruptions.length + 2;
        KillAndRestartScenario.Store store = new KillAndRestartScenario.Store() {
            @Override
            public List<String> arguments(Path out) {
                return List.of("jdbc.url=" + url, "jdbc.user=" + user, "jdbc.password=" + password,
                        "jdbc.table=" + TABLE, "lease.ms=" + LEASE_MILLIS, "grace.ms=" + GRACE_MILLIS,
                        "scheme=trace-id", "namespace=" + NAMESPACE, "min=1", "max=" + processes, "out=" + out);
            }

            @Override
            public Class<?> mainClass() {
                return LeasedIdWriter.class;
            }

            @Override
            public void afterInterruption(ChildJvm child, long identity, long atMillis) throws SQLException {
                Row row = row(url, user, password, identity);
                assertThat(row.holder()).as("the holder of node number %d right after %s's interruption", identity,
                        child.name()).isEqualTo(HOLDER + child.pid() + "#1");
                assertThat(row.expiresAt()).as("its lease's expiry: %s was interrupted while it held node number %d",
                        child.name(), identity).isGreaterThan(atMillis);
                expiryOfInterrupted.put(identity, row.expiresAt());
            }

            @Override
            public void afterResumedEnded(ChildJvm resumed, long identity, ChildJvm successor) throws SQLException {
                Row row = row(url, user, password, identity);
                assertThat(row.holder()).as("the holder of node number %d once %s, resumed, ended", identity,
                        resumed.name()).startsWith(HOLDER + successor.pid() + "#");
                assertThat(row.expiresAt()).as("its expiry: %s's end did not release %s's lease", resumed.name(),
                        successor.name()).isGreaterThan(System.currentTimeMillis());
            }
        };
        List<Handover> handovers = new KillAndRestartScenario(directory, store, TRACE_ID, 1, 10_000, interruptions)
                .run();

        for (Handover handover : handovers) {
            long expiry = expiryOfInterrupted.get(handover.identity());
            assertThat(handover.claimedAtMillis())
                    .as("when %s held node number %d: only after the lease of %s expired at %d plus the %d ms grace",
                            handover.successor(), handover.identity(), handover.interrupted(), expiry, GRACE_MILLIS)
                    .isGreaterThan(expiry + GRACE_MILLIS);
            Row after = row(url, user, password, handover.identity());
            assertThat(after.holder()).as("the holder of node number %d at the end", handover.identity())
                    .startsWith(HOLDER + handover.successorPid() + "#");
            assertThat(after.expiresAt()).as("released by the orderly end of %s", handover.successor()).isZero();
        }
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

    private static void dropTable(String url, String user, String password) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, password);
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + TABLE);
        }
    }
}
