package dev.ids.autoconfigure.node.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.clock.ManualClock;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.Renewal;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
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

    private final ConcurrentLinkedQueue<NodeLease> opened = new ConcurrentLinkedQueue<>();
    ConnectionFactory connectionFactory;
    ManualClock clock;
    String namespace;

    /** The R2DBC URL of the database. */
    abstract String url();

    @BeforeEach
    void setUp() {
        connectionFactory = ConnectionFactories.get(url());
        clock = ManualClock.atEpochMillis(START_MILLIS);
        namespace = "r2dbc-test-" + UUID.randomUUID().toString().substring(0, 13);
    }

    @AfterEach
    void cleanUp() {
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
        return R2dbcNodeLeaseProvider.builder(connectionFactory).tableName(TABLE).holderId(holder).clock(clock)
                .databaseClock(clock).leaseLength(LEASE).backgroundRenewal(false);
    }

    R2dbcNodeLeaseProvider provider(String holder) {
        return providerBuilder(holder).build();
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
        List<R2dbcNodeLeaseProvider.LeaseRow> rows = provider("reader").rows(namespace);
        assertThat(rows).extracting(R2dbcNodeLeaseProvider.LeaseRow::holder).containsExactly("first#1",
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
        assertThatThrownBy(() -> victim.advanceHighWaterMark(START_MILLIS + 5_000))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no longer held");
    }

    @Test
    void aHolderWhoseRowWasDeletedIsFencedAtItsNextMarkWriteAndSaysWhy() {
        R2dbcNodeLease lease = claim(provider("deleted"), 0);
        execute("DELETE FROM " + TABLE + " WHERE namespace = '" + namespace + "'");

        assertThatThrownBy(() -> lease.advanceHighWaterMark(START_MILLIS + 5_000))
                .isInstanceOf(IllegalStateException.class);
        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.lossReason()).contains("its row was deleted");
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
        first.advanceHighWaterMark(START_MILLIS + 9_000);
        first.advanceHighWaterMark(START_MILLIS + 4_000);
        assertThat(provider("reader").rows(namespace).get(0).highWaterMarkMillis()).isEqualTo(START_MILLIS + 9_000);
        first.close();

        R2dbcNodeLease second = claim(provider("second"), 0);

        assertThat(second.highWaterMarkMillis()).isEqualTo(START_MILLIS + 9_000);
    }

    @Test
    void aClaimantWhoseClockRunsAMinuteAheadIsFencedAndCannotTakeALiveIdentity() {
        claim(provider("holder"), 0);
        ManualClock ahead = ManualClock.atEpochMillis(START_MILLIS + 60_000);
        R2dbcNodeLeaseProvider skewed = R2dbcNodeLeaseProvider.builder(connectionFactory).tableName(TABLE)
                .holderId("ahead").clock(ahead).databaseClock(clock).leaseLength(LEASE).backgroundRenewal(false)
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
            lease.advanceHighWaterMark(START_MILLIS + 5_000);
            return "written";
        }).subscribeOn(Schedulers.parallel()).map(Object.class::cast).onErrorResume(Mono::just)
                .block(Duration.ofSeconds(10)) instanceof Throwable t ? t : null;

        assertThat(refused).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("must not do").hasMessageContaining("boundedElastic");
        assertThat(lease.highWaterMarkMillis()).isLessThan(START_MILLIS + 5_000);
        Mono.fromRunnable(() -> lease.advanceHighWaterMark(START_MILLIS + 5_000))
                .subscribeOn(Schedulers.boundedElastic()).block(Duration.ofSeconds(10));
        assertThat(lease.highWaterMarkMillis()).isEqualTo(START_MILLIS + 5_000);
    }

    @Test
    void leasesRenewThemselvesOnTheirOwnThreadAndStopWhenClosed() throws Exception {
        R2dbcNodeLeaseProvider provider = R2dbcNodeLeaseProvider.builder(connectionFactory).tableName(TABLE)
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
        R2dbcNodeLeaseProvider provider = R2dbcNodeLeaseProvider.builder(connectionFactory)
                .tableName("ids_r2dbc_missing_" + ProcessHandle.current().pid()).createTable(false).build();

        assertThatThrownBy(() -> provider.claim(new NodeClaim(namespace, 0, 0)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ids_r2dbc_missing_").hasMessageContaining("META-INF/ids/ids-node-lease.sql");
    }
}
