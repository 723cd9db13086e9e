package dev.ids.r2dbc;

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
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import dev.ids.node.sql.LeaseRow;
import dev.ids.testing.PlainDataSource;
import dev.ids.testing.TestDatabase;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.sql.DriverManager;
import java.time.Duration;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The behaviour of {@link R2dbcNodeLeaseProvider} on one database, as the JDBC provider's contract states it for its
 * own; a subclass per database runs it. Each test claims in a namespace of its own in a table of this test JVM's own
 * and deletes its rows afterwards (the database servers are shared).
 */
abstract class R2dbcNodeLeaseContract {

    static final String TABLE = "ids_r2dbc_lease_test_" + ProcessHandle.current().pid();
    static final Duration LEASE = Duration.ofSeconds(30);
    static final Duration GRACE = JdbcNodeLeaseProvider.DEFAULT_RECLAIM_GRACE;
    static final long START_MILLIS = 1_750_000_000_000L;
    /**
     * A time for the marks these tests write: a minute after the start, beyond where a claim that finds no mark
     * starts (docs/LEASES.md, "A record that is lost"), so that a write of it is a real write, as for JDBC.
     */
    static final long MARK = START_MILLIS + 60_000;

    private final ConcurrentLinkedQueue<NodeLease> opened = new ConcurrentLinkedQueue<>();
    SwitchableConnectionFactory connectionFactory;
    ManualClock clock;
    String namespace;

    /** The R2DBC URL of the database. */
    abstract String url();

    /** The same database for JDBC. */
    abstract TestDatabase jdbcDatabase();

    @BeforeEach
    void setUp() {
        // The user and password of the JDBC tests: an H2 database in memory keeps the user that created it.
        connectionFactory = new SwitchableConnectionFactory(ConnectionFactories.get(ConnectionFactoryOptions
                .parse(url()).mutate().option(ConnectionFactoryOptions.USER, jdbcDatabase().username())
                .option(ConnectionFactoryOptions.PASSWORD, jdbcDatabase().password()).build()));
        clock = ManualClock.atEpochMillis(START_MILLIS);
        namespace = "r2dbc-test-" + UUID.randomUUID().toString().substring(0, 13);
    }

    @AfterEach
    void cleanUp() {
        connectionFactory.down(false);
        opened.forEach(NodeLease::close);
        execute("DELETE FROM " + TABLE + " WHERE namespace = '" + namespace + "'");
    }

    /** Runs a statement outside the provider, as another process or an operator would. */
    void execute(String sql) {
        Mono.usingWhen(connectionFactory.create(), connection -> Flux.from(connection.createStatement(sql)
                .execute()).flatMap(result -> result.getRowsUpdated()).then(), connection -> connection.close())
                .block(Duration.ofSeconds(10));
    }

    R2dbcNodeLeaseProvider.Builder providerBuilder(String holder) {
        return backgroundRenewal(databaseClock(R2dbcNodeLeaseProvider.builder(connectionFactory), clock), false)
                .singleProcess(true)
                .tableName(TABLE).holderId(holder).clock(clock).leaseLength(LEASE);
    }

    R2dbcNodeLeaseProvider provider(String holder) {
        return providerBuilder(holder).build();
    }

    /** As for JDBC: a claim while the database is down says so, rather than to grant the right to create tables. */
    @Test
    void aClaimWhileTheDatabaseIsDownSaysItCannotBeReachedRatherThanAskForTheRightToCreateTables() {
        R2dbcNodeLeaseProvider provider = providerBuilder("unreachable").tableName(TABLE + "_unreachable").build();
        connectionFactory.down(true);

        assertThatThrownBy(() -> provider.claim(new NodeClaim(namespace, 0, 3)))
                .isInstanceOf(LeaseStoreUnreachableException.class)
                .hasMessageContaining("the database cannot be reached (The test database is switched off)")
                .hasMessageNotContaining("grant the right");

        R2dbcNodeLeaseProvider withoutDdl = providerBuilder("unreachable").tableName(TABLE + "_unreachable")
                .createTable(false).build();
        assertThatThrownBy(() -> withoutDdl.claim(new NodeClaim(namespace, 0, 3))).as("the table left to migrations")
                .isInstanceOf(LeaseStoreUnreachableException.class)
                .hasMessageContaining("the database cannot be reached (The test database is switched off)")
                .hasMessageNotContaining("create the table");
    }

