package dev.ids.node.jdbc;

import static dev.ids.node.BuilderSeams.backgroundRenewal;
import static dev.ids.node.sql.TableBuilderSeams.databaseClock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.ManualClock;
import dev.ids.node.LeaseFence;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.ReclaimingNodeLease;
import dev.ids.node.Renewal;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.RecordingListener;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * A lease lost for good over JDBC (the row taken over, deleted, or lapsed while the database was down): the
 * generator is fenced at once, and the same identity is claimed again in the background, without a restart. Also
 * the figures the lease reports for metrics. H2, a manual clock, renewals run by the test.
 */
class ReclaimingJdbcNodeLeaseH2Test {

    private static final String TABLE = "ids_reclaim_lease_test";
    private static final Duration CHECK = Duration.ofMillis(10);

    private final TestDataSource dataSource = new TestDataSource(TestDatabase.H2, getClass().getSimpleName());
    private final ManualClock clock = ManualClock.atEpochMillis(1_750_000_000_000L);
    private final RecordingListener listener = new RecordingListener();
    /** Every lease the provider handed out, in order: the first claim, then each re-claim. */
    private final List<NodeLease> claimed = new CopyOnWriteArrayList<>();
    private final List<NodeLease> toClose = new CopyOnWriteArrayList<>();
    private String namespace;

    private NodeLeaseProvider provider() {
        JdbcNodeLeaseProvider jdbc =
                backgroundRenewal(databaseClock(JdbcNodeLeaseProvider.builder(dataSource), clock), false)
                        .singleProcess(true)
                        .tableName(TABLE).clock(clock)
                        .leaseLength(JdbcNodeLeaseContract.LEASE)
                        .holderId("this-process").build();
        return claim -> {
            NodeLease lease = jdbc.claim(claim);
            claimed.add(lease);
            return lease;
        };
    }

    private ReclaimingNodeLease claim(TestInfo test) {
        namespace = "reclaim." + test.getTestMethod().orElseThrow().getName().substring(0, 20);
        ReclaimingNodeLease lease = ReclaimingNodeLease.claim(provider(), new NodeClaim(namespace, 0, 3), clock,
                CHECK);
        toClose.add(lease);
        // A first claim starts beyond any time a former holder whose row vanished may issue IDs for (the contract
        // tests check where): these tests are about what follows.
        clock.advance(Duration.ofMillis(Math.max(0, lease.highWaterMarkMillis() + 1 - clock.wallTimeMillis())));
        return lease;
    }

    private JdbcNodeLease inner(int index) {
        return (JdbcNodeLease) claimed.get(index);
    }

    private SnoGenerator generator(NodeLease lease) {
        return SnoGenerator.builder().lease(lease).clock(clock).listener(listener).maxWait(Duration.ofSeconds(2))
                .build();
    }

