package dev.ids.node.jdbc;

import static dev.ids.node.BuilderSeams.backgroundRenewal;
import static dev.ids.node.sql.TableBuilderSeams.databaseClock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.clock.ManualClock;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.ReclaimingNodeLease;
import dev.ids.testing.PlainDataSource;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A lease's own mark write that reaches the database late, as after a hung connection comes back (issue 13, item 4):
 * it must neither alter the row once the lease released it, nor, having landed before the release, pass for another
 * process's mark when the identity is claimed again. H2, a manual clock, renewals run by the test.
 */
class LateMarkWriteH2Test {

    private static final String TABLE = "ids_late_mark_test";

    private final TestDataSource database = new TestDataSource(TestDatabase.H2, getClass().getSimpleName());
    private final HeldDataSource dataSource = new HeldDataSource(database);
    private final ManualClock clock = ManualClock.atEpochMillis(1_750_000_000_000L);
    private final String namespace = "late-mark-" + System.nanoTime();
    private NodeLease toClose;

    private JdbcNodeLeaseProvider provider() {
        return backgroundRenewal(databaseClock(JdbcNodeLeaseProvider.builder(dataSource), clock), false)
                .singleProcess(true)
                .tableName(TABLE).clock(clock)
                .leaseLength(JdbcNodeLeaseContract.LEASE).holderId("this-process").build();
    }

    @AfterEach
    void closeLease() {
        dataSource.release();
        if (toClose != null) {
            toClose.close();
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        try (Connection connection = new TestDataSource(TestDatabase.H2, LateMarkWriteH2Test.class.getSimpleName())
                .getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + TABLE);
        }
    }

    @Test
    void aMarkWriteThatReachesTheDatabaseAfterTheReleaseChangesNothingAndFails() throws Exception {
        JdbcNodeLease lease = (JdbcNodeLease) provider().claim(new NodeClaim(namespace, 0, 3));
        toClose = lease;
        long start = lease.highWaterMarkMillis(); // a claim without a mark records where it starts
        long target = clock.instant().toEpochMilli() + 60_000; // beyond it

        // The write passes the held check, then waits for its connection while the lease is closed.
        dataSource.holdNext();
        CompletableFuture<Void> write = CompletableFuture.runAsync(() -> lease.advanceHighWaterMark(target));
        assertThat(dataSource.awaitHeld()).as("the write waits for its connection").isTrue();
        lease.close();
        assertThat(storedMark(lease.identity())).isEqualTo(start);
        dataSource.release();

        assertThatThrownBy(() -> write.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(IllegalStateException.class)
                .hasMessageContaining("its row was released");
        assertThat(storedMark(lease.identity())).as("the released row's mark, which a re-claim reads as final")
                .isEqualTo(start);
        assertThat(lease.highWaterMarkMillis()).isEqualTo(start);
    }

    @Test
    void aClosedLeaseReportsTheMarkStoredBeforeItsReleaseAlsoWhenTheWritesAnswerWasLost() throws Exception {
        JdbcNodeLease lease = (JdbcNodeLease) provider().claim(new NodeClaim(namespace, 0, 3));
        toClose = lease;
        long landed = clock.instant().toEpochMilli() + 60_000; // beyond where a claim without a mark starts
        writeMark(lease, landed);
        assertThat(lease.highWaterMarkMillis()).as("the lease never heard of it").isLessThan(landed);

        lease.close();

        assertThat(lease.highWaterMarkMillis()).isEqualTo(landed);
    }

    @Test
    void aReclaimingLeaseDoesNotTakeItsOwnLateMarkForAnotherProcesssMark() throws Exception {
        ReclaimingNodeLease lease = ReclaimingNodeLease.claim(provider(), new NodeClaim(namespace, 0, 3), clock,
                Duration.ofMillis(10));
        toClose = lease;
        // This lease's own mark write landed, far ahead, but its answer never came back (the connection hung).
        long landed = clock.instant().toEpochMilli() + 60_000;
        try (Connection connection = database.getConnection(); PreparedStatement update = connection.prepareStatement(
                "UPDATE " + TABLE + " SET high_water_mark = ? WHERE namespace = ? AND node_id = ?")) {
            update.setLong(1, landed);
            update.setString(2, namespace);
            update.setLong(3, lease.identity());
            assertThat(update.executeUpdate()).isEqualTo(1);
        }

        clock.advance(JdbcNodeLeaseContract.LEASE); // not renewed: the lease ends and is claimed again
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (lease.reclaimCount() == 0 && System.nanoTime() < end) {
            Thread.sleep(5);
        }

        assertThat(lease.reclaimCount()).isEqualTo(1);
        assertThat(lease.highWaterMarkMillis()).isEqualTo(landed);
        assertThat(lease.isHeld()).as("held at once: no other process held the identity, so its generators need"
                + " not wait until the clock passes the mark " + landed).isTrue();
    }

    private void writeMark(JdbcNodeLease lease, long mark) throws SQLException {
        try (Connection connection = database.getConnection(); PreparedStatement update = connection.prepareStatement(
                "UPDATE " + TABLE + " SET high_water_mark = ? WHERE namespace = ? AND node_id = ? AND holder = ?")) {
            update.setLong(1, mark);
            update.setString(2, namespace);
            update.setLong(3, lease.identity());
            update.setString(4, lease.holder());
            assertThat(update.executeUpdate()).isEqualTo(1);
        }
    }

    private long storedMark(long identity) throws SQLException {
        try (Connection connection = database.getConnection(); PreparedStatement select = connection.prepareStatement(
                "SELECT high_water_mark FROM " + TABLE + " WHERE namespace = ? AND node_id = ?")) {
            select.setString(1, namespace);
            select.setLong(2, identity);
            try (ResultSet result = select.executeQuery()) {
                assertThat(result.next()).isTrue();
                return result.getLong(1);
            }
        }
    }

    /** A data source that can hold the next connection back until released, as a hung network would. */
    private static final class HeldDataSource implements PlainDataSource {

        private final TestDataSource target;
        private volatile CountDownLatch held = new CountDownLatch(0);
        private volatile CountDownLatch arrived = new CountDownLatch(0);
        private volatile boolean holdNext;

        HeldDataSource(TestDataSource target) {
            this.target = target;
        }

        void holdNext() {
            held = new CountDownLatch(1);
            arrived = new CountDownLatch(1);
            holdNext = true;
        }

        boolean awaitHeld() throws InterruptedException {
            return arrived.await(10, TimeUnit.SECONDS);
        }

        void release() {
            held.countDown();
        }

        @Override
        public Connection getConnection() throws SQLException {
            CountDownLatch wait = null;
            synchronized (this) {
                if (holdNext) {
                    holdNext = false;
                    wait = held;
                }
            }
            if (wait != null) {
                arrived.countDown();
                try {
                    wait.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new SQLException("interrupted while held", e);
                }
            }
            return target.getConnection();
        }
    }
}
