package dev.ids.etcd;

import static dev.ids.etcd.EtcdKeys.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.clock.IdClock;
import dev.ids.clock.ManualClock;
import dev.ids.node.LeaseFence;
import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.Renewal;
import dev.ids.testing.ExpiringRecordLeaseContract;
import dev.ids.testing.LeaseTerms;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.LeaseOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The behaviour of {@link EtcdNodeLeaseProvider} on a 3-member etcd cluster of the test's own: the contract of every
 * store with expiring records ({@link ExpiringRecordLeaseContract}), and what is etcd's own: keys attached to an etcd
 * lease of the lease plus the grace, revoked and expired etcd leases, marks in a fixed-width form, keys created again
 * by someone else, and an unreachable cluster.
 */
class EtcdNodeLeaseTest extends ExpiringRecordLeaseContract<EtcdNodeLeaseProvider, EtcdNodeLease> {

    private static EtcdCluster cluster;

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

    @Override
    protected EtcdNodeLeaseProvider newProvider(String keyPrefix, LeaseTerms terms) {
        return terms.applyTo(EtcdNodeLeaseProvider.builder(cluster.endpoints()).keyPrefix(keyPrefix)).build();
    }

    @Override
    protected EtcdNodeLease claim(EtcdNodeLeaseProvider provider, NodeClaim claim) {
        return provider.claim(claim);
    }

    @Override
    protected Renewal renew(EtcdNodeLease lease) {
        return lease.renew();
    }

    @Override
    protected String recordName(EtcdNodeLease lease) {
        return lease.key();
    }

    @Override
    protected String holder(EtcdNodeLease lease) {
        return lease.holder();
    }

    @Override
    protected String lossReason(EtcdNodeLease lease) {
        return lease.lossReason();
    }

    @Override
    protected String recordNamePattern() {
        return prefix + "/" + namespace + "/lease/<identity>";
    }

    @Override
    protected boolean recordExists(EtcdNodeLease lease) throws Exception {
        return read(lease.key()) != null;
    }

    @Override
    protected String storedHolder(EtcdNodeLease lease) throws Exception {
        return HolderValue.decode(value(lease.key())).holder();
    }

    @Override
    protected void deleteRecord(EtcdNodeLease lease) throws Exception {
        delete(lease.key());
    }

    @Override
    protected void deleteEveryRecord(EtcdNodeLease lease) throws Exception {
        delete(lease.key());
        delete(lease.highWaterMarkKey());
    }

    /** A key of the same name created again: its create revision is not the lease's. */
    @Override
    protected void recordTakenBy(EtcdNodeLease lease, String otherHolder) throws Exception {
        delete(lease.key());
        put(lease.key(), otherHolder);
    }

    @Override
    protected String storedMark(EtcdNodeLease lease) throws Exception {
        return value(lease.highWaterMarkKey());
    }

    @Override
    protected void writeMark(EtcdNodeLease lease, String stored) throws Exception {
        put(lease.highWaterMarkKey(), stored);
    }

    @Override
    protected String markAsStored(long epochMillis) {
        return EtcdMarks.encode(epochMillis);
    }

    /** No skew measured: a step allowed for the clocks' disagreement instead of a grace. */
    @Override
    protected long leastStartAfterEveryRecordLost(long wallTimeMillis) {
        return wallTimeMillis + 2 * LeaseFence.STEP_MILLIS;
    }

    @Override
    protected boolean listsExpiryOnTheStoresClock() {
        return false;
    }

    @Override
    protected void assertReleasedInStore(EtcdNodeLease lease) throws Exception {
        assertThat(secondsLeft(lease.etcdLeaseId())).as("the etcd lease is revoked").isEqualTo(-1);
    }

    @Override
    protected Duration concurrentClaimsWithin() {
        return Duration.ofSeconds(60);
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
    void aMarkInAnotherFormIsReadAsNoMarkAndReplaced() throws Exception {
        EtcdNodeLease lease = claim(provider("a"), 0, 0);
        long next = lease.highWaterMarkMillis() + 10_000;
        // An operator's unpadded number compares wrongly as text: read as no mark, and replaced.
        put(lease.highWaterMarkKey(), "5");
        lease.advanceHighWaterMark(next);
        assertThat(value(lease.highWaterMarkKey())).isEqualTo(EtcdMarks.encode(next));
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
    void aHolderWhoseEtcdLeaseWasRevokedIsFencedAtItsNextRenewalAndItsKeyIsGone() throws Exception {
        EtcdNodeLease lease = claim(provider("a"), 0, 0);
        cluster.admin().getLeaseClient().revoke(lease.etcdLeaseId()).get(10, TimeUnit.SECONDS);
        assertThat(read(lease.key())).isNull();
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.lossReason()).contains("its etcd lease " + Long.toHexString(lease.etcdLeaseId())
                + " is gone");
    }

    @Test
    void aClaimantWhoseClockRunsAMinuteAheadCannotTakeALiveIdentity() {
        EtcdNodeLease held = claim(provider("a"), 0, 0);
        EtcdNodeLeaseProvider ahead = provider(terms("b").withClock(ManualClock.atEpochMillis(
                System.currentTimeMillis() + 60_000)));
        assertThatThrownBy(() -> ahead.claim(new NodeClaim(namespace, 0, 0)))
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(held.renew()).isEqualTo(Renewal.RENEWED);
    }

    @Test
    void anExpiredEtcdLeaseFreesTheIdentityOnlyAfterItsTtlAndItsHoldersKeepAliveFindsItGone() throws Exception {
        Duration lease = Duration.ofMillis(1_000);
        Duration grace = Duration.ofMillis(1_000);
        EtcdNodeLeaseProvider shortLived = provider(terms("a").withClock(IdClock.system()).withTimings(lease, grace));
        EtcdNodeLeaseProvider other = provider(terms("b").withClock(IdClock.system()).withTimings(lease, grace));
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
    void aClusterThatCannotBeReachedFailsTheClaimNamingTheEndpointsWithinTheCallLimit() {
        EtcdNodeLeaseProvider nowhere = remember(EtcdNodeLeaseProvider.builder("http://127.0.0.1:9")
                .keyPrefix(prefix).leaseLength(Duration.ofSeconds(3)).build());
        long began = System.nanoTime();
        assertThatThrownBy(() -> nowhere.claim(new NodeClaim(namespace, 0, 0)))
                .isInstanceOf(LeaseStoreUnreachableException.class)
                .hasMessageContaining("etcd http://127.0.0.1:9");
        assertThat(Duration.ofNanos(System.nanoTime() - began)).isLessThan(Duration.ofSeconds(7));
    }
}