    private int update(String sql, Object... values) throws SQLException {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                statement.setObject(i + 1, values[i]);
            }
            return statement.executeUpdate();
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - end).as("timed out waiting until " + what).isNegative();
            Thread.sleep(5);
        }
    }

    @Test
    void aRowTakenOverFencesAtOnceAndTheSameIdentityIsClaimedAgainOnceFreeAfterTheOtherHoldersMark(TestInfo test)
            throws Exception {
        ReclaimingNodeLease lease = claim(test);
        SnoGenerator generator = generator(lease);
        Sno before = generator.next();
        long identity = lease.identity();

        // Another process takes the row over (as if this one had been paused past the grace) and issues IDs.
        long otherMark = clock.instant().toEpochMilli() + 15_000;
        assertThat(update("UPDATE " + TABLE + " SET holder = 'other', expires_at = ?, high_water_mark = ?"
                + " WHERE namespace = ? AND node_id = ?", clock.instant().toEpochMilli() + 60_000, otherMark,
                namespace, identity)).isEqualTo(1);
        assertThat(inner(0).renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.isHeld()).isFalse();
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("lease is not held");

        // While the other process holds it, re-claims fail (and count as failures); the lease stays fenced.
        await("a failed re-claim", () -> lease.renewalFailureCount() >= 2);
        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.reclaimCount()).isZero();

        update("UPDATE " + TABLE + " SET expires_at = 0 WHERE namespace = ? AND node_id = ?", namespace, identity);
        await("the identity is claimed again", () -> lease.reclaimCount() == 1);
        assertThat(claimed).hasSize(2);
        assertThat(claimed.get(1).identity()).isEqualTo(identity);
        assertThat(lease.highWaterMarkMillis()).isEqualTo(otherMark);
        // The other process may have issued IDs up to its mark: still fenced until the clock passes it.
        assertThat(lease.isHeld()).isFalse();
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class);

        clock.advance(Duration.ofMillis(otherMark - clock.instant().toEpochMilli() + 1));
        assertThat(lease.isHeld()).isTrue();
        Sno after = generator.next();
        assertThat(after.partition()).isEqualTo(before.partition());
        // The other process covered each ID's whole time unit by its mark, so no unit it used ends after the mark.
        assertThat(after.timestamp().toEpochMilli() + Sno.UNIT_MILLIS - 1).isGreaterThan(otherMark);
        assertThat(listener.regressions).isEmpty();

        // The clock then falls back behind the other process's mark: tick-tock must not flip into units that
        // process may have used on either timeline; the lease is not held while the clock stands behind the mark.
        clock.stepWallClock(Duration.ofMillis(otherMark - 100 - clock.instant().toEpochMilli()));
        assertThat(lease.isHeld()).isFalse();
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("lease is not held");
        clock.advance(Duration.ofMillis(101));
        Sno behind = generator.next();
        assertThat(behind.timestamp().toEpochMilli() + Sno.UNIT_MILLIS - 1).isGreaterThan(otherMark);
        assertThat(behind.tickTock()).isEqualTo(after.tickTock());
    }

    /**
     * Issue 33 (3): an operator's DELETE. The row is claimed again at once, but not held until the clock passes
     * any time the former holder (here this very process, in general any process that held the row when it
     * vanished) may have issued IDs for. Before, the re-claimed lease was held at once, from mark 0.
     */
    @Test
    void aDeletedRowIsClaimedAgainAndHeldOnlyOnceTheClockPassesWhereAFormerHolderMayHaveIssuedIds(TestInfo test)
            throws Exception {
        ReclaimingNodeLease lease = claim(test);
        SnoGenerator generator = generator(lease);
        Sno before = generator.next();

        long deletedAt = clock.wallTimeMillis();
        update("DELETE FROM " + TABLE + " WHERE namespace = ?", namespace);
        assertThat(inner(0).renew()).isEqualTo(Renewal.LOST);
        assertThat(inner(0).isHeld()).isFalse();

        await("the identity is claimed again", () -> lease.reclaimCount() == 1);
        assertThat(lease.highWaterMarkMillis()).as("a former holder may have reserved up to a step past its clock")
                .isGreaterThan(deletedAt + LeaseFence.STEP_MILLIS);
        assertThat(lease.isHeld()).isFalse();
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class);

        clock.advance(Duration.ofMillis(lease.highWaterMarkMillis() + 1 - clock.wallTimeMillis()));
        assertThat(lease.isHeld()).isTrue();
        Sno after = generator.next();
        assertThat(after.partition()).isEqualTo(before.partition());
        assertThat(after.timestamp().toEpochMilli()).isGreaterThan(deletedAt + LeaseFence.STEP_MILLIS);
    }

    @Test
    void aLeaseThatLapsedWhileTheDatabaseWasDownIsClaimedAgainWithoutWaitingForTheGrace(TestInfo test)
            throws Exception {
        ReclaimingNodeLease lease = claim(test);
        SnoGenerator generator = generator(lease);
        generator.next();

        dataSource.down(true);
        assertThat(inner(0).renew()).isEqualTo(Renewal.FAILED);
        clock.advance(JdbcNodeLeaseContract.LEASE);
        assertThat(lease.isHeld()).as("past the deadline").isFalse();
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class);
        await("a failed re-claim while the database is down", () -> lease.renewalFailureCount() >= 2);

        dataSource.down(false);
        // The row still names this process's lapsed lease, so releasing it first frees it for the claim at once.
        await("the identity is claimed again", () -> lease.reclaimCount() == 1);
        assertThat(lease.isHeld()).isTrue();
        assertThat(generator.next().partition()).isEqualTo(lease.identity());
    }

    @Test
    void leaseFiguresMoveWithRenewalsFailuresAndTime(TestInfo test) throws Exception {
        namespace = "reclaim.figures";
        JdbcNodeLease lease = (JdbcNodeLease) provider().claim(new NodeClaim(namespace, 0, 3));
        toClose.add(lease);
        assertThat(lease.remaining()).isEqualTo(JdbcNodeLeaseContract.LEASE);
        assertThat(lease.renewalCount()).isZero();
        assertThat(lease.renewalFailureCount()).isZero();

        clock.advance(Duration.ofSeconds(12));
        assertThat(lease.remaining()).isEqualTo(Duration.ofSeconds(18));
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        assertThat(lease.renewalCount()).isEqualTo(1);
        assertThat(lease.remaining()).isEqualTo(JdbcNodeLeaseContract.LEASE);

        dataSource.down(true);
        assertThat(lease.renew()).isEqualTo(Renewal.FAILED);
        assertThat(lease.renewalFailureCount()).isEqualTo(1);
        assertThat(lease.renewalCount()).isEqualTo(1);
        dataSource.down(false);

        clock.advance(JdbcNodeLeaseContract.LEASE);
        assertThat(lease.remaining()).isZero();
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.renewalFailureCount()).isEqualTo(2);
        assertThat(lease.isEnded()).isTrue();
    }

    @Test
    void aRenewalStuckInTheDatabaseBlocksNeitherIsHeldNorClose(TestInfo test) throws Exception {
        namespace = "reclaim.stuck";
        java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean stall = new java.util.concurrent.atomic.AtomicBoolean();
        javax.sql.DataSource stalling = (javax.sql.DataSource) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {javax.sql.DataSource.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getConnection") && stall.compareAndSet(true, false)) {
                        entered.countDown();
                        release.await(); // a database that does not answer
                    }
                    try {
                        return method.invoke(dataSource, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        JdbcNodeLease lease =
                (JdbcNodeLease) backgroundRenewal(databaseClock(JdbcNodeLeaseProvider.builder(stalling), clock), false)
                        .singleProcess(true)
                        .tableName(TABLE).clock(clock)
                        .leaseLength(JdbcNodeLeaseContract.LEASE).build().claim(new NodeClaim(namespace, 0, 3));
        stall.set(true);
        Thread renewal = new Thread(lease::renew, "stuck-renewal");
        renewal.start();
        try {
            entered.await();
            assertThat(lease.isHeld()).isTrue();
            Thread closer = new Thread(lease::close, "closer");
            closer.start();
            closer.join(5_000);
            assertThat(closer.isAlive()).as("close() waits for the stuck renewal").isFalse();
            assertThat(lease.isHeld()).isFalse();
        } finally {
            release.countDown();
            renewal.join(5_000);
        }
        assertThat(lease.isEnded()).isTrue();
        try (NodeLease again = provider().claim(new NodeClaim(namespace, 0, 3))) {
            assertThat(again.identity()).as("the release stands despite the late renewal").isEqualTo(lease.identity());
        }
    }

    @AfterEach
    void closeLeases() throws SQLException {
        toClose.forEach(NodeLease::close);
        if (namespace != null) {
            update("DELETE FROM " + TABLE + " WHERE namespace = ?", namespace);
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        try (Connection connection = new TestDataSource(TestDatabase.H2,
                ReclaimingJdbcNodeLeaseH2Test.class.getSimpleName()).getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + TABLE);
        }
    }
}