    /** As for JDBC: a previous run, killed, whose lease has not run out but which renews no more. */
    @Test
    void aClaimFromSilentHoldersTakesAnIdentityNotRenewedForTheSilenceWithItsMarkAndLeavesOneThatRenews() {
        R2dbcNodeLease killed = claim(provider("killed"), 0);
        killed.advanceHighWaterMark(MARK + 9_000);
        R2dbcNodeLeaseProvider restarted = provider("restarted");
        Duration silence = restarted.silenceBeforeTakeOver();
        clock.advance(silence.minusSeconds(1));
        LeaseRow judged = row(restarted, 0);
        assertThatThrownBy(() -> restarted.takeOver(judged, silence))
                .as("not yet silent for long enough").isInstanceOf(NoFreeNodeIdentityException.class);
        clock.advance(Duration.ofSeconds(2));
        assertThat(killed.isHeld()).as("its lease has not run out").isTrue();

        NodeLease taken = restarted.takeOver(judged, silence);
        opened.add(taken);

        assertThat(taken.highWaterMarkMillis()).isEqualTo(MARK + 9_000);
        assertThat(killed.renew()).isEqualTo(Renewal.LOST);
        clock.advance(silence.minusSeconds(5));
        assertThat(((R2dbcNodeLease) taken).renew()).isEqualTo(Renewal.RENEWED);
        clock.advance(Duration.ofSeconds(10));
        R2dbcNodeLeaseProvider third = provider("third");
        assertThatThrownBy(() -> third.takeOver(row(third, 0), silence))
                .as("its new holder renews").isInstanceOf(NoFreeNodeIdentityException.class);
    }

    /** As for JDBC: two restarts that judged one ended holder; the second must not take the first's identity. */
    @Test
    void ofTwoClaimantsThatJudgedOneHolderOnlyTheFirstTakesItsIdentityAndKeepsIt() {
        claim(provider("ended"), 0);
        R2dbcNodeLeaseProvider first = provider("first");
        R2dbcNodeLeaseProvider second = provider("second");
        LeaseRow judged = row(first, 0);
        clock.advance(Duration.ofMillis(5));
        NodeLease taken = first.takeOver(judged, Duration.ZERO);
        opened.add(taken);
        clock.advance(Duration.ofMillis(5));

        assertThatThrownBy(() -> opened.add(second.takeOver(judged, Duration.ZERO)))
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(((R2dbcNodeLease) taken).renew()).isEqualTo(Renewal.RENEWED);
    }

    LeaseRow row(R2dbcNodeLeaseProvider provider, long identity) {
        return provider.rows(namespace).stream().filter(row -> row.identity() == identity).findFirst().orElseThrow();
    }

    R2dbcNodeLease claim(R2dbcNodeLeaseProvider provider, long max) {
        R2dbcNodeLease lease = (R2dbcNodeLease) provider.claim(new NodeClaim(namespace, 0, max));
        opened.add(lease);
        return lease;
    }

    @Test
    void claimsStartAtTheLowEndAndTwoProvidersGetDistinctIdentities() {
        R2dbcNodeLease first = claim(provider("first"), 63);
        R2dbcNodeLease second = claim(provider("second"), 63);

        assertThat(first.identity()).isZero();
        assertThat(second.identity()).isEqualTo(1);
        assertThat(first.isHeld()).isTrue();
        List<LeaseRow> rows = provider("reader").rows(namespace);
        assertThat(rows).extracting(LeaseRow::holder).containsExactly("first#1",
                "second#1");
        assertThat(rows.get(0).expiresAtMillis()).as("stamped by the database's clock")
                .isEqualTo(START_MILLIS + LEASE.toMillis());
    }

