package dev.ids.etcd;

import static dev.ids.etcd.EtcdKeys.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.clock.IdClock;
import dev.ids.clock.ManualClock;
import dev.ids.node.LeaseFence;
import dev.ids.node.ListedLease;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.Renewal;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.LeaseOption;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour of {@link EtcdNodeLeaseProvider} on a 3-member etcd cluster of the test's own, as the JDBC and Redis
 * stores' contracts state it for theirs: claims, renewals, fencing, marks, release, deleted and re-created keys,
 * revoked and expired etcd leases, and concurrent claimants. Each test uses a key prefix and namespace of its own.
 */
class EtcdNodeLeaseTest {

    static final Duration LEASE = Duration.ofSeconds(30);
    static final Duration GRACE = Duration.ofSeconds(10);

    private static EtcdCluster cluster;

    private final ConcurrentLinkedDeque<AutoCloseable> opened = new ConcurrentLinkedDeque<>();
    private ManualClock clock;
    private String prefix;
    private String namespace;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = EtcdCluster.start(3);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @BeforeEach
    void setUp() {
        clock = ManualClock.atEpochMillis(System.currentTimeMillis());
        String run = UUID.randomUUID().toString().substring(0, 8);
        prefix = "ids-test-" + run;
        namespace = "ns-" + run;
    }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : opened) {
            closeable.close();
        }
    }

    private EtcdNodeLeaseProvider.Builder builder(String holder) {
        return EtcdNodeLeaseProvider.builder(cluster.endpoints()).keyPrefix(prefix).holderId(holder).clock(clock)
                .leaseLength(LEASE).reclaimGrace(GRACE).backgroundRenewal(false);
    }

    private EtcdNodeLeaseProvider provider(String holder) {
        return remember(builder(holder).build());
    }

    private <T extends AutoCloseable> T remember(T closeable) {
        opened.addFirst(closeable);
        return closeable;
    }

    private EtcdNodeLease claim(EtcdNodeLeaseProvider provider, long min, long max) {
        return remember(provider.claim(new NodeClaim(namespace, min, max)));
    }

    private KeyValue read(String key) throws Exception {
        List<KeyValue> kvs = cluster.admin().getKVClient().get(bytes(key)).get(10, TimeUnit.SECONDS).getKvs();
        return kvs.isEmpty() ? null : kvs.get(0);
    }

    private String value(String key) throws Exception {
        KeyValue kv = read(key);
        return kv == null ? null : EtcdKeys.text(kv.getValue());
    }

    private void delete(String key) throws Exception {
        cluster.admin().getKVClient().delete(bytes(key)).get(10, TimeUnit.SECONDS);
    }

    private void put(String key, String value) throws Exception {
        cluster.admin().getKVClient().put(bytes(key), bytes(value)).get(10, TimeUnit.SECONDS);
    }

    private long secondsLeft(long etcdLease) throws Exception {
        return cluster.admin().getLeaseClient().timeToLive(etcdLease, LeaseOption.DEFAULT).get(10, TimeUnit.SECONDS)
                .getTTL();
    }

    @Test
    void claimsStartAtTheLowEndOfTheRangeStayWithinItAndSayWhenItIsFull() {
        EtcdNodeLeaseProvider provider = provider("a");
        assertThat(List.of(claim(provider, 5, 7).identity(), claim(provider, 5, 7).identity(),
                claim(provider, 5, 7).identity())).containsExactly(5L, 6L, 7L);
        assertThatThrownBy(() -> provider.claim(new NodeClaim(namespace, 5, 7)))
                .isInstanceOf(NoFreeNodeIdentityException.class)
                .hasMessageContaining("all of 5 to 7 are held")
                .hasMessageContaining(prefix + "/" + namespace + "/lease/<identity>");
    }

    @Test
    void twentyConcurrentClaimantsGetTwentyDistinctIdentities() throws Exception {
        int claimants = 20;
        ExecutorService pool = Executors.newFixedThreadPool(claimants);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Long>> identities = new ArrayList<>();
            for (int i = 0; i < claimants; i++) {
                EtcdNodeLeaseProvider provider = provider("claimant-" + i);
                identities.add(pool.submit(() -> {
                    start.await();
                    return claim(provider, 0, 63).identity();
                }));
            }
            start.countDown();
            Set<Long> distinct = new TreeSet<>();
            for (Future<Long> identity : identities) {
                distinct.add(identity.get(60, TimeUnit.SECONDS));
            }
            assertThat(distinct).hasSize(claimants).allMatch(identity -> identity >= 0 && identity <= 63);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theLeaseKeyIsAttachedToAnEtcdLeaseOfTheLeasePlusGraceWhileTheMarkAndHolderKeysAreAttachedToNone()
            throws Exception {
        EtcdNodeLease lease = claim(provider("holder-a"), 0, 3);
        assertThat(lease.key()).isEqualTo(prefix + "/" + namespace + "/lease/0");
        KeyValue key = read(lease.key());
        HolderValue value = HolderValue.decode(EtcdKeys.text(key.getValue()));
        assertThat(value.holder()).isEqualTo("holder-a#1").isEqualTo(lease.holder());
        assertThat(value.expiresAtMillis()).isEqualTo(clock.wallTimeMillis() + LEASE.toMillis());
        assertThat(key.getLease()).isEqualTo(lease.etcdLeaseId());
        assertThat(key.getCreateRevision()).isEqualTo(lease.createRevision());
        assertThat(secondsLeft(lease.etcdLeaseId())).isBetween(LEASE.plus(GRACE).toSeconds() - 5,
                LEASE.plus(GRACE).toSeconds());
        // A claim that found no mark starts from a floor and records it at once, 19 digits, in a key of no lease.
        KeyValue mark = read(lease.highWaterMarkKey());
        assertThat(EtcdKeys.text(mark.getValue())).hasSize(19)
                .isEqualTo(EtcdMarks.encode(lease.highWaterMarkMillis()));
        assertThat(mark.getLease()).isZero();
        KeyValue holder = read(prefix + "/" + namespace + "/holder/0");
        assertThat(EtcdKeys.text(holder.getValue())).isEqualTo("holder-a#1");
        assertThat(holder.getLease()).isZero();
    }

    @Test
    void closeReleasesTheIdentitySoAnotherProcessClaimsItAtOnceFromTheMarkItKept() throws Exception {
        EtcdNodeLease first = claim(provider("a"), 0, 0);
        long mark = first.highWaterMarkMillis() + 60_000;
        first.advanceHighWaterMark(mark);
        first.close();
        assertThat(read(first.key())).isNull();
        assertThat(secondsLeft(first.etcdLeaseId())).as("the etcd lease is revoked").isEqualTo(-1);

        EtcdNodeLease next = claim(provider("b"), 0, 0);
        assertThat(next.identity()).isZero();
        assertThat(next.highWaterMarkMillis()).isEqualTo(mark);
        assertThatThrownBy(() -> first.advanceHighWaterMark(mark + 10_000)).isInstanceOf(IllegalStateException.class);
        assertThat(value(next.highWaterMarkKey())).isEqualTo(EtcdMarks.encode(mark));
    }

    @Test
    void aMarkWriteNeverLowersTheStoredMarkAndReplacesOneInAnotherForm() throws Exception {
        EtcdNodeLease lease = claim(provider("a"), 0, 0);
        long foreign = lease.highWaterMarkMillis() + 120_000;
        put(lease.highWaterMarkKey(), EtcdMarks.encode(foreign));
        lease.advanceHighWaterMark(lease.highWaterMarkMillis() + 10_000);
        assertThat(lease.highWaterMarkMillis()).isEqualTo(foreign);
        assertThat(value(lease.highWaterMarkKey())).isEqualTo(EtcdMarks.encode(foreign));

        // An operator's unpadded number compares wrongly as text: read as no mark, and replaced.
        put(lease.highWaterMarkKey(), "5");
        lease.advanceHighWaterMark(foreign + 10_000);
        assertThat(value(lease.highWaterMarkKey())).isEqualTo(EtcdMarks.encode(foreign + 10_000));
    }

    @Test
    void aRenewalThatFindsTheKeyCreatedAgainBySomeoneElseMarksTheLeaseLostAtOnce() throws Exception {
        EtcdNodeLease lease = claim(provider("a"), 0, 0);
        delete(lease.key());
        put(lease.key(), "intruder#1");
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.isEnded()).isTrue();
        assertThat(lease.lossReason()).contains("another process holds the identity now (intruder#1)");
    }

    @Test
    void aHolderWhoseKeyWasDeletedIsFencedAtItsNextRenewalAndSaysWhy() throws Exception {
        EtcdNodeLease lease = claim(provider("a"), 0, 0);
        delete(lease.key());
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.isEnded()).isTrue();
        assertThat(lease.lossReason()).contains("its key " + lease.key() + " is gone");
    }

    @Test
    void aHolderWhoseEtcdLeaseWasRevokedIsFencedAtItsNextRenewalAndItsKeyIsGone() throws Exception {
        EtcdNodeLease lease = claim(provider("a"), 0, 0);
        cluster.admin().getLeaseClient().revoke(lease.etcdLeaseId()).get(10, TimeUnit.SECONDS);
        assertThat(read(lease.key())).isNull();
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.lossReason()).contains("its etcd lease " + Long.toHexString(lease.etcdLeaseId())
                + " is gone");
    }

    @Test
    void aHolderWhoseKeyWasDeletedIsFencedAtItsNextMarkWriteAndASuccessorStartsAboveTheMark() throws Exception {
        EtcdNodeLease lease = claim(provider("a"), 0, 0);
        long mark = lease.highWaterMarkMillis() + 30_000;
        lease.advanceHighWaterMark(mark);
        delete(lease.key());

        EtcdNodeLease successor = claim(provider("b"), 0, 0);
        assertThat(successor.highWaterMarkMillis()).isEqualTo(mark);
        assertThatThrownBy(() -> lease.advanceHighWaterMark(mark + 10_000)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no longer held")
                .hasMessageContaining("another process holds the identity now");
        assertThat(lease.isEnded()).isTrue();
        assertThat(value(lease.highWaterMarkKey())).isEqualTo(EtcdMarks.encode(mark));
        lease.close();
        assertThat(read(successor.key())).as("the fenced lease's close leaves its successor's key").isNotNull();
        assertThat(successor.renew()).isEqualTo(Renewal.RENEWED);
    }

    @Test
    void aClaimAfterEveryKeyOfTheIdentityWasDeletedStartsBeyondEveryMarkTheFormerHolderCouldHaveWritten()
            throws Exception {
        EtcdNodeLease former = claim(provider("a"), 0, 0);
        // The highest mark a holder writes: a step beyond its clock.
        long lastMark = clock.wallTimeMillis() + LeaseFence.STEP_MILLIS;
        former.advanceHighWaterMark(lastMark);
        delete(former.key());
        delete(former.highWaterMarkKey());

        EtcdNodeLease successor = claim(provider("b"), 0, 0);
        // No skew measured: a step allowed for the clocks' disagreement instead of a grace.
        assertThat(successor.highWaterMarkMillis()).isGreaterThan(lastMark)
                .isGreaterThanOrEqualTo(clock.wallTimeMillis() + 2 * LeaseFence.STEP_MILLIS);
    }

    @Test
    void aHolderPausedPastItsLeaseIsFencedBeforeAnotherProcessCanClaimItsIdentity() {
        EtcdNodeLease paused = claim(provider("a"), 0, 0);
        clock.advance(LEASE);
        assertThat(paused.isHeld()).isFalse();
        // The key lives the grace longer on the cluster's clock.
        assertThatThrownBy(() -> provider("b").claim(new NodeClaim(namespace, 0, 0)))
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(paused.renew()).as("a renewal after the deadline does not revive it").isEqualTo(Renewal.LOST);
    }

    @Test
    void aClaimantWhoseClockRunsAMinuteAheadCannotTakeALiveIdentity() {
        EtcdNodeLease held = claim(provider("a"), 0, 0);
        EtcdNodeLeaseProvider ahead = remember(builder("b").clock(ManualClock.atEpochMillis(
                System.currentTimeMillis() + 60_000)).build());
        assertThatThrownBy(() -> ahead.claim(new NodeClaim(namespace, 0, 0)))
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(held.renew()).isEqualTo(Renewal.RENEWED);
    }

    @Test
    void anExpiredEtcdLeaseFreesTheIdentityOnlyAfterItsTtlAndItsHoldersKeepAliveFindsItGone() throws Exception {
        Duration lease = Duration.ofMillis(1_000);
        Duration grace = Duration.ofMillis(1_000);
        EtcdNodeLeaseProvider shortLived = remember(builder("a").clock(IdClock.system()).leaseLength(lease)
                .reclaimGrace(grace).build());
        EtcdNodeLeaseProvider other = remember(builder("b").clock(IdClock.system()).leaseLength(lease)
                .reclaimGrace(grace).build());
        long began = System.nanoTime();
        EtcdNodeLease lapsing = claim(shortLived, 0, 0);
        Thread.sleep(1_100);
        assertThat(lapsing.isHeld()).isFalse();
        EtcdNodeLease next = null;
        long claimedAfter = 0;
        while (next == null && System.nanoTime() - began < TimeUnit.SECONDS.toNanos(10)) {
            try {
                long asked = System.nanoTime();
                next = claim(other, 0, 0);
                claimedAfter = TimeUnit.NANOSECONDS.toMillis(asked - began);
            } catch (NoFreeNodeIdentityException stillHeld) {
                Thread.sleep(100);
            }
        }
        assertThat(next).as("claimed once the 2 s TTL ran out").isNotNull();
        // The last claim attempt that failed came after the grace; the TTL (lease plus grace) was counted out.
        assertThat(claimedAfter + 200).isGreaterThanOrEqualTo(lease.plus(grace).toMillis());
        assertThat(next.highWaterMarkMillis()).isEqualTo(lapsing.highWaterMarkMillis());
        // jetcd's keepAliveOnce raises nothing for an expired lease by itself (etcd-io/jetcd#686): the store does.
        Renewal late = lapsing.renew();
        assertThat(late).isEqualTo(Renewal.LOST);
        assertThat(secondsLeft(lapsing.etcdLeaseId())).isEqualTo(-1);
    }

    @Test
    void anOldLeaseOfTheSameProviderCannotRenewOrReleaseItsSuccessor() throws Exception {
        EtcdNodeLeaseProvider provider = provider("a");
        EtcdNodeLease old = claim(provider, 0, 0);
        delete(old.key());
        EtcdNodeLease successor = claim(provider, 0, 0);
        assertThat(successor.holder()).isNotEqualTo(old.holder());
        assertThat(old.renew()).isEqualTo(Renewal.LOST);
        old.close();
        assertThat(HolderValue.decode(value(successor.key())).holder()).isEqualTo(successor.holder());
        assertThat(successor.renew()).isEqualTo(Renewal.RENEWED);
    }

    @Test
    void aRenewalMovesTheDeadlineToItsStartPlusTheLeaseAndRefreshesTheEtcdLease() throws Exception {
        EtcdNodeLease lease = claim(provider("a"), 0, 0);
        long granted = LEASE.plus(GRACE).toSeconds();
        Thread.sleep(2_100);
        assertThat(secondsLeft(lease.etcdLeaseId())).isLessThanOrEqualTo(granted - 2);
        clock.advance(Duration.ofSeconds(5));
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        assertThat(lease.remaining()).isEqualTo(LEASE);
        assertThat(secondsLeft(lease.etcdLeaseId())).isGreaterThanOrEqualTo(granted - 1);
        KeyValue key = read(lease.key());
        assertThat(HolderValue.decode(EtcdKeys.text(key.getValue())).expiresAtMillis())
                .as("the renewal rewrote the expiry in the key").isEqualTo(clock.wallTimeMillis() + LEASE.toMillis());
        assertThat(key.getLease()).as("still attached to its etcd lease").isEqualTo(lease.etcdLeaseId());
        assertThat(key.getCreateRevision()).isEqualTo(lease.createRevision());
        assertThat(lease.renewalCount()).isEqualTo(1);
    }

    @Test
    void listLeasesShowsHoldersExpiriesAndMarksOfHeldAndReleasedIdentities() {
        EtcdNodeLeaseProvider provider = provider("lister");
        EtcdNodeLease held = claim(provider, 0, 3);
        EtcdNodeLease released = claim(provider, 0, 3);
        long releasedMark = released.highWaterMarkMillis();
        released.close();
        long now = clock.wallTimeMillis();

        List<ListedLease> leases = provider.listLeases(namespace);
        assertThat(leases).extracting(ListedLease::identity).containsExactly(0L, 1L);
        ListedLease first = leases.get(0);
        assertThat(first.holder()).isEqualTo(held.holder());
        assertThat(first.held()).isTrue();
        assertThat(first.expiresAtMillis()).isEqualTo(now + LEASE.toMillis());
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
        EtcdNodeLeaseProvider provider = remember(builder("a").clock(IdClock.system())
                .leaseLength(Duration.ofMillis(900)).backgroundRenewal(true).build());
        EtcdNodeLease lease = claim(provider, 0, 0);
        Thread.sleep(2_000);
        assertThat(lease.isHeld()).isTrue();
        assertThat(lease.renewalCount()).isGreaterThanOrEqualTo(3);
        lease.close();
        assertThat(read(lease.key())).isNull();
    }

    @Test
    void aClusterThatCannotBeReachedFailsTheClaimNamingTheEndpointsWithinTheCallLimit() {
        EtcdNodeLeaseProvider nowhere = remember(EtcdNodeLeaseProvider.builder("http://127.0.0.1:9")
                .keyPrefix(prefix).leaseLength(Duration.ofSeconds(3)).build());
        long began = System.nanoTime();
        assertThatThrownBy(() -> nowhere.claim(new NodeClaim(namespace, 0, 0)))
                .isInstanceOf(dev.ids.node.LeaseStoreUnreachableException.class)
                .hasMessageContaining("etcd http://127.0.0.1:9");
        assertThat(Duration.ofNanos(System.nanoTime() - began)).isLessThan(Duration.ofSeconds(7));
    }
}
