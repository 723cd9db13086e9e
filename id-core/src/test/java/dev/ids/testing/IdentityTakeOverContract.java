package dev.ids.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.clock.IdClock;
import dev.ids.node.ConfiguredIdentityClaim;
import dev.ids.node.IdentityTakeOver;
import dev.ids.node.ListedLease;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.Renewal;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A configured identity that a killed previous run still holds is taken back through the core's one rule
 * ({@link ConfiguredIdentityClaim}, {@link IdentityTakeOver}): after a watch of the silence, and only while the record
 * is as judged. For every store whose records expire by time; a subclass per store (the JDBC, Redis and etcd
 * stores') runs it, supplying a provider of the store over the key prefix each test gets, and a way to renew a lease
 * by hand. Every provider here has a grace of 400 ms and a lease of 30 s, so the silence of the restarted one is
 * 800 ms and a killed holder's record would live on for 30 s or more.
 */
public abstract class IdentityTakeOverContract {

    /** The reclaim grace of every provider: twice it is the silence of a provider renewing every grace. */
    protected static final Duration GRACE = Duration.ofMillis(400);
    static final Duration LEASE = Duration.ofSeconds(30);

    private final Deque<AutoCloseable> opened = new ArrayDeque<>();
    private String prefix;
    private String namespace;

    /**
     * A provider of the store under test whose records live under the given prefix, built with the given terms.
     *
     * @param keyPrefix the prefix of every record, new for each test
     * @param terms the holder id, clock, timings and whether leases renew in the background
     * @return the provider; closed after the test when it is {@link AutoCloseable}
     */
    protected abstract IdentityTakeOver newProvider(String keyPrefix, LeaseTerms terms);

    /**
     * Renews a lease of the store once, as its renewal thread does.
     *
     * @param lease a lease the store's provider gave
     * @return the renewal's outcome
     */
    protected abstract Renewal renewOnce(NodeLease lease);

    /**
     * How long to wait between two reads of an untouched record, so that an expiry listed as a time left, counted
     * down, would differ between them: longer than the unit the store counts its time to live in.
     *
     * @return the pause; 30 ms unless the store counts in coarser units
     */
    protected Duration pauseBetweenReads() {
        return Duration.ofMillis(30);
    }

    /**
     * How long a refused take-over of a holder that renewed within the silence waits, at the least, for the store to
     * count that silence before it refuses.
     *
     * @return the least wait; zero unless the store counts the silence itself
     */
    protected Duration leastWaitBeforeRefusal() {
        return Duration.ZERO;
    }

    @BeforeEach
    void names() {
        String run = UUID.randomUUID().toString().substring(0, 8);
        prefix = "ids-takeover-" + ProcessHandle.current().pid() + "-" + run;
        namespace = "ns-" + run;
    }

    @AfterEach
    void closeAll() throws Exception {
        while (!opened.isEmpty()) {
            opened.pop().close();
        }
    }

    private <T> T remember(T opener) {
        if (opener instanceof AutoCloseable closeable) {
            opened.push(closeable);
        }
        return opener;
    }

    /** A provider whose leases never renew: the run that was killed. */
    private IdentityTakeOver silent(String holder) {
        return remember(newProvider(prefix, LeaseTerms.renewedByHand(holder, IdClock.system(), LEASE, GRACE)));
    }

    private IdentityTakeOver renewing(String holder, Duration renewalPeriod) {
        return remember(newProvider(prefix, LeaseTerms.renewedByHand(holder, IdClock.system(), LEASE, GRACE)
                .renewingEvery(renewalPeriod)));
    }

    private NodeClaim one(long identity) {
        return new NodeClaim(namespace, identity, identity);
    }

    @Test
    void twoReadsOfAnUntouchedRecordListTheSameRecordAndARenewalChangesIt() throws Exception {
        IdentityTakeOver provider = silent("lister");
        NodeLease lease = remember(provider.claim(one(2)));
        ListedLease first = provider.listLeases(namespace).get(0);
        Thread.sleep(pauseBetweenReads().toMillis());
        assertThat(provider.listLeases(namespace)).containsExactly(first);
        assertThat(renewOnce(lease)).isEqualTo(Renewal.RENEWED);
        assertThat(provider.listLeases(namespace).get(0).expiresAtMillis()).isGreaterThan(first.expiresAtMillis());
    }

    @Test
    void aConfiguredIdentityThatAKilledRunHoldsIsTakenBackAfterTheWatchAboveItsMark() {
        NodeLease killed = remember(silent("killed-run").claim(one(4)));
        long mark = killed.highWaterMarkMillis() + 60_000;
        killed.advanceHighWaterMark(mark);
        IdentityTakeOver restarted = renewing("restarted", GRACE);
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
        assertThat(renewOnce(killed)).as("the killed run, were it only paused, cannot renew").isEqualTo(Renewal.LOST);
    }

    @Test
    void aConfiguredIdentityThatARunningInstanceRenewsIsNotTaken() {
        NodeLease running = remember(renewing("running", Duration.ofMillis(200)).claim(one(5)));
        IdentityTakeOver restarted = renewing("restarted", GRACE);

        assertThatThrownBy(() -> ConfiguredIdentityClaim.claim(restarted, one(5), "ID generator 'test' "
                + "(test.identity)", Duration.ofSeconds(1))).isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(running.isHeld()).isTrue();
        assertThat(restarted.listLeases(namespace)).singleElement()
                .satisfies(listed -> assertThat(listed.holderIs("running")).isTrue());
    }

    @Test
    void aTakeOverNeedsTheRecordAsJudgedAndTheSilence() {
        NodeLease killed = remember(silent("killed-run").claim(one(6)));
        IdentityTakeOver restarted = renewing("restarted", GRACE);
        ListedLease judged = restarted.listLeases(namespace).get(0);

        long asked = System.nanoTime();
        assertThatThrownBy(() -> restarted.takeOver(judged, Duration.ofSeconds(30)))
                .as("renewed within the silence").isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - asked)).as("waited for the store's count, then gave up")
                .isGreaterThanOrEqualTo(leastWaitBeforeRefusal());
        ListedLease stale = new ListedLease(namespace, 6, judged.holder(), true, judged.expiresAtMillis() - 1,
                judged.highWaterMarkMillis());
        assertThatThrownBy(() -> restarted.takeOver(stale, Duration.ZERO)).as("another expiry than judged")
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThatThrownBy(() -> restarted.takeOver(judged, Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class);

        NodeLease taken = remember(restarted.takeOver(judged, Duration.ZERO));
        assertThat(taken.identity()).isEqualTo(6);
        assertThatThrownBy(() -> restarted.takeOver(judged, Duration.ZERO)).as("judged once, taken once")
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(renewOnce(killed)).isEqualTo(Renewal.LOST);
    }
}
