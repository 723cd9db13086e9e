package dev.ids.node.jdbc;

import static dev.ids.node.BuilderSeams.backgroundRenewal;
import static dev.ids.node.sql.TableBuilderSeams.databaseClock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.clock.IdClock;
import dev.ids.clock.ManualClock;
import dev.ids.node.LeaseFence;
import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.Renewal;
import dev.ids.node.sql.LeaseRow;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.TestDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour of {@link JdbcNodeLeaseProvider} on one database; a subclass per database runs it. Each test uses
 * a namespace of its own in a table of these tests only, and deletes its rows afterwards (the databases are
 * shared).
 */
abstract class JdbcNodeLeaseContract {

    /** Tables of this test JVM's own: builds side by side on one database server must not drop each other's. */
    static final String TABLE = "ids_jdbc_lease_test_" + ProcessHandle.current().pid();
    static final String DDL_TABLE = "ids_jdbc_lease_ddl_test_" + ProcessHandle.current().pid();
    /** The lease length of these tests, set explicitly so that the figures below do not follow the default. */
    static final Duration LEASE = Duration.ofSeconds(30);
    static final Duration GRACE = JdbcNodeLeaseProvider.DEFAULT_RECLAIM_GRACE;
    static final long START_MILLIS = 1_750_000_000_000L;
    /**
     * A time for the marks these tests write: a minute after the start, beyond where a claim that finds no mark
     * starts (docs/LEASES.md, "A record that is lost"), so that a write of it is a real write.
     */
    static final long MARK = START_MILLIS + 60_000;

    private final ConcurrentLinkedQueue<NodeLease> opened = new ConcurrentLinkedQueue<>();
    TestDataSource dataSource;
    ManualClock clock;
    String namespace;

    abstract TestDatabase database();

    @BeforeEach
    void setUp() {
        dataSource = new TestDataSource(database(), getClass().getSimpleName());
        clock = ManualClock.atEpochMillis(START_MILLIS);
        namespace = "jdbc-test-" + UUID.randomUUID().toString().substring(0, 13);
    }

    @AfterEach
    void cleanUp() throws SQLException {
        if (dataSource == null) {
            return;
        }
        dataSource.down(false);
        opened.forEach(NodeLease::close);
        execute("DELETE FROM " + TABLE + " WHERE namespace = '" + namespace + "'", true);
    }