    @Test
    void twentyConcurrentClaimantsGetTwentyDistinctIdentitiesOfTheRange() throws Exception {
        provider("warm-up").claim(new NodeClaim(namespace + "-warm", 0, 0)).close(); // creates the table once
        ExecutorService pool = Executors.newFixedThreadPool(20);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<R2dbcNodeLease>> claims = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                R2dbcNodeLeaseProvider provider = provider("claimant-" + i);
                claims.add(pool.submit(() -> {
                    start.await();
                    return claim(provider, 19);
                }));
            }
            start.countDown();
            Set<Long> identities = new TreeSet<>();
            for (Future<R2dbcNodeLease> claim : claims) {
                identities.add(claim.get(60, TimeUnit.SECONDS).identity());
            }
            assertThat(identities).hasSize(20).allMatch(identity -> identity >= 0 && identity <= 19);
        } finally {
            pool.shutdownNow();
            execute("DELETE FROM " + TABLE + " WHERE namespace = '" + namespace + "-warm'");
        }
    }

    @Test
    void aFullRangeGetsAClearNoFreeIdentityError() {
        claim(provider("a"), 1);
        claim(provider("b"), 1);

        assertThatThrownBy(() -> claim(provider("c"), 1)).isInstanceOf(NoFreeNodeIdentityException.class)
                .hasMessageContaining(TABLE).hasMessageContaining("2 live leases");
    }

    @Test
    void closeReleasesTheIdentitySoAnotherProcessClaimsItAtOnce() {
        R2dbcNodeLease first = claim(provider("first"), 0);
        first.close();

        R2dbcNodeLease second = claim(provider("second"), 0);

        assertThat(second.identity()).isZero();
        assertThat(first.isHeld()).isFalse();
    }

    @Test
    void anExpiredLeaseIsReclaimableOnlyAfterTheGrace() {
        claim(provider("gone"), 0);
        clock.advance(LEASE.plus(GRACE));
        assertThatThrownBy(() -> claim(provider("early"), 0)).isInstanceOf(NoFreeNodeIdentityException.class);

        clock.advance(Duration.ofMillis(1));
        R2dbcNodeLease taken = claim(provider("late"), 0);

        assertThat(taken.identity()).isZero();
        assertThat(provider("reader").rows(namespace).get(0).holder()).isEqualTo("late#1");
    }

    @Test
    void aRenewalThatFindsAnotherHolderMarksTheLeaseLostAtOnceAsWithJdbc() {
        R2dbcNodeLease victim = claim(provider("victim"), 0);
        execute("UPDATE " + TABLE + " SET holder = 'thief#1' WHERE namespace = '" + namespace + "'");

        Renewal renewal = victim.renew();

        assertThat(renewal).isEqualTo(Renewal.LOST);
        assertThat(victim.isHeld()).isFalse();
        assertThat(victim.isEnded()).isTrue();
        assertThat(victim.lossReason()).contains("another process holds the identity now");
        assertThatThrownBy(() -> victim.advanceHighWaterMark(MARK))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no longer held");
    }

    @Test
    void aHolderWhoseRowWasDeletedIsFencedAtItsNextMarkWriteAndSaysWhy() {
        R2dbcNodeLease lease = claim(provider("deleted"), 0);
        execute("DELETE FROM " + TABLE + " WHERE namespace = '" + namespace + "'");

        assertThatThrownBy(() -> lease.advanceHighWaterMark(MARK))
                .isInstanceOf(IllegalStateException.class);
        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.lossReason()).contains("its row is gone");
    }

    /**
     * Issue 33 (3), as for JDBC: a claim that finds no row, after an operator deleted it under a live holder, starts
     * beyond any time that holder may still issue IDs for: beyond the last mark it wrote, one step past its own
     * clock, which runs as far ahead of the database's as the grace allows while it is still held. Before, it started
     * from 0.
     */
    @Test
    void aClaimAfterTheRowsWereDeletedUnderALiveHolderStartsBeyondEveryMarkThatHolderCouldHaveWritten() {
        ManualClock aheadByTheGrace = ManualClock.atEpochMillis(START_MILLIS + GRACE.toMillis());
        R2dbcNodeLease live = claim(providerBuilder("live").clock(aheadByTheGrace).build(), 63);
        assertThat(live.isHeld()).as("within the grace: held").isTrue();
        long issuedUpTo = aheadByTheGrace.wallTimeMillis() + LeaseFence.STEP_MILLIS;
        live.advanceHighWaterMark(issuedUpTo); // as its fence does for an ID of its clock's time
        execute("DELETE FROM " + TABLE + " WHERE namespace = '" + namespace + "'");

        ManualClock behindByTheGrace = ManualClock.atEpochMillis(START_MILLIS - GRACE.toMillis());
        R2dbcNodeLease next = claim(providerBuilder("next").clock(behindByTheGrace).build(), 63);

        assertThat(next.identity()).as("the same identity, its row gone").isEqualTo(live.identity());
        assertThat(next.isHeld()).isTrue();
        assertThat(next.highWaterMarkMillis()).as("where the next holder starts: after the live holder's IDs")
                .isGreaterThanOrEqualTo(issuedUpTo);
        assertThat(row(provider("reader"), next.identity()).highWaterMarkMillis())
                .as("the floor, recorded for the claims after this one").isEqualTo(next.highWaterMarkMillis());
        assertThatThrownBy(() -> live.advanceHighWaterMark(issuedUpTo + 1))
                .as("the live holder stops at its next mark write, as before")
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aRenewalMovesTheExpiryOnTheDatabasesClock() {
        R2dbcNodeLease lease = claim(provider("renewing"), 0);
        clock.advance(Duration.ofSeconds(20));

        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);

        assertThat(provider("reader").rows(namespace).get(0).expiresAtMillis())
                .isEqualTo(START_MILLIS + 20_000 + LEASE.toMillis());
        assertThat(lease.renewalCount()).isEqualTo(1);
    }

    @Test
    void theHighWaterMarkOnlyMovesForwardSurvivesReleaseAndReachesTheNextHolder() {
        R2dbcNodeLease first = claim(provider("first"), 0);
        // Issue 33 (3): a claim that finds no mark starts beyond any time a former holder may still issue IDs for (a
        // step plus the grace past the database's time), not from 0; the claim records it as the mark.
        assertThat(first.highWaterMarkMillis()).isGreaterThanOrEqualTo(START_MILLIS + LeaseFence.STEP_MILLIS
                + GRACE.toMillis()).isLessThan(MARK);
        assertThat(provider("reader").rows(namespace).get(0).highWaterMarkMillis()).as("the floor, recorded")
                .isEqualTo(first.highWaterMarkMillis());
        first.advanceHighWaterMark(MARK + 9_000);
        first.advanceHighWaterMark(MARK + 4_000);
        assertThat(first.highWaterMarkMillis()).isEqualTo(MARK + 9_000);
        assertThat(provider("reader").rows(namespace).get(0).highWaterMarkMillis()).isEqualTo(MARK + 9_000);
        first.close();

        R2dbcNodeLease second = claim(provider("second"), 0);

        assertThat(second.highWaterMarkMillis()).isEqualTo(MARK + 9_000);
    }

    @Test
    void aClaimantWhoseClockRunsAMinuteAheadIsFencedAndCannotTakeALiveIdentity() {
        claim(provider("holder"), 0);
        ManualClock ahead = ManualClock.atEpochMillis(START_MILLIS + 60_000);
        R2dbcNodeLeaseProvider skewed =
                backgroundRenewal(databaseClock(R2dbcNodeLeaseProvider.builder(connectionFactory), clock), false)
                        .singleProcess(true)
                        .tableName(TABLE)
                        .holderId("ahead").clock(ahead).leaseLength(LEASE)
                        .build();

        assertThatThrownBy(() -> skewed.claim(new NodeClaim(namespace, 0, 0)))
                .isInstanceOf(NoFreeNodeIdentityException.class);
        R2dbcNodeLease wider = (R2dbcNodeLease) skewed.claim(new NodeClaim(namespace, 0, 1));
        opened.add(wider);
        assertThat(wider.identity()).isEqualTo(1);
        assertThat(wider.isHeld()).as("fenced: its clock is further from the database's than the grace").isFalse();
    }

    @Test
    void aMarkWriteOnAThreadThatMustNotBlockIsRefusedWithAMessageAndNothingIsIssuedBeyondTheOldMark() {
        R2dbcNodeLease lease = claim(provider("event-loop"), 0);

        Throwable refused = Mono.fromCallable(() -> {
            lease.advanceHighWaterMark(MARK + 5_000);
            return "written";
        }).subscribeOn(Schedulers.parallel()).map(Object.class::cast).onErrorResume(Mono::just)
                .block(Duration.ofSeconds(10)) instanceof Throwable t ? t : null;

        assertThat(refused).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("must not do").hasMessageContaining("boundedElastic");
        assertThat(lease.highWaterMarkMillis()).isLessThan(MARK + 5_000);
        assertThat(provider("reader").rows(namespace).get(0).highWaterMarkMillis()).as("nothing written but the "
                + "start mark").isEqualTo(lease.highWaterMarkMillis());
        Mono.fromRunnable(() -> lease.advanceHighWaterMark(MARK + 5_000))
                .subscribeOn(Schedulers.boundedElastic()).block(Duration.ofSeconds(10));
        assertThat(lease.highWaterMarkMillis()).isEqualTo(MARK + 5_000);
    }

    @Test
    void leasesRenewThemselvesOnTheirOwnThreadAndStopWhenClosed() throws Exception {
        R2dbcNodeLeaseProvider provider = R2dbcNodeLeaseProvider.builder(connectionFactory).singleProcess(true)
                .tableName(TABLE)
                .holderId("background").leaseLength(Duration.ofSeconds(3)).renewalPeriod(Duration.ofMillis(100))
                .build();
        NodeLease lease = provider.claim(new NodeClaim(namespace, 0, 0));
        opened.add(lease);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (lease.renewalCount() < 3 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(lease.renewalCount()).isGreaterThanOrEqualTo(3);
        assertThat(lease.isHeld()).isTrue();
        lease.close();
        long renewals = lease.renewalCount();
        Thread.sleep(400);
        assertThat(lease.renewalCount()).isEqualTo(renewals);
    }

    @Test
    void withoutTableCreationAMissingTableIsReportedWithTheDdlToRun() {
        R2dbcNodeLeaseProvider provider = R2dbcNodeLeaseProvider.builder(connectionFactory).singleProcess(true)
                .tableName("ids_r2dbc_missing_" + ProcessHandle.current().pid()).createTable(false).build();

        assertThatThrownBy(() -> provider.claim(new NodeClaim(namespace, 0, 0)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ids_r2dbc_missing_").hasMessageContaining("META-INF/ids/ids-node-lease.sql");
    }

    @Test
    void aFailedRenewalKeepsTheLeaseUntilItsDeadlineAndARetryInTimeSavesItAsWithJdbc() {
        R2dbcNodeLease lease = claim(provider("outage"), 63);
        clock.advance(Duration.ofSeconds(10));
        connectionFactory.down(true);
        assertThat(lease.renew()).isEqualTo(Renewal.FAILED);
        assertThat(lease.isHeld()).isTrue();

        clock.advance(Duration.ofSeconds(15));
        connectionFactory.down(false);
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        clock.advance(Duration.ofSeconds(25));
        assertThat(lease.isHeld()).as("50 s after the claim, 25 s after the late renewal").isTrue();

        connectionFactory.down(true);
        assertThat(lease.renew()).isEqualTo(Renewal.FAILED);
        assertThatThrownBy(() -> lease.advanceHighWaterMark(MARK))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("do not issue IDs beyond");
        clock.advance(Duration.ofSeconds(5));
        assertThat(lease.isHeld()).as("the outage outlasted the lease").isFalse();
        connectionFactory.down(false);
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.isHeld()).isFalse();
        // Two failed renewals, and the loss, which isHeld() saw first and the renewal that found it reports.
        assertThat(lease.renewalFailureCount()).isEqualTo(3);
    }

    @Test
    void aClaimWhileTheDatabaseIsDownFailsNamingTheTable() {
        connectionFactory.down(true);

        assertThatThrownBy(() -> claim(provider("down"), 0)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("namespace '" + namespace + "'").hasMessageContaining(TABLE)
                .hasMessageContaining("The test database is switched off");
    }

    @Test
    void expiryIsStampedWithTheDatabaseServersOwnClock() {
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
        R2dbcNodeLeaseProvider.Builder builder =
                backgroundRenewal(R2dbcNodeLeaseProvider.builder(connectionFactory), false)
                        .singleProcess(true)
                        .tableName(TABLE)
                        .leaseLength(LEASE);
        long before = System.currentTimeMillis();
        R2dbcNodeLease holder = claim(builder.holderId("system-clock").build(), 0);
        R2dbcNodeLease fenced = claim(builder.holderId("minute-ahead").clock(minuteAhead).build(), 1);
        long after = System.currentTimeMillis();

        // The servers run on this machine, so their clocks agree with this JVM's.
        assertThat(holder.clockSkew().abs()).isLessThan(Duration.ofSeconds(2));
        assertThat(holder.isHeld()).isTrue();
        assertThat(fenced.identity()).isOne();
        assertThat(fenced.clockSkew().minusMinutes(1).abs()).isLessThan(Duration.ofSeconds(2));
        assertThat(fenced.isHeld()).isFalse();
        assertThat(provider("reader").rows(namespace)).extracting(LeaseRow::expiresAtMillis)
                .allSatisfy(expiresAt -> assertThat(expiresAt)
                        .isBetween(before + LEASE.toMillis() - 2_000, after + LEASE.toMillis() + 2_000));
    }

    @Test
    void jdbcAndR2dbcProvidersShareTheTableTheirIdentitiesAndTheirMarks() {
        TestDatabase database = jdbcDatabase();
        PlainDataSource dataSource = () -> DriverManager.getConnection(database.url("r2dbc-lease"),
                database.username(), database.password());
        JdbcNodeLeaseProvider jdbc = JdbcNodeLeaseProvider.builder(dataSource).singleProcess(true)
                .tableName(TABLE).holderId("jdbc")
                .leaseLength(LEASE).build();
        NodeLease byJdbc = jdbc.claim(new NodeClaim(namespace, 0, 1));
        opened.add(byJdbc);
        // Beyond where a claim that finds no mark starts (about 20 s ahead): a real write (docs/LEASES.md).
        byJdbc.advanceHighWaterMark(System.currentTimeMillis() + 60_000);
        R2dbcNodeLeaseProvider.Builder r2dbc =
                backgroundRenewal(R2dbcNodeLeaseProvider.builder(connectionFactory), false)
                        .singleProcess(true)
                        .tableName(TABLE)
                        .leaseLength(LEASE);

        R2dbcNodeLease byR2dbc = claim(r2dbc.holderId("r2dbc").build(), 1);
        assertThat(byR2dbc.identity()).isNotEqualTo(byJdbc.identity());
        long mark = byJdbc.highWaterMarkMillis();
        byJdbc.close();
        NodeLease successor = r2dbc.holderId("successor").build().claim(new NodeClaim(namespace, 0, 1));
        opened.add(successor);

        assertThat(successor.identity()).isEqualTo(byJdbc.identity());
        assertThat(successor.highWaterMarkMillis()).as("the JDBC holder's mark, read over R2DBC").isEqualTo(mark)
                .isGreaterThan(System.currentTimeMillis() + 30_000);
        assertThat(jdbc.rows(namespace)).extracting(LeaseRow::holder)
                .containsExactlyInAnyOrder("successor#1", "r2dbc#1");
    }
}
