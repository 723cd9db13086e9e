package dev.ids.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.node.ConfiguredIdentityClaim;
import dev.ids.node.ListedLease;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.Renewal;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A configured identity that a killed previous run still holds in etcd is taken back through the core's one rule
 * ({@link ConfiguredIdentityClaim}, {@link dev.ids.node.IdentityTakeOver}): after a watch of the silence, only while
 * the key is as judged, and only once the cluster counts no keep-alive for the silence. Every provider here has a
 * grace of 400 ms and a lease of 30 s, so the silence of the restarted one is 800 ms and a killed holder's key would
 * live on for 31 s. On a 3-member cluster of the test's own.
 */
class EtcdIdentityTakeOverTest {

    private static final Duration GRACE = Duration.ofMillis(400);

    private static EtcdCluster cluster;

    private final Deque<AutoCloseable> opened = new ArrayDeque<>();
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
    void names() {
        String run = UUID.randomUUID().toString().substring(0, 8);
        prefix = "ids-takeover-" + run;
        namespace = "ns-" + run;
    }

    @AfterEach
    void closeAll() throws Exception {
        while (!opened.isEmpty()) {
            opened.pop().close();
        }
    }

    private <T extends AutoCloseable> T remember(T closeable) {
        opened.push(closeable);
        return closeable;
    }

    /** A provider whose leases never renew: the run that was killed. */
    private EtcdNodeLeaseProvider silent(String holder) {
        return remember(EtcdNodeLeaseProvider.builder(cluster.endpoints()).keyPrefix(prefix).holderId(holder)
                .leaseLength(Duration.ofSeconds(30)).reclaimGrace(GRACE).backgroundRenewal(false).build());
    }

    private EtcdNodeLeaseProvider renewing(String holder, Duration renewalPeriod) {
        return remember(EtcdNodeLeaseProvider.builder(cluster.endpoints()).keyPrefix(prefix).holderId(holder)
                .leaseLength(Duration.ofSeconds(30)).renewalPeriod(renewalPeriod).reclaimGrace(GRACE).build());
    }

    private NodeClaim one(long identity) {
        return new NodeClaim(namespace, identity, identity);
    }

    @Test
    void twoReadsOfAnUntouchedKeyListTheSameRecordAndARenewalChangesIt() throws Exception {
        EtcdNodeLeaseProvider provider = silent("lister");
        EtcdNodeLease lease = remember(provider.claim(one(2)));
        ListedLease first = provider.listLeases(namespace).get(0);
        Thread.sleep(1_100);
        assertThat(provider.listLeases(namespace)).containsExactly(first);
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        assertThat(provider.listLeases(namespace).get(0).expiresAtMillis()).isGreaterThan(first.expiresAtMillis());
    }

    @Test
    void aConfiguredIdentityThatAKilledRunHoldsIsTakenBackAfterTheWatchAboveItsMark() {
        EtcdNodeLease killed = remember(silent("killed-run").claim(one(4)));
        long mark = killed.highWaterMarkMillis() + 60_000;
        killed.advanceHighWaterMark(mark);
        EtcdNodeLeaseProvider restarted = renewing("restarted", GRACE);
        assertThat(restarted.silenceBeforeTakeOver()).isEqualTo(Duration.ofMillis(800));

        long started = System.nanoTime();
        NodeLease taken = remember(ConfiguredIdentityClaim.claim(restarted, one(4), "ID generator 'test' "
                + "(test.identity)", Duration.ofSeconds(1)));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("watched the silent holder first")
                .isGreaterThanOrEqualTo(restarted.silenceBeforeTakeOver());
        assertThat(taken.identity()).isEqualTo(4);
        assertThat(taken.highWaterMarkMillis()).as("starts above the killed run's mark").isGreaterThanOrEqualTo(mark);
        assertThat(restarted.listLeases(namespace)).singleElement()
                .satisfies(listed -> assertThat(listed.holderIs("restarted")).as("%s", listed).isTrue());
        assertThat(killed.renew()).as("the killed run, were it only paused, cannot renew").isEqualTo(Renewal.LOST);
    }

    @Test
    void aConfiguredIdentityThatARunningInstanceRenewsIsNotTaken() {
        EtcdNodeLease running = remember(renewing("running", Duration.ofMillis(200)).claim(one(5)));
        EtcdNodeLeaseProvider restarted = renewing("restarted", GRACE);

        assertThatThrownBy(() -> ConfiguredIdentityClaim.claim(restarted, one(5), "ID generator 'test' "
                + "(test.identity)", Duration.ofSeconds(1))).isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(running.isHeld()).isTrue();
        assertThat(restarted.listLeases(namespace)).singleElement()
                .satisfies(listed -> assertThat(listed.holderIs("running")).isTrue());
    }

    @Test
    void aTakeOverNeedsTheKeyAsJudgedAndTheSilenceTheClusterCounts() {
        EtcdNodeLease killed = remember(silent("killed-run").claim(one(6)));
        EtcdNodeLeaseProvider restarted = renewing("restarted", GRACE);
        ListedLease judged = restarted.listLeases(namespace).get(0);

        long asked = System.nanoTime();
        assertThatThrownBy(() -> restarted.takeOver(judged, Duration.ofSeconds(30)))
                .as("kept alive within the silence").isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - asked)).as("waited for the cluster's count, then gave up")
                .isGreaterThanOrEqualTo(EtcdTakeOver.SETTLE);
        ListedLease stale = new ListedLease(namespace, 6, judged.holder(), true, judged.expiresAtMillis() - 1,
                judged.highWaterMarkMillis());
        assertThatThrownBy(() -> restarted.takeOver(stale, Duration.ZERO)).as("another expiry than judged")
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThatThrownBy(() -> restarted.takeOver(judged, Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class);

        EtcdNodeLease taken = remember(restarted.takeOver(judged, Duration.ZERO));
        assertThat(taken.identity()).isEqualTo(6);
        assertThatThrownBy(() -> restarted.takeOver(judged, Duration.ZERO)).as("judged once, taken once")
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(killed.renew()).isEqualTo(Renewal.LOST);
    }
}