    /** Drops the test tables on the shared databases (the H2 database goes with the JVM). */
    static void dropTables(TestDatabase database, Class<?> scope) throws SQLException {
        try (Connection connection = new TestDataSource(database, scope.getSimpleName()).getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + TABLE);
            statement.execute("DROP TABLE IF EXISTS " + DDL_TABLE);
        }
    }

    JdbcNodeLeaseProvider.Builder providerBuilder(String holder) {
        return backgroundRenewal(databaseClock(JdbcNodeLeaseProvider.builder(dataSource), clock), false)
                .singleProcess(true)
                .tableName(TABLE).holderId(holder).clock(clock)
                .leaseLength(LEASE);
    }

    JdbcNodeLeaseProvider provider(String holder) {
        return providerBuilder(holder).build();
    }

    NodeClaim claim(long min, long max) {
        return new NodeClaim(namespace, min, max);
    }

    JdbcNodeLease claim(JdbcNodeLeaseProvider provider, long max) {
        JdbcNodeLease lease = (JdbcNodeLease) provider.claim(claim(0, max));
        opened.add(lease);
        return lease;
    }

    @Test
    void rowsListEveryIdentityOfTheNamespaceWithItsHolderExpiryAndMarkAndNothingElse() throws SQLException {
        JdbcNodeLeaseProvider first = provider("first");
        JdbcNodeLeaseProvider second = provider("second");
        JdbcNodeLease a = claim(first, 1);
        JdbcNodeLease b = claim(second, 1);
        a.advanceHighWaterMark(MARK + 7_000);
        b.close();
        JdbcNodeLeaseProvider elsewhere = provider("elsewhere");
        NodeLease other = elsewhere.claim(new NodeClaim(namespace + "-other", 0, 0));

        List<LeaseRow> rows = first.rows(namespace);

        assertThat(rows).extracting(LeaseRow::namespace).containsOnly(namespace);
        assertThat(rows).extracting(LeaseRow::identity).containsExactly(a.identity(),
                b.identity());
        assertThat(rows.get(0).holder()).isEqualTo("first#1");
        assertThat(rows.get(0).expiresAtMillis()).isEqualTo(START_MILLIS + LEASE.toMillis());
        assertThat(rows.get(0).highWaterMarkMillis()).isEqualTo(MARK + 7_000);
        assertThat(rows.get(1).holder()).isEqualTo("second#1");
        assertThat(rows.get(1).expiresAtMillis()).as("released").isZero();
        assertThat(first.rows(namespace + "-none")).isEmpty();
        other.close();
        execute("DELETE FROM " + TABLE + " WHERE namespace = '" + namespace + "-other'", true);
    }

    @Test
    void anOrderlyCloseLowersTheMarkToTheLatestIssuedTimeButNeverBelowTheStartMark() {
        JdbcNodeLease first = claim(provider("first"), 0);
        first.advanceHighWaterMark(MARK + 10_000);
        first.close();

        JdbcNodeLease second = claim(provider("second"), 0);
        assertThat(second.highWaterMarkMillis()).as("no generator registered: kept").isEqualTo(MARK + 10_000);
        second.lowerMarkOnClose(() -> MARK + 5_000); // below the mark it started from
        second.advanceHighWaterMark(MARK + 20_000);
        second.close();

        JdbcNodeLease third = claim(provider("third"), 0);
        assertThat(third.highWaterMarkMillis()).isEqualTo(MARK + 10_000);
        third.lowerMarkOnClose(() -> MARK + 15_000);
        third.advanceHighWaterMark(MARK + 25_000);
        third.close();

        JdbcNodeLease fourth = claim(provider("fourth"), 0);
        assertThat(fourth.highWaterMarkMillis()).isEqualTo(MARK + 15_000);
        fourth.lowerMarkOnClose(() -> MARK);
        fourth.advanceHighWaterMark(MARK + 16_000);
        assertThat(fourth.isHeld()).isTrue();
        // The lease lapses (no renewal): a close must not lower a mark it may no longer own.
        clock.advance(LEASE);
        fourth.close();
        assertThat(claim(provider("fifth"), 0).highWaterMarkMillis()).isEqualTo(MARK + 16_000);
    }

    @Test
    void twentyConcurrentClaimantsGetTwentyDistinctIdentitiesOfTheRange() throws Exception {
        // Not the twenty lowest: claimants that lose the lowest free identity spread over the range, so that a fleet
        // claims in linear time (see aFleetOfClaimantsStartingTogetherNeedsALinearNumberOfAttempts).
        // Without the table, the claimants also race to create it (PostgreSQL can fail one of two such CREATEs).
        execute("DROP TABLE IF EXISTS " + TABLE, false);
        int claimants = 20;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(claimants);
        try {
            List<Future<Long>> identities = new ArrayList<>();
            for (int i = 0; i < claimants; i++) {
                JdbcNodeLeaseProvider provider = provider("claimant-" + i);
                identities.add(threads.submit(() -> {
                    start.await();
                    return claim(provider, 63).identity();
                }));
            }
            start.countDown();
            Set<Long> claimed = new TreeSet<>();
            for (Future<Long> identity : identities) {
                claimed.add(identity.get(30, TimeUnit.SECONDS));
            }
            assertThat(claimed).hasSize(claimants).allSatisfy(identity -> assertThat(identity).isBetween(0L, 63L));
            assertThat(rowCount()).isEqualTo(claimants);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aFleetOfClaimantsStartingTogetherNeedsALinearNumberOfAttempts() throws Exception {
        // Each claimant a process of its own (provider, holder id); all share a pool, as a shared server's connection
        // limit would make them. As in a fleet's roll-out, every claimant reads the range before any of them writes.
        // Claims that all moved on to the next-lowest identity after a lost race made n(n+1)/2 attempts (45,150).
        int claimants = 300;
        List<NodeLease> leases = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(claimants);
        try (CountingPool pool = new CountingPool(dataSource, 10)) {
            List<JdbcNodeLeaseProvider> providers = new ArrayList<>();
            for (int i = 0; i < claimants; i++) {
                providers.add(backgroundRenewal(databaseClock(JdbcNodeLeaseProvider.builder(pool), clock), false)
                        .singleProcess(true)
                        .tableName(TABLE).holderId("fleet-" + i).clock(clock)
                        .leaseLength(LEASE).build());
            }
            pool.holdAfter(providers.get(0).selectRangeSql, claimants);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<NodeLease>> claims = new ArrayList<>();
            for (JdbcNodeLeaseProvider provider : providers) {
                claims.add(threads.submit(() -> {
                    start.await();
                    return provider.claim(claim(0, 65535));
                }));
            }
            start.countDown();
            try {
                for (Future<NodeLease> claim : claims) {
                    leases.add(claim.get(120, TimeUnit.SECONDS));
                }
                Set<Long> identities = leases.stream().map(NodeLease::identity).collect(Collectors.toSet());
                assertThat(identities).hasSize(claimants);
                assertThat(rowCount()).isEqualTo(claimants);
                JdbcNodeLeaseProvider any = providers.get(0);
                long attempts = pool.preparedCount(any.insertSql) + pool.preparedCount(any.takeOverSql);
                assertThat(attempts).as("inserts and take-overs tried").isBetween((long) claimants, 3L * claimants);
            } finally {
                leases.forEach(NodeLease::close);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void claimantSixtyFiveOfASixtyFourIdentityRangeGetsAClearNoFreeIdentityError() {
        JdbcNodeLeaseProvider provider = provider("full");
        for (int i = 0; i < 64; i++) {
            assertThat(claim(provider, 63).identity()).isEqualTo(i);
        }
        assertThatThrownBy(() -> claim(provider("claimant-65"), 63))
                .isInstanceOf(NoFreeNodeIdentityException.class)
                .hasMessageContaining("No free node identity in namespace '" + namespace + "'")
                .hasMessageContaining("all of 0 to 63 are held")
                .hasMessageContaining("table " + TABLE + " has 64 live leases")
                .hasMessageContaining("claimable at");
    }

    @Test
    void claimsStartAtTheLowEndOfTheRangeAndStayWithinIt() {
        JdbcNodeLeaseProvider provider = provider("range");
        NodeClaim claim = claim(1000, 1001);
        List<Long> identities = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            NodeLease lease = provider.claim(claim);
            opened.add(lease);
            identities.add(lease.identity());
        }
        assertThat(identities).containsExactly(1000L, 1001L);
        assertThatThrownBy(() -> provider.claim(claim)).isInstanceOf(NoFreeNodeIdentityException.class);
    }

    @Test
    void closeReleasesTheIdentitySoAnotherProcessClaimsItAtOnce() {
        JdbcNodeLease first = claim(provider("first"), 63);
        JdbcNodeLease second = claim(provider("second"), 63);
        assertThat(first.identity()).isZero();
        assertThat(second.identity()).isOne();

        first.close();

        assertThat(first.isHeld()).isFalse();
        assertThat(claim(provider("third"), 63).identity()).isZero();
        first.close(); // idempotent: the third holder's row stays its own
        assertThat(claim(provider("fourth"), 63).identity()).isEqualTo(2);
    }

    @Test
    void anExpiredLeaseIsReclaimableOnlyAfterTheGrace() {
        JdbcNodeLease first = claim(provider("first"), 63);
        JdbcNodeLeaseProvider other = provider("other");

        clock.advance(LEASE.plusMillis(1));
        assertThat(first.isHeld()).isFalse();
        assertThat(claim(other, 63).identity()).as("expired, but within the grace").isOne();

        clock.advance(GRACE.minusMillis(1)); // exactly lease + grace after the claim
        assertThat(claim(other, 63).identity()).as("at the end of the grace").isEqualTo(2);

        clock.advance(Duration.ofMillis(1));
        assertThat(claim(other, 63).identity()).as("past the grace").isZero();
        assertThat(first.renew()).isEqualTo(Renewal.LOST);
    }

    /**
     * Two providers configured with one holder id (two instances given the same name, or one restarted under it
     * while its former run is only paused) each number their leases from 1: the successor's lease must not pass for
     * the paused holder's when it resumes, or both issue IDs on one identity.
     */
    @Test
    void aPausedHolderDoesNotPassForASuccessorConfiguredWithTheSameHolderId() {
        JdbcNodeLease paused = claim(provider("same-name"), 0);
        clock.advance(LEASE.plus(GRACE).plusMillis(1));
        JdbcNodeLease successor = claim(provider("same-name"), 0);
        assertThat(successor.identity()).isZero();

        assertThat(paused.renew()).as("the paused holder's renewal once it resumes").isEqualTo(Renewal.LOST);
        assertThat(paused.isHeld()).isFalse();
        assertThatThrownBy(() -> paused.advanceHighWaterMark(MARK)).isInstanceOf(IllegalStateException.class);
        assertThat(successor.renew()).isEqualTo(Renewal.RENEWED);
    }

    @Test
    void aRenewalThatFindsAnotherHolderMarksTheLeaseLostAtOnce() throws SQLException {
        JdbcNodeLease lease = claim(provider("victim"), 63);
        execute("UPDATE " + TABLE + " SET holder = 'intruder' WHERE namespace = '" + namespace + "'", false);

        assertThat(lease.isHeld()).as("held until it learns otherwise").isTrue();
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.lossReason()).contains("another process");
        assertThatThrownBy(() -> lease.advanceHighWaterMark(MARK))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no longer held (another process holds the identity now)")
                .hasMessageContaining("claim a node identity again");

        lease.close(); // must not release the intruder's row
        assertThat(holderOf(0)).isEqualTo("intruder");
    }

    @Test
    void aHolderWhoseRowWasDeletedIsFencedAtItsNextRenewalAndSaysWhy() throws SQLException {
        JdbcNodeLease lease = claim(provider("deleted"), 63);
        lease.advanceHighWaterMark(START_MILLIS + 60_000);
        execute("DELETE FROM " + TABLE + " WHERE namespace = '" + namespace + "'", false);

        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.lossReason()).contains("its row is gone from table " + TABLE)
                .contains("must never be deleted");
        assertThatThrownBy(() -> lease.advanceHighWaterMark(START_MILLIS + 120_000))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no longer held (its row is gone");
    }

    @Test
    void aHolderWhoseRowWasReleasedBehindItsBackIsFencedAtItsNextRenewalOrMarkWrite() throws SQLException {
        JdbcNodeLease renewing = claim(provider("released"), 62);
        JdbcNodeLease writing = claim(provider("released"), 63);
        // Released by hand while held: any claimant may take the identities at once.
        execute("UPDATE " + TABLE + " SET expires_at = 0 WHERE namespace = '" + namespace + "'", false);

        assertThat(renewing.renew()).isEqualTo(Renewal.LOST);
        assertThat(renewing.isHeld()).isFalse();
        assertThat(renewing.lossReason()).contains("its row was released");
        assertThatThrownBy(() -> writing.advanceHighWaterMark(START_MILLIS + 60_000))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no longer held (its row was released");
        assertThat(writing.isHeld()).isFalse();
    }

    @Test
    void aHolderWhoseRowWasDeletedIsFencedAtItsNextMarkWrite() throws SQLException {
        JdbcNodeLease lease = claim(provider("deleted"), 63);
        execute("DELETE FROM " + TABLE + " WHERE namespace = '" + namespace + "'", false);

        assertThatThrownBy(() -> lease.advanceHighWaterMark(START_MILLIS + 60_000))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no longer held (its row is gone from table " + TABLE);
        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(rowCount()).as("nothing written back").isZero();
    }

    /**
     * Issue 33 (3): a claim that finds no row, after an operator deleted it under a live holder, starts beyond any
     * time that holder may still issue IDs for: beyond the last mark it wrote, one step past its own clock, which
     * runs as far ahead of the database's as the grace allows while it is still held. Before, it started from 0.
     */
    @Test
    void aClaimAfterTheRowsWereDeletedUnderALiveHolderStartsBeyondEveryMarkThatHolderCouldHaveWritten()
            throws SQLException {
        ManualClock aheadByTheGrace = ManualClock.atEpochMillis(START_MILLIS + GRACE.toMillis());
        JdbcNodeLease live = claim(providerBuilder("live").clock(aheadByTheGrace).build(), 63);
        assertThat(live.isHeld()).as("within the grace: held").isTrue();
        long issuedUpTo = aheadByTheGrace.wallTimeMillis() + LeaseFence.STEP_MILLIS;
        live.advanceHighWaterMark(issuedUpTo); // as its fence does for an ID of its clock's time
        execute("DELETE FROM " + TABLE + " WHERE namespace = '" + namespace + "'", false);

        ManualClock behindByTheGrace = ManualClock.atEpochMillis(START_MILLIS - GRACE.toMillis());
        JdbcNodeLease next = claim(providerBuilder("next").clock(behindByTheGrace).build(), 63);

        assertThat(next.identity()).as("the same identity, its row gone").isEqualTo(live.identity());
        assertThat(next.isHeld()).isTrue();
        assertThat(next.highWaterMarkMillis()).as("where the next holder starts: after the live holder's IDs")
                .isGreaterThanOrEqualTo(issuedUpTo);
        assertThat(storedHighWaterMark(0)).as("the floor, recorded for the claims after this one")
                .isEqualTo(next.highWaterMarkMillis());
        assertThatThrownBy(() -> live.advanceHighWaterMark(issuedUpTo + 1))
                .as("the live holder stops at its next mark write, as before")
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aClaimantWhoseClockRunsAMinuteAheadCannotTakeALiveIdentity() {
        JdbcNodeLease holder = claim(provider("holder"), 0);
        ManualClock fastClock = ManualClock.atEpochMillis(START_MILLIS + 60_000);
        JdbcNodeLeaseProvider fast = providerBuilder("fast").clock(fastClock).build();

        clock.advance(Duration.ofSeconds(5));
        fastClock.advance(Duration.ofSeconds(5));
        assertThat(holder.renew()).isEqualTo(Renewal.RENEWED);
        assertThatThrownBy(() -> claim(fast, 0)).isInstanceOf(NoFreeNodeIdentityException.class);

        assertThat(holder.renew()).as("still its row").isEqualTo(Renewal.RENEWED);
        assertThat(holder.isHeld()).isTrue();
        assertThat(holder.clockSkew()).as("the holder's clock agrees with the database's").isZero();
    }

    @Test
    void expiryIsStampedWithTheDatabaseServersOwnClock() throws SQLException {
        // No test clock stands in for the database's here: the dialect's own expression of the time is read.
        IdClock system = IdClock.system();
        IdClock minuteAhead = new IdClock() {
            @Override
            public long wallTimeMicros() {
                return system.wallTimeMicros() + 60_000_000L;
            }

            @Override
            public long monotonicNanos() {
                return system.monotonicNanos();
            }
        };
        JdbcNodeLeaseProvider.Builder builder = backgroundRenewal(JdbcNodeLeaseProvider.builder(dataSource), false)
                .singleProcess(true)
                .tableName(TABLE)
                .leaseLength(LEASE);
        long before = System.currentTimeMillis();
        JdbcNodeLease holder = claim(builder.holderId("system-clock").build(), 0);
        JdbcNodeLeaseProvider fast = builder.holderId("minute-ahead").clock(minuteAhead).build();
        assertThatThrownBy(() -> claim(fast, 0)).isInstanceOf(NoFreeNodeIdentityException.class);
        JdbcNodeLease fenced = claim(fast, 1);
        long after = System.currentTimeMillis();

        // The servers run on this machine, so their clocks agree with this JVM's.
        assertThat(holder.clockSkew().abs()).isLessThan(Duration.ofSeconds(2));
        assertThat(holder.isHeld()).isTrue();
        assertThat(fenced.identity()).isOne();
        assertThat(fenced.clockSkew().minusMinutes(1).abs()).isLessThan(Duration.ofSeconds(2));
        assertThat(fenced.isHeld()).isFalse();
        for (long identity : new long[] {0, 1}) {
            assertThat(expiresAt(identity)).as("identity %d", identity)
                    .isBetween(before + LEASE.toMillis() - 2_000, after + LEASE.toMillis() + 2_000);
        }
    }

    private long expiresAt(long identity) throws SQLException {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement("SELECT expires_at FROM " + TABLE
                        + " WHERE namespace = ? AND node_id = ?")) {
            select.setString(1, namespace);
            select.setLong(2, identity);
            try (ResultSet result = select.executeQuery()) {
                assertThat(result.next()).isTrue();
                return result.getLong(1);
            }
        }
    }

    @Test
    void aHolderWhoseClockStepsBackHalfAMinuteKeepsItsIdentityAndIsFencedUntilTheClockIsCorrected() {
        ManualClock holderClock = ManualClock.atEpochMillis(START_MILLIS);
        JdbcNodeLease holder = claim(providerBuilder("holder").clock(holderClock).build(), 0);
        JdbcNodeLeaseProvider other = provider("other");

        holderClock.stepWallClock(Duration.ofSeconds(-30));
        // Each claim comes just after the grace has passed since the last renewal, before the next one is due.
        Duration step = JdbcNodeLeaseContract.GRACE.plusMillis(1);
        for (int i = 0; i < 4; i++) {
            clock.advance(step);
            holderClock.advance(step);
            assertThatThrownBy(() -> claim(other, 0)).as("claim %d", i)
                    .isInstanceOf(NoFreeNodeIdentityException.class);
            assertThat(holder.renew()).as("renewal %d", i).isEqualTo(Renewal.RENEWED);
        }
        assertThat(holder.isEnded()).as("its lease is kept").isFalse();
        assertThat(holder.clockSkew()).isEqualTo(Duration.ofSeconds(-30));
        assertThat(holder.isHeld()).as("but fenced while its clock is further from the database's than the grace")
                .isFalse();

        holderClock.stepWallClock(Duration.ofSeconds(30)); // NTP corrects the clock
        assertThat(holder.renew()).isEqualTo(Renewal.RENEWED);
        assertThat(holder.isHeld()).isTrue();
        assertThat(holder.skewFence()).isNull();
    }

    @Test
    void aLeaseWhoseClockIsFurtherFromTheDatabasesThanTheGraceIsFencedAndSaysWhy() {
        ManualClock ahead = ManualClock.atEpochMillis(START_MILLIS + GRACE.toMillis() + 1_000);
        JdbcNodeLease lease = claim(providerBuilder("ahead").clock(ahead).build(), 63);

        assertThat(lease.clockSkew()).isEqualTo(GRACE.plusSeconds(1));
        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.isEnded()).as("fenced, not lost").isFalse();
        assertThat(lease.remaining()).isZero();
        assertThatThrownBy(() -> lease.advanceHighWaterMark(START_MILLIS + 60_000))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("this application's wall clock (" + Instant.ofEpochMilli(ahead.wallTimeMillis()))
                .hasMessageContaining("ahead of the database's (")
                .hasMessageContaining("more than the reclaim grace of " + GRACE.toMillis() + " ms");
        assertThat(lease.notHeldReason()).as("what refusals and health say").contains("ahead of the database's (")
                .contains("more than the reclaim grace of " + GRACE.toMillis() + " ms");
        SnoGenerator generator = SnoGenerator.builder().lease(lease).clock(ahead).build();
        assertThatThrownBy(generator::next).hasMessageContaining("ahead of the database's (");

        ahead.stepWallClock(Duration.ofSeconds(-2)); // within the grace again
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        assertThat(lease.isHeld()).isTrue();
        lease.advanceHighWaterMark(START_MILLIS + 60_000);
        assertThat(lease.highWaterMarkMillis()).isEqualTo(START_MILLIS + 60_000);
    }

    @Test
    void aHolderPausedPastItsLeaseIsFencedBeforeAnotherProcessCanClaimItsIdentity() {
        // The other process's wall clock runs ahead by almost the whole grace, the most that leaves it unfenced;
        // expiry is decided on the database's clock all the same.
        Duration skew = GRACE.minusMillis(1);
        ManualClock otherClock = ManualClock.atEpochMillis(START_MILLIS + skew.toMillis());
        JdbcNodeLease paused = claim(provider("paused"), 63);
        JdbcNodeLeaseProvider other = providerBuilder("other").clock(otherClock).build();

        Duration almost = LEASE.minusMillis(1);
        clock.advance(almost);
        otherClock.advance(almost);
        assertThat(paused.isHeld()).isTrue();
        NodeLease one = claim(other, 63);
        assertThat(one.identity()).isOne();
        one.close();

        clock.advance(Duration.ofMillis(1));
        otherClock.advance(Duration.ofMillis(1));
        assertThat(paused.isHeld()).as("fenced at its deadline, renewal start + lease").isFalse();
        NodeLease stillOne = claim(other, 63);
        assertThat(stillOne.identity()).as("not yet claimable by a skewed process").isOne();
        stillOne.close();

        clock.advance(GRACE);
        otherClock.advance(GRACE);
        NodeLease stillOneAfterGrace = claim(other, 63);
        assertThat(stillOneAfterGrace.identity()).as("claimable only after expiry + grace on the database's clock")
                .isOne();
        stillOneAfterGrace.close();

        clock.advance(Duration.ofMillis(1));
        otherClock.advance(Duration.ofMillis(1));
        assertThat(claim(other, 63).identity()).isZero();
        assertThat(paused.renew()).as("a renewal after the pause cannot revive it").isEqualTo(Renewal.LOST);
        assertThat(paused.isHeld()).isFalse();
    }

    @Test
    void aRenewalMovesTheDeadlineToItsStartPlusTheLease() {
        JdbcNodeLease lease = claim(provider("renewing"), 63);
        clock.advance(Duration.ofSeconds(20));
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        clock.advance(Duration.ofSeconds(20));
        assertThat(lease.isHeld()).as("40 s after the claim, 20 s after the renewal").isTrue();
        clock.advance(Duration.ofSeconds(10));
        assertThat(lease.isHeld()).as("50 s after the claim, 30 s after the renewal").isFalse();
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.isHeld()).isFalse();
    }

    @Test
    void aRenewalWithAnUnmovedClockStillCountsAsRenewed() {
        // MariaDB/MySQL may report 0 changed rows when the new expiry equals the old one.
        JdbcNodeLease lease = claim(provider("frozen"), 63);
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        assertThat(lease.isHeld()).isTrue();
    }

    /**
     * An independent check restarted an instance while its database was down: the start-up failure said to create
     * the table by hand or grant the right to create tables, which sends the reader after permissions.
     */
    @Test
    void aClaimWhileTheDatabaseIsDownSaysItCannotBeReachedRatherThanAskForTheRightToCreateTables() {
        JdbcNodeLeaseProvider provider = providerBuilder("unreachable").tableName(TABLE + "_unreachable").build();
        dataSource.down(true);

        assertThatThrownBy(() -> provider.claim(claim(0, 3))).isInstanceOf(LeaseStoreUnreachableException.class)
                .hasMessageContaining("the database cannot be reached (The test database is switched off)")
                .hasMessageContaining("check the data source's URL and that the database is up")
                .hasMessageNotContaining("grant the right");

        JdbcNodeLeaseProvider withoutDdl = providerBuilder("unreachable").tableName(TABLE + "_unreachable")
                .createTable(false).build();
        assertThatThrownBy(() -> withoutDdl.claim(claim(0, 3))).as("the table left to migrations")
                .isInstanceOf(LeaseStoreUnreachableException.class)
                .hasMessageContaining("the database cannot be reached (The test database is switched off)")
                .hasMessageNotContaining("create the table");
    }

    /** A previous run, killed: its lease has not run out, but it renews no more. */
    @Test
    void aClaimFromSilentHoldersTakesAnIdentityNotRenewedForTheSilenceWithItsMarkAndItsHolderLosesIt() {
        JdbcNodeLease killed = claim(provider("killed"), 0);
        killed.advanceHighWaterMark(MARK + 9_000);
        JdbcNodeLeaseProvider restarted = provider("restarted");
        Duration silence = restarted.silenceBeforeTakeOver();
        assertThat(silence).as("renewal period plus grace").isEqualTo(LEASE.dividedBy(3).plus(GRACE))
                .isLessThan(LEASE);

        clock.advance(silence.minusSeconds(1));
        LeaseRow judged = row(restarted, 0);
        assertThatThrownBy(() -> restarted.takeOver(judged, silence)).as("not yet silent for long enough")
                .isInstanceOf(NoFreeNodeIdentityException.class);
        clock.advance(Duration.ofSeconds(2));
        assertThatThrownBy(() -> restarted.claim(claim(0, 0))).as("an ordinary claim waits for expiry and grace")
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(killed.isHeld()).as("its lease has not run out").isTrue();

        NodeLease taken = restarted.takeOver(judged, silence);
        opened.add(taken);

        assertThat(taken.identity()).isZero();
        assertThat(taken.highWaterMarkMillis()).as("the mark up to which the old holder may have issued IDs")
                .isEqualTo(MARK + 9_000);
        assertThat(killed.renew()).isEqualTo(Renewal.LOST);
        assertThatThrownBy(() -> killed.advanceHighWaterMark(MARK + 20_000))
                .isInstanceOf(IllegalStateException.class);
        assertThat(restarted.rows(namespace)).singleElement().satisfies(row -> {
            assertThat(row.holder()).startsWith("restarted#");
            assertThat(row.highWaterMarkMillis()).isEqualTo(MARK + 9_000);
        });
    }

    /** A holder known to have ended (a process of this host that no longer runs): no silence to wait for. */
    @Test
    void aClaimWithoutSilenceTakesAnIdentityRenewedAMomentAgoWithItsMark() {
        JdbcNodeLease ended = claim(provider("ended"), 0);
        ended.advanceHighWaterMark(MARK + 9_000);
        JdbcNodeLeaseProvider restarted = provider("restarted");
        clock.advance(Duration.ofMillis(1));
        LeaseRow judged = row(restarted, 0);
        assertThatThrownBy(() -> restarted.takeOver(judged, Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class);

        NodeLease taken = restarted.takeOver(judged, Duration.ZERO);
        opened.add(taken);

        assertThat(taken.highWaterMarkMillis()).isEqualTo(MARK + 9_000);
        assertThat(ended.renew()).isEqualTo(Renewal.LOST);
    }

    /** Two restarts that judged the same ended holder: the second must not take the identity from the first. */
    @Test
    void ofTwoClaimantsThatJudgedOneHolderOnlyTheFirstTakesItsIdentityAndKeepsIt() {
        claim(provider("ended"), 0);
        JdbcNodeLeaseProvider first = provider("first");
        JdbcNodeLeaseProvider second = provider("second");
        LeaseRow judged = row(first, 0);
        clock.advance(Duration.ofMillis(5));

        NodeLease taken = first.takeOver(judged, Duration.ZERO);
        opened.add(taken);
        clock.advance(Duration.ofMillis(5));

        assertThatThrownBy(() -> opened.add(second.takeOver(judged, Duration.ZERO)))
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(((JdbcNodeLease) taken).renew()).as("the first taker keeps the identity").isEqualTo(Renewal.RENEWED);
        assertThat(row(first, 0).holder()).startsWith("first#");
    }

    /** Six restarts racing for a killed instance's identity, each on its own connection: exactly one wins. */
    @Test
    void ofSixClaimantsRacingForOneJudgedHolderExactlyOneWins() throws Exception {
        claim(provider("killed"), 0);
        LeaseRow judged = row(provider("reader"), 0);
        clock.advance(Duration.ofMillis(1));
        ExecutorService racers = Executors.newFixedThreadPool(6);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<NodeLease>> takes = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                JdbcNodeLeaseProvider racer = provider("racer-" + i);
                takes.add(racers.submit(() -> {
                    start.await();
                    try {
                        return racer.takeOver(judged, Duration.ZERO);
                    } catch (NoFreeNodeIdentityException lost) {
                        return null;
                    }
                }));
            }
            start.countDown();
            List<NodeLease> winners = new ArrayList<>();
            for (Future<NodeLease> take : takes) {
                NodeLease lease = take.get(30, TimeUnit.SECONDS);
                if (lease != null) {
                    opened.add(lease);
                    winners.add(lease);
                }
            }
            assertThat(winners).as("takers").hasSize(1);
            assertThat(((JdbcNodeLease) winners.get(0)).renew()).isEqualTo(Renewal.RENEWED);
        } finally {
            racers.shutdownNow();
        }
    }

    /** A holder that renewed after it was judged keeps its identity, even against a takeover without silence. */
    @Test
    void aTakeOverFailsOnceTheJudgedHolderHasRenewed() {
        JdbcNodeLease running = claim(provider("running"), 0);
        JdbcNodeLeaseProvider restarted = provider("restarted");
        LeaseRow judged = row(restarted, 0);
        clock.advance(Duration.ofSeconds(1));
        assertThat(running.renew()).isEqualTo(Renewal.RENEWED);

        assertThatThrownBy(() -> restarted.takeOver(judged, Duration.ZERO))
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(running.renew()).isEqualTo(Renewal.RENEWED);
    }

    LeaseRow row(JdbcNodeLeaseProvider provider, long identity) {
        return provider.rows(namespace).stream().filter(row -> row.identity() == identity).findFirst().orElseThrow();
    }

    @Test
    void aClaimFromSilentHoldersLeavesAHolderThatRenews() {
        JdbcNodeLease running = claim(provider("running"), 0);
        JdbcNodeLeaseProvider second = provider("second");
        Duration silence = second.silenceBeforeTakeOver();
        clock.advance(silence.minusSeconds(5));
        assertThat(running.renew()).isEqualTo(Renewal.RENEWED);
        clock.advance(Duration.ofSeconds(10));

        assertThatThrownBy(() -> second.takeOver(row(second, 0), silence))
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(running.renew()).isEqualTo(Renewal.RENEWED);
    }

    @Test
    void aFailedRenewalKeepsTheLeaseUntilItsDeadlineAndARetryInTimeSavesIt() {
        JdbcNodeLease lease = claim(provider("outage"), 63);
        clock.advance(Duration.ofSeconds(10));
        dataSource.down(true);
        assertThat(lease.renew()).isEqualTo(Renewal.FAILED);
        assertThat(lease.isHeld()).isTrue();

        clock.advance(Duration.ofSeconds(15));
        dataSource.down(false);
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        clock.advance(Duration.ofSeconds(25));
        assertThat(lease.isHeld()).as("50 s after the claim, 25 s after the late renewal").isTrue();

        dataSource.down(true);
        assertThat(lease.renew()).isEqualTo(Renewal.FAILED);
        clock.advance(Duration.ofSeconds(5));
        assertThat(lease.isHeld()).as("the outage outlasted the lease").isFalse();
        dataSource.down(false);
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.isHeld()).isFalse();
    }

    @Test
    void theHighWaterMarkOnlyMovesForwardSurvivesReleaseAndReachesTheNextHolder() throws SQLException {
        JdbcNodeLease first = claim(provider("first"), 63);
        assertThat(storedHighWaterMark(0)).as("the floor the first claim started from, recorded")
                .isEqualTo(first.highWaterMarkMillis()).isLessThan(MARK);
        first.advanceHighWaterMark(MARK + 1000);
        first.advanceHighWaterMark(MARK + 500);
        assertThat(first.highWaterMarkMillis()).isEqualTo(MARK + 1000);
        assertThat(storedHighWaterMark(0)).isEqualTo(MARK + 1000);
        first.close();

        JdbcNodeLease second = claim(provider("second"), 63);
        assertThat(second.identity()).isZero();
        assertThat(second.highWaterMarkMillis()).as("after release and re-claim").isEqualTo(MARK + 1000);
        second.advanceHighWaterMark(MARK + 2000);

        // The second holder dies without releasing: its successor takes the expired row, mark and all.
        clock.advance(LEASE.plus(GRACE).plusMillis(1));
        JdbcNodeLease third = claim(provider("third"), 63);
        assertThat(third.identity()).isZero();
        assertThat(third.highWaterMarkMillis()).as("after expiry and take-over").isEqualTo(MARK + 2000);
        assertThatThrownBy(() -> second.advanceHighWaterMark(MARK + 3000))
                .isInstanceOf(IllegalStateException.class);
        assertThat(storedHighWaterMark(0)).isEqualTo(MARK + 2000);
    }

    @Test
    void anOldLeaseOfTheSameProviderCannotRenewOrReleaseItsSuccessor() {
        JdbcNodeLeaseProvider provider = provider("same-process");
        JdbcNodeLease old = claim(provider, 63);
        clock.advance(LEASE.plus(GRACE).plusMillis(1));
        JdbcNodeLease successor = claim(provider, 63);
        assertThat(successor.identity()).isEqualTo(old.identity());
        assertThat(successor.holder()).isNotEqualTo(old.holder()).startsWith("same-process#");

        assertThat(old.renew()).isEqualTo(Renewal.LOST);
        old.close();

        assertThat(successor.isHeld()).isTrue();
        assertThat(claim(provider("other"), 63).identity()).as("the successor's row stays held").isOne();
        assertThat(successor.renew()).isEqualTo(Renewal.RENEWED);
    }

    @Test
    void leasesRenewThemselvesInTheBackgroundAndStopWhenClosed() throws Exception {
        JdbcNodeLeaseProvider provider = JdbcNodeLeaseProvider.builder(dataSource).singleProcess(true).tableName(TABLE)
                .leaseLength(Duration.ofMillis(600)).renewalPeriod(Duration.ofMillis(100)).build();
        NodeLease lease = provider.claim(claim(0, 63));
        opened.add(lease);
        long firstExpiry = storedExpiry(0);
        Thread.sleep(900);
        assertThat(lease.isHeld()).as("held past its first expiry by background renewals").isTrue();
        assertThat(storedExpiry(0)).isGreaterThan(firstExpiry);

        lease.close();
        assertThat(lease.isHeld()).isFalse();
        assertThat(storedExpiry(0)).as("released").isZero();
        Thread.sleep(250);
        assertThat(storedExpiry(0)).as("no renewal after close").isZero();
    }

    @Test
    void tableCreationIsIdempotent() throws SQLException {
        execute(JdbcNodeLeaseProvider.createTableStatement(TABLE), false);
        execute(JdbcNodeLeaseProvider.createTableStatement(TABLE), false);
        assertThat(claim(provider("a"), 63).identity()).isZero();
        assertThat(claim(provider("b"), 63).identity()).isOne();
    }

    @Test
    void withoutTableCreationAMissingTableIsReportedWithTheDdlToRun() {
        JdbcNodeLeaseProvider provider = JdbcNodeLeaseProvider.builder(dataSource).singleProcess(true)
                .tableName("ids_jdbc_lease_missing").createTable(false).build();
        assertThatThrownBy(() -> provider.claim(claim(0, 63)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("from table ids_jdbc_lease_missing")
                .hasMessageContaining(JdbcNodeLeaseProvider.DDL_RESOURCE);
    }

    @Test
    void theShippedSqlFileIsTheDdlTheProviderRunsAndWorksHere() throws IOException, SQLException {
        String statement = shippedStatement();
        assertThat(statement).isEqualTo(
                JdbcNodeLeaseProvider.createTableStatement(JdbcNodeLeaseProvider.DEFAULT_TABLE_NAME));

        // Run the file's statement (under a table name of these tests), then let the provider use that table.
        String ours = statement.replace(JdbcNodeLeaseProvider.DEFAULT_TABLE_NAME, DDL_TABLE);
        execute(ours, false);
        execute(ours, false);
        JdbcNodeLeaseProvider provider = backgroundRenewal(JdbcNodeLeaseProvider.builder(dataSource), false)
                .singleProcess(true)
                .tableName(DDL_TABLE).build();
        try (NodeLease lease = provider.claim(claim(0, 0))) {
            assertThat(lease.identity()).isZero();
        } finally {
            execute("DELETE FROM " + DDL_TABLE + " WHERE namespace = '" + namespace + "'", true);
        }
    }

    /** The file's one statement, without its comments and its semicolon. */
    static String shippedStatement() throws IOException {
        try (InputStream in = JdbcNodeLeaseProvider.class.getClassLoader()
                .getResourceAsStream(JdbcNodeLeaseProvider.DDL_RESOURCE)) {
            assertThat(in).as(JdbcNodeLeaseProvider.DDL_RESOURCE).isNotNull();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            String statement = text.lines().filter(line -> !line.startsWith("--"))
                    .collect(Collectors.joining("\n")).strip();
            assertThat(statement).endsWith(";").containsOnlyOnce(";");
            return statement.substring(0, statement.length() - 1);
        }
    }

    int rowCount() throws SQLException {
        return (int) queryLong("SELECT COUNT(*) FROM " + TABLE + " WHERE namespace = ?", null);
    }

    long storedHighWaterMark(long identity) throws SQLException {
        return queryLong("SELECT high_water_mark FROM " + TABLE + " WHERE namespace = ? AND node_id = ?", identity);
    }

    long storedExpiry(long identity) throws SQLException {
        return queryLong("SELECT expires_at FROM " + TABLE + " WHERE namespace = ? AND node_id = ?", identity);
    }

    String holderOf(long identity) throws SQLException {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(
                        "SELECT holder FROM " + TABLE + " WHERE namespace = ? AND node_id = ?")) {
            select.setString(1, namespace);
            select.setLong(2, identity);
            try (ResultSet result = select.executeQuery()) {
                assertThat(result.next()).isTrue();
                return result.getString(1);
            }
        }
    }

    private long queryLong(String sql, Long identity) throws SQLException {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(sql)) {
            select.setString(1, namespace);
            if (identity != null) {
                select.setLong(2, identity);
            }
            try (ResultSet result = select.executeQuery()) {
                assertThat(result.next()).isTrue();
                return result.getLong(1);
            }
        }
    }

    void execute(String sql, boolean ignoreMissingTable) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            if (!ignoreMissingTable) {
                throw e;
            }
        }
    }
}
