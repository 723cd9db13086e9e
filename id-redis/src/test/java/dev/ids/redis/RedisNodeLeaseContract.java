package dev.ids.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.clock.IdClock;
import dev.ids.node.LeaseFence;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.Renewal;
import dev.ids.testing.ExpiringRecordLeaseContract;
import dev.ids.testing.LeaseTerms;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The behaviour of {@link RedisNodeLeaseProvider}: the contract of every store with expiring records
 * ({@link ExpiringRecordLeaseContract}), and what is Redis's own: the keys' layout and TTLs, expiry on the server's
 * clock, and the skew measured against the server's {@code TIME}. A subclass per topology (a single server, a
 * Cluster) supplies the client.
 */
abstract class RedisNodeLeaseContract extends ExpiringRecordLeaseContract<RedisNodeLeaseProvider, RedisNodeLease> {

    /** The application's client, to the server or Cluster under test. */
    abstract AbstractRedisClient client();

    /** Commands outside the provider, as an operator or another process would send them. */
    abstract RedisClusterCommands<String, String> admin();

    @Override
    protected RedisNodeLeaseProvider newProvider(String keyPrefix, LeaseTerms terms) {
        return terms.applyTo(RedisNodeLeaseProvider.builder(client()).keyPrefix(keyPrefix)).build();
    }

    @Override
    protected RedisNodeLease claim(RedisNodeLeaseProvider provider, NodeClaim claim) {
        return provider.claim(claim);
    }

    @Override
    protected Renewal renew(RedisNodeLease lease) {
        return lease.renew();
    }

    @Override
    protected String recordName(RedisNodeLease lease) {
        return lease.key();
    }

    @Override
    protected String holder(RedisNodeLease lease) {
        return lease.holder();
    }

    @Override
    protected String lossReason(RedisNodeLease lease) {
        return lease.lossReason();
    }

    @Override
    protected String recordNamePattern() {
        return keys().tag() + ":lease:<identity>";
    }

    @Override
    protected boolean recordExists(RedisNodeLease lease) {
        return admin().exists(lease.key()) != 0;
    }

    @Override
    protected String storedHolder(RedisNodeLease lease) {
        return admin().get(lease.key());
    }

    @Override
    protected void deleteRecord(RedisNodeLease lease) {
        admin().del(lease.key());
    }

    /** The namespace's holder hash too. */
    @Override
    protected void deleteEveryRecord(RedisNodeLease lease) {
        admin().del(lease.key(), lease.highWaterMarkKey(), keys().holders());
    }

    @Override
    protected void recordTakenBy(RedisNodeLease lease, String otherHolder) {
        admin().set(lease.key(), otherHolder);
    }

    @Override
    protected String storedMark(RedisNodeLease lease) {
        return admin().get(lease.highWaterMarkKey());
    }

    @Override
    protected void writeMark(RedisNodeLease lease, String stored) {
        admin().set(lease.highWaterMarkKey(), stored);
    }

    @Override
    protected String markAsStored(long epochMillis) {
        return Long.toString(epochMillis);
    }

    /** With the skew measured against the server's clock, a grace (less two seconds for the measurement). */
    @Override
    protected long leastStartAfterEveryRecordLost(long wallTimeMillis) {
        return wallTimeMillis + LeaseFence.STEP_MILLIS + GRACE.toMillis() - 2_000;
    }

    @Override
    protected boolean listsExpiryOnTheStoresClock() {
        return true;
    }

    NamespaceKeys keys() {
        return new NamespaceKeys(prefix, namespace);
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
    void anExpiredLeaseIsReclaimableOnlyAfterTheGraceOnTheServersClock() throws Exception {
        Duration shortTime = Duration.ofMillis(600);
        RedisNodeLeaseProvider shortLived = provider(terms("a").withClock(IdClock.system())
                .withTimings(shortTime, shortTime));
        RedisNodeLeaseProvider other = provider(terms("b").withClock(IdClock.system())
                .withTimings(shortTime, shortTime));
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

        clock.setWallClock(Instant.now());
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        assertThat(lease.isHeld()).isTrue();
        assertThat(lease.clockSkew().abs()).isLessThan(Duration.ofSeconds(2));
    }
}
