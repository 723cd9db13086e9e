package dev.ids.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.clock.IdClock;
import dev.ids.clock.ManualClock;
import dev.ids.node.LeaseFence;
import dev.ids.node.ListedLease;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.Renewal;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour of {@link RedisNodeLeaseProvider}, as the JDBC store's contract ({@code JdbcNodeLeaseContract})
 * states it for its own: claims, renewals, fencing, marks, release, skew, deleted keys and concurrent claimants. A
 * subclass per topology (a single server, a Cluster) supplies the client. Each test uses a key prefix and namespace
 * of its own.
 */
abstract class RedisNodeLeaseContract {

    static final Duration LEASE = Duration.ofSeconds(30);
    static final Duration GRACE = Duration.ofSeconds(10);

    final ConcurrentLinkedDeque<AutoCloseable> opened = new ConcurrentLinkedDeque<>();
    ManualClock clock;
    String prefix;
    String namespace;

    /** The application's client, to the server or Cluster under test. */
    abstract AbstractRedisClient client();

    /** Commands outside the provider, as an operator or another process would send them. */
    abstract RedisClusterCommands<String, String> admin();

    @BeforeEach
    void setUp() {
        clock = ManualClock.atEpochMillis(System.currentTimeMillis());
        String run = UUID.randomUUID().toString().substring(0, 8);
        prefix = "ids-test-" + ProcessHandle.current().pid() + "-" + run;
        namespace = "ns-" + run;
    }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : opened) {
            closeable.close();
        }
    }

    RedisNodeLeaseProvider.Builder builder(String holder) {
        return RedisNodeLeaseProvider.builder(client()).keyPrefix(prefix).holderId(holder).clock(clock)
                .leaseLength(LEASE).reclaimGrace(GRACE).backgroundRenewal(false);
    }

    RedisNodeLeaseProvider provider(String holder) {
        return remember(builder(holder).build());
    }

    <T extends AutoCloseable> T remember(T closeable) {
        opened.addFirst(closeable);
        return closeable;
    }

    RedisNodeLease claim(RedisNodeLeaseProvider provider, long min, long max) {
        return remember(provider.claim(new NodeClaim(namespace, min, max)));
    }

    NamespaceKeys keys() {
        return new NamespaceKeys(prefix, namespace);
    }

    @Test
    void claimsStartAtTheLowEndOfTheRangeStayWithinItAndSayWhenItIsFull() {
        RedisNodeLeaseProvider provider = provider("a");
        assertThat(List.of(claim(provider, 5, 7).identity(), claim(provider, 5, 7).identity(),
                claim(provider, 5, 7).identity())).containsExactly(5L, 6L, 7L);
        assertThatThrownBy(() -> provider.claim(new NodeClaim(namespace, 5, 7)))
                .isInstanceOf(NoFreeNodeIdentityException.class)
                .hasMessageContaining("all of 5 to 7 are held")
                .hasMessageContaining(keys().tag() + ":lease:<identity>");
    }

    @Test
    void twentyConcurrentClaimantsGetTwentyDistinctIdentities() throws Exception {
        int claimants = 20;
        ExecutorService pool = Executors.newFixedThreadPool(claimants);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Long>> identities = new ArrayList<>();
            for (int i = 0; i < claimants; i++) {
                RedisNodeLeaseProvider provider = provider("claimant-" + i);
                identities.add(pool.submit(() -> {
                    start.await();
                    return claim(provider, 0, 63).identity();
                }));
            }
            start.countDown();
            Set<Long> distinct = new TreeSet<>();
            for (Future<Long> identity : identities) {
                distinct.add(identity.get(30, TimeUnit.SECONDS));
            }
            assertThat(distinct).hasSize(claimants).allMatch(identity -> identity >= 0 && identity <= 63);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theLeaseKeyNamesItsHolderAndExpiresOnTheServerWhileTheMarkKeyNeverExpires() {
        RedisNodeLease lease = claim(provider("holder-a"), 0, 3);
        assertThat(lease.key()).isEqualTo("{" + prefix + ":" + namespace + "}:lease:0");
        assertThat(admin().get(lease.key())).isEqualTo("holder-a#1").isEqualTo(lease.holder());
        assertThat(admin().pttl(lease.key())).isBetween(LEASE.plus(GRACE).toMillis() - 5_000,
                LEASE.plus(GRACE).toMillis());
        // A claim that found no mark starts from a floor and records it at once.
        assertThat(admin().get(lease.highWaterMarkKey())).isEqualTo(Long.toString(lease.highWaterMarkMillis()));
        assertThat(admin().pttl(lease.highWaterMarkKey())).isEqualTo(-1L);
        assertThat(admin().hget(keys().holders(), "0")).isEqualTo("holder-a#1");
    }

    @Test
    void closeReleasesTheIdentitySoAnotherProcessClaimsItAtOnceFromTheMarkItKept() {
        RedisNodeLease first = claim(provider("a"), 0, 0);
        long mark = first.highWaterMarkMillis() + 60_000;
        first.advanceHighWaterMark(mark);
        first.close();
        assertThat(admin().exists(first.key())).isZero();

        RedisNodeLease next = claim(provider("b"), 0, 0);
        assertThat(next.identity()).isZero();
        assertThat(next.highWaterMarkMillis()).isEqualTo(mark);
        assertThatThrownBy(() -> first.advanceHighWaterMark(mark + 10_000)).isInstanceOf(IllegalStateException.class);
        assertThat(admin().get(next.highWaterMarkKey())).isEqualTo(Long.toString(mark));
    }

    @Test
    void aMarkWriteNeverLowersTheStoredMark() {
        RedisNodeLease lease = claim(provider("a"), 0, 0);
        long foreign = lease.highWaterMarkMillis() + 120_000;
        admin().set(lease.highWaterMarkKey(), Long.toString(foreign));
        lease.advanceHighWaterMark(lease.highWaterMarkMillis() + 10_000);
        assertThat(lease.highWaterMarkMillis()).isEqualTo(foreign);
        assertThat(admin().get(lease.highWaterMarkKey())).isEqualTo(Long.toString(foreign));
    }

    @Test
    void aRenewalThatFindsAnotherHolderMarksTheLeaseLostAtOnce() {
        RedisNodeLease lease = claim(provider("a"), 0, 0);
        admin().set(lease.key(), "intruder#1");
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.isEnded()).isTrue();
        assertThat(lease.lossReason()).contains("another process holds the identity now (intruder#1)");
    }

    @Test
    void aHolderWhoseKeyWasDeletedIsFencedAtItsNextRenewalAndSaysWhy() {
        RedisNodeLease lease = claim(provider("a"), 0, 0);
        admin().del(lease.key());
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.isEnded()).isTrue();
        assertThat(lease.lossReason()).contains("its key " + lease.key() + " is gone");
    }

    @Test
    void aHolderWhoseKeyWasDeletedIsFencedAtItsNextMarkWriteAndASuccessorStartsAboveTheMark() {
        RedisNodeLease lease = claim(provider("a"), 0, 0);
        long mark = lease.highWaterMarkMillis() + 30_000;
        lease.advanceHighWaterMark(mark);
        admin().del(lease.key());

        RedisNodeLease successor = claim(provider("b"), 0, 0);
        assertThat(successor.highWaterMarkMillis()).isEqualTo(mark);
        assertThatThrownBy(() -> lease.advanceHighWaterMark(mark + 10_000)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no longer held")
                .hasMessageContaining("another process holds the identity now");
        assertThat(lease.isEnded()).isTrue();
        assertThat(admin().get(lease.highWaterMarkKey())).isEqualTo(Long.toString(mark));
    }

    @Test
    void aClaimAfterEveryKeyOfTheNamespaceWasDeletedStartsBeyondEveryMarkTheFormerHolderCouldHaveWritten() {
        RedisNodeLease former = claim(provider("a"), 0, 0);
        // The highest mark a holder writes: a step beyond its clock.
        long lastMark = clock.wallTimeMillis() + LeaseFence.STEP_MILLIS;
        former.advanceHighWaterMark(lastMark);
        admin().del(former.key(), former.highWaterMarkKey(), keys().holders());

        RedisNodeLease successor = claim(provider("b"), 0, 0);
        assertThat(successor.highWaterMarkMillis()).isGreaterThan(lastMark)
                .isGreaterThanOrEqualTo(clock.wallTimeMillis() + LeaseFence.STEP_MILLIS + GRACE.toMillis() - 2_000);
    }

    @Test
    void aHolderPausedPastItsLeaseIsFencedBeforeAnotherProcessCanClaimItsIdentity() {
        RedisNodeLease paused = claim(provider("a"), 0, 0);
        clock.advance(LEASE);
        assertThat(paused.isHeld()).isFalse();
        // The key lives the grace longer on the server's clock.
        assertThatThrownBy(() -> provider("b").claim(new NodeClaim(namespace, 0, 0)))
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(paused.renew()).as("a renewal after the deadline does not revive it").isEqualTo(Renewal.LOST);
    }

    @Test
    void anExpiredLeaseIsReclaimableOnlyAfterTheGraceOnTheServersClock() throws Exception {
        RedisNodeLeaseProvider shortLived = remember(builder("a").clock(IdClock.system())
                .leaseLength(Duration.ofMillis(600)).reclaimGrace(Duration.ofMillis(600)).build());
        RedisNodeLeaseProvider other = remember(builder("b").clock(IdClock.system())
                .leaseLength(Duration.ofMillis(600)).reclaimGrace(Duration.ofMillis(600)).build());
        long began = System.nanoTime();
        RedisNodeLease lapsing = claim(shortLived, 0, 0);
        Thread.sleep(800);
        assertThat(lapsing.isHeld()).isFalse();
        if (System.nanoTime() - began < TimeUnit.MILLISECONDS.toNanos(1_100)) {
            assertThatThrownBy(() -> other.claim(new NodeClaim(namespace, 0, 0)))
                    .isInstanceOf(NoFreeNodeIdentityException.class);
        }
        Thread.sleep(600);
        RedisNodeLease next = claim(other, 0, 0);
        assertThat(next.identity()).isZero();
        assertThat(next.highWaterMarkMillis()).isEqualTo(lapsing.highWaterMarkMillis());
    }

    @Test
    void anOldLeaseOfTheSameProviderCannotRenewOrReleaseItsSuccessor() {
        RedisNodeLeaseProvider provider = provider("a");
        RedisNodeLease old = claim(provider, 0, 0);
        admin().del(old.key());
        RedisNodeLease successor = claim(provider, 0, 0);
        assertThat(successor.holder()).isNotEqualTo(old.holder());
        assertThat(old.renew()).isEqualTo(Renewal.LOST);
        old.close();
        assertThat(admin().get(successor.key())).isEqualTo(successor.holder());
        assertThat(successor.renew()).isEqualTo(Renewal.RENEWED);
    }

    @Test
    void aRenewalMovesTheDeadlineToItsStartPlusTheLeaseAndExtendsTheKey() {
        RedisNodeLease lease = claim(provider("a"), 0, 0);
        clock.advance(Duration.ofSeconds(5));
        admin().pexpire(lease.key(), 1_000_000);
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        assertThat(lease.remaining()).isEqualTo(LEASE);
        assertThat(admin().pttl(lease.key())).isBetween(LEASE.plus(GRACE).toMillis() - 5_000,
                LEASE.plus(GRACE).toMillis());
        assertThat(lease.renewalCount()).isEqualTo(1);
    }

    @Test
    void aClaimantWhoseClockRunsAMinuteAheadIsFencedAndSaysWhy() {
        clock.stepWallClock(Duration.ofMinutes(1));
        RedisNodeLease lease = claim(provider("a"), 0, 0);
        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.clockSkew()).isBetween(Duration.ofSeconds(55), Duration.ofSeconds(65));
        assertThat(lease.notHeldReason()).contains("the Redis server's");

        clock.setWallClock(java.time.Instant.now());
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        assertThat(lease.isHeld()).isTrue();
        assertThat(lease.clockSkew().abs()).isLessThan(Duration.ofSeconds(2));
    }

    @Test
    void listLeasesShowsHoldersExpiriesAndMarksOfHeldAndReleasedIdentities() {
        RedisNodeLeaseProvider provider = provider("lister");
        RedisNodeLease held = claim(provider, 0, 3);
        RedisNodeLease released = claim(provider, 0, 3);
        long releasedMark = released.highWaterMarkMillis();
        released.close();
        long now = System.currentTimeMillis();

        List<ListedLease> leases = provider.listLeases(namespace);
        assertThat(leases).extracting(ListedLease::identity).containsExactly(0L, 1L);
        ListedLease first = leases.get(0);
        assertThat(first.holder()).isEqualTo(held.holder());
        assertThat(first.held()).isTrue();
        assertThat(first.expiresAtMillis()).isBetween(now + LEASE.toMillis() - 5_000, now + LEASE.toMillis() + 1_000);
        assertThat(first.highWaterMarkMillis()).isEqualTo(held.highWaterMarkMillis());
        ListedLease second = leases.get(1);
        assertThat(second.held()).isFalse();
        assertThat(second.holder()).isEqualTo(released.holder());
        assertThat(second.holderIs("lister")).isTrue();
        assertThat(second.expiresAtMillis()).isZero();
        assertThat(second.highWaterMarkMillis()).isEqualTo(releasedMark);
        assertThat(provider.listLeases("nothing-here")).isEmpty();
    }

    @Test
    void leasesRenewThemselvesInTheBackgroundAndReleaseWhenClosed() throws Exception {
        RedisNodeLeaseProvider provider = remember(builder("a").clock(IdClock.system())
                .leaseLength(Duration.ofMillis(900)).backgroundRenewal(true).build());
        RedisNodeLease lease = claim(provider, 0, 0);
        Thread.sleep(2_000);
        assertThat(lease.isHeld()).isTrue();
        assertThat(lease.renewalCount()).isGreaterThanOrEqualTo(3);
        lease.close();
        assertThat(admin().exists(lease.key())).isZero();
    }
}
