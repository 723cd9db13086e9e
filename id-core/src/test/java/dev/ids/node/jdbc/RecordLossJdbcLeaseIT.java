package dev.ids.node.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.process.ChildJvm;
import dev.ids.node.process.DistinctIds;
import dev.ids.node.process.LeasedIdWriter;
import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33 (3) with separate JVMs: an operator deletes every row of the lease table while one process holds two
 * TraceId node numbers and issues IDs at full speed; a second process then claims the same numbers, finding no row.
 * Before, it started from mark 0 and issued IDs at once while the first went on until its next mark write: 4,800
 * duplicate TraceIds in 261,500. Now the second starts beyond any time the first may still issue IDs for, and every
 * ID of both is distinct.
 */
class RecordLossJdbcLeaseIT {

    /** A table of this run's own, so that builds running side by side on one database server keep apart. */
    private static final String TABLE = "ids_record_loss_it_" + ProcessHandle.current().pid();
    private static final String NAMESPACE = "trace-id.record-loss";
    /** Long enough that the first process keeps its lease throughout: it stops only at its next mark write. */
    private static final long LEASE_MILLIS = 60_000;
    private static final long GRACE_MILLIS = 1_000;
    /**
     * IDs per second per thread: plenty to meet in the same seconds, and files of megabytes, not gigabytes (at full
     * speed, 218 million IDs in one run).
     */
    private static final int RATE = 50_000;
    /** TraceId's low 22 bits: chunk and counter below the node number. */
    private static final int BLOCK_BITS = 22;

    @TempDir
    Path directory;

    @Test
    void rowsDeletedUnderALiveHolderOnAnH2ServerGiveNoDuplicate() throws Exception {
        Server server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
        try {
            deleteRowsUnderALiveHolder("jdbc:h2:tcp://127.0.0.1:" + server.getPort()
                    + "/mem:ids-record-loss;DB_CLOSE_DELAY=-1", "sa", "");
        } finally {
            server.stop();
        }
    }

    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void rowsDeletedUnderALiveHolderOnPostgreSqlGiveNoDuplicate() throws Exception {
        deleteRowsUnderALiveHolder(TestDatabase.POSTGRESQL.url(""), TestDatabase.POSTGRESQL.username(),
                TestDatabase.POSTGRESQL.password());
    }

    private void deleteRowsUnderALiveHolder(String url, String user, String password) throws Exception {
        execute(url, user, password, "DROP TABLE IF EXISTS " + TABLE);
        Path firstIds = directory.resolve("first.ids");
        Path secondIds = directory.resolve("second.ids");
        try (ChildJvm first = ChildJvm.start("first", directory, LeasedIdWriter.class,
                writer(url, user, password, firstIds, 20))) {
            String firstHolds = first.awaitLine("HOLDS", Duration.ofSeconds(60));
            Thread.sleep(2_000); // issuing at full speed, its marks a step ahead

            execute(url, user, password, "DELETE FROM " + TABLE);

            try (ChildJvm second = ChildJvm.start("second", directory, LeasedIdWriter.class,
                    writer(url, user, password, secondIds, 20))) {
                String secondHolds = second.awaitLine("HOLDS", Duration.ofSeconds(60));
                assertThat(identities(secondHolds)).as("the second process holds the first one's numbers, their "
                        + "rows gone").isEqualTo(identities(firstHolds));
                first.awaitSuccess(Duration.ofSeconds(60));
                second.awaitSuccess(Duration.ofSeconds(60));
                assertThat(first.field("DONE", "refused", Duration.ZERO)).as("the first process stopped at its next "
                        + "mark write, refusing from then on").isPositive();
            }
        } finally {
            execute(url, user, password, "DROP TABLE IF EXISTS " + TABLE);
        }

        DistinctIds distinct = new DistinctIds(BLOCK_BITS);
        long[] first = ChildJvm.readIds(firstIds);
        long[] second = ChildJvm.readIds(secondIds);
        for (long id : first) {
            distinct.add(id, "first");
        }
        for (long id : second) {
            distinct.add(id, "second");
        }
        assertThat(first.length).as("IDs of the first process").isGreaterThan(10_000);
        assertThat(second.length).as("IDs of the second process").isGreaterThan(10_000);
        assertThat(distinct.duplicates()).as("duplicates among %d IDs", first.length + second.length).isEmpty();
    }

    private List<String> writer(String url, String user, String password, Path out, int seconds) {
        return List.of("jdbc.url=" + url, "jdbc.user=" + user, "jdbc.password=" + password, "jdbc.table=" + TABLE,
                "lease.ms=" + LEASE_MILLIS, "grace.ms=" + GRACE_MILLIS, "scheme=trace-id", "namespace=" + NAMESPACE,
                "min=1", "max=8", "claims=2", "threads=2", "rate=" + RATE, "out=" + out, "seconds=" + seconds);
    }

    /** The {@code identities=1,2} field of a {@code HOLDS} line. */
    private static String identities(String holdsLine) {
        return holdsLine.replaceAll(".*\\bidentities=(\\S+).*", "$1");
    }

    private static void execute(String url, String user, String password, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, password);
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
