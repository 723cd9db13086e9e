package dev.ids.zookeeper;

import static dev.ids.zookeeper.ZooKeeperTesting.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.IdClock;
import dev.ids.clock.ManualClock;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.ReclaimingNodeLease;
import dev.ids.sno.SnoGenerator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Fencing: session expiry, a server that stops and restarts, and a connection suspended for longer than the session
 * timeout. Each test has its own in-process server (200 ms ticks: session timeouts from 0.4 to 4 s).
 */
class ZooKeeperNodeLeaseFencingTests {

    private static final NodeClaim ONLY_ZERO = new NodeClaim("sno", 0, 0);

    private final List<AutoCloseable> toClose = new ArrayList<>();
    private TestingServer server;

    @BeforeEach
    void startServer() throws Exception {
        server = ZooKeeperTesting.server(200);
    }

    @AfterEach
    void closeAll() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
        server.close();
    }

    private ZooKeeperNodeLeaseProvider provider(Duration sessionTimeout) {
        return provider(sessionTimeout, IdClock.system());
    }

    private ZooKeeperNodeLeaseProvider provider(Duration sessionTimeout, IdClock clock) {
        ZooKeeperNodeLeaseProvider provider = ZooKeeperNodeLeaseProvider.builder()
                .connectString(server.getConnectString()).sessionTimeout(sessionTimeout)
                .connectionTimeout(Duration.ofSeconds(1)).clock(clock).build();
        toClose.add(provider);
        return provider;
    }

    /**
     * Steps a manual clock's wall time a second past where a lease starts, so that a generator's first unit of time
     * lies wholly after it: a claim that finds no mark starts 20 s ahead (docs/LEASES.md, "A record that is lost"),
     * and these tests are about what follows. The wall clock alone: the leases' deadlines count its monotonic time,
     * which stands still here while the proofs come in real time.
     */
    private static void stepWallClockPastTheStart(ManualClock clock, NodeLease lease) {
        long behind = lease.highWaterMarkMillis() + 1_000 - clock.wallTimeMillis();
        if (behind > 0) {
            clock.stepWallClock(Duration.ofMillis(behind));
        }
    }

    /** A time for the marks these tests write: a minute from now, beyond where a claim that finds no mark starts. */
    private static long aMinuteAhead() {
        return System.currentTimeMillis() + 60_000;
    }

    /** Watches a lease from another thread and remembers whether it was ever seen held once the watch began. */
    private AtomicBoolean everHeldFrom(ZooKeeperNodeLease lease) {
        AtomicBoolean seen = new AtomicBoolean();
        AtomicBoolean stop = new AtomicBoolean();
        Thread watcher = new Thread(() -> {
            while (!stop.get()) {
                if (lease.isHeld()) {
                    seen.set(true);
                }
                Thread.onSpinWait();
            }
        }, "lease-watcher");
        watcher.setDaemon(true);
        watcher.start();
        toClose.add(() -> {
            stop.set(true);
            watcher.join();
        });
        return seen;
    }

    @Test
    void sessionExpiryFencesTheLeaseForGoodAndAClaimAfterwardsGetsANewLease() throws Exception {
        ZooKeeperNodeLeaseProvider provider = provider(Duration.ofSeconds(2));
        ZooKeeperNodeLease lease = provider.claim(new NodeClaim("sno", 0, 3));
        assertThat(lease.isHeld()).isTrue();
        byte[] password = provider.client().getZookeeperClient().getZooKeeper().getSessionPasswd();

        ZooKeeperTesting.expireSession(server.getConnectString(), lease.sessionId(), password);

        await("the lease is fenced", Duration.ofSeconds(2), () -> !lease.isHeld());
        await("the lease ends (session lost)", Duration.ofSeconds(5), lease::isEnded);
        ZooKeeperNodeLease again = provider.claim(new NodeClaim("sno", 0, 3));
        assertThat(again.identity()).as("the expired session's znode is gone").isZero();
        assertThat(again.sessionId()).isNotEqualTo(lease.sessionId());
        assertThat(again.isHeld()).isTrue();
        Thread.sleep(500); // several proof periods on the new session
        assertThat(lease.isHeld()).as("the old lease stays fenced").isFalse();
        assertThat(again.isHeld()).isTrue();
        assertThat(lease.toString()).contains("ended");
    }

    @Test
    void serverStopFencesAtOnceAndRestartWithinTheSessionTimeoutRestoresTheSameLease() throws Exception {
        // 4 s session: the lease deadline is about 2.7 s, so fencing within 1 s comes from SUSPENDED.
        ZooKeeperNodeLeaseProvider provider = provider(Duration.ofSeconds(4));
        ZooKeeperNodeLease lease = provider.claim(new NodeClaim("sno", 0, 3));
        assertThat(lease.isHeld()).isTrue();

        server.stop();
        await("the lease is fenced on SUSPENDED", Duration.ofSeconds(1), () -> !lease.isHeld());
        assertThat(lease.isEnded()).isFalse();

        server.restart();
        await("the lease is proven again on the same session", Duration.ofSeconds(4), lease::isHeld);
        ZooKeeper plain = ZooKeeperTesting.plainClient(server.getConnectString());
        try {
            assertThat(plain.exists(lease.path(), false).getEphemeralOwner()).isEqualTo(lease.sessionId());
            lease.close();
            assertThat(plain.exists(lease.path(), false)).isNull();
        } finally {
            plain.close();
        }
        ZooKeeperNodeLease again = provider(Duration.ofSeconds(4)).claim(new NodeClaim("sno", 0, 3));
        assertThat(again.identity()).isZero();
        assertThat(again.isHeld()).isTrue();
    }

    @Test
    void connectionSuspendedLongerThanTheSessionTimeoutLeavesTheOldLeaseFencedAndTheIdentityToAnother()
            throws Exception {
        ZooKeeperNodeLeaseProvider first = provider(Duration.ofSeconds(1));
        ZooKeeperNodeLease lease = first.claim(ONLY_ZERO);
        assertThat(lease.isHeld()).isTrue();

        server.stop();
        await("the lease is fenced", Duration.ofSeconds(1), () -> !lease.isHeld());
        AtomicBoolean heldAgain = everHeldFrom(lease);
        await("the session is lost", Duration.ofSeconds(5), lease::isEnded);
        server.restart();

        // The server restores the old session and expires it a session timeout later; then the identity is free.
        ZooKeeperNodeLeaseProvider second = provider(Duration.ofSeconds(1));
        AtomicReference<ZooKeeperNodeLease> taken = new AtomicReference<>();
        await("another process claims the identity", Duration.ofSeconds(8), () -> {
            try {
                taken.set(second.claim(ONLY_ZERO));
                return true;
            } catch (IllegalStateException e) { // NoFreeNodeIdentityException while the old session lives
                return false;
            }
        });
        assertThat(taken.get().isHeld()).isTrue();
        assertThat(taken.get().identity()).isZero();

        // The first process reconnects with a new session; its old lease never comes back, it must claim anew.
        ZooKeeperNodeLease renewed = first.claim(new NodeClaim("sno", 0, 1));
        assertThat(renewed.identity()).isEqualTo(1);
        assertThat(renewed.isHeld()).isTrue();
        Thread.sleep(300);
        assertThat(lease.isHeld()).isFalse();
        assertThat(heldAgain).as("the old lease was never held after the outage").isFalse();
    }

    @Test
    void sessionExpiryFencesAtOnceAndAReclaimingLeaseClaimsTheSameIdentityAgainOnceFree() throws Exception {
        // A manual wall clock, stepped past where the first claim starts (it finds no mark), instead of a 20 s wait.
        ManualClock clock = ManualClock.atEpochMillis(System.currentTimeMillis());
        ZooKeeperNodeLeaseProvider provider = provider(Duration.ofSeconds(2), clock);
        List<ZooKeeperNodeLease> inner = new java.util.concurrent.CopyOnWriteArrayList<>();
        ReclaimingNodeLease lease = ReclaimingNodeLease.claim(claim -> {
            ZooKeeperNodeLease claimed = provider.claim(claim);
            inner.add(claimed);
            return claimed;
        }, ONLY_ZERO, clock, Duration.ofMillis(20));
        toClose.add(lease);
        stepWallClockPastTheStart(clock, lease);
        SnoGenerator generator = SnoGenerator.builder().lease(lease).clock(clock).build();
        int partition = generator.next().partition();
        byte[] password = provider.client().getZookeeperClient().getZooKeeper().getSessionPasswd();

        ZooKeeperTesting.expireSession(server.getConnectString(), inner.get(0).sessionId(), password);
        // Another process takes the freed identity before this one learns of the expiry.
        ZooKeeperNodeLease other = provider(Duration.ofSeconds(2)).claim(ONLY_ZERO);
        await("the lease is fenced", Duration.ofSeconds(5), () -> !lease.isHeld());
        await("the inner lease ends (session lost)", Duration.ofSeconds(5), () -> inner.get(0).isEnded());
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("lease is not held");
        await("re-claims fail while the other process holds the identity", Duration.ofSeconds(5),
                () -> lease.renewalFailureCount() >= 2);
        assertThat(lease.isHeld()).isFalse();

        other.close();
        await("the same identity is claimed again", Duration.ofSeconds(5), lease::isHeld);
        // Once in CI (2026-11-26, busy machine) the first re-claim was itself lost at once and claimed again
        // (reclaimCount 2), likely because the client's notice of the expired session arrived after the re-claim
        // (not confirmed). Losing a lease is the safe side; what counts is that the identity comes back, on a new
        // session.
        assertThat(lease.reclaimCount()).isGreaterThanOrEqualTo(1);
        assertThat(inner).hasSizeGreaterThanOrEqualTo(2);
        ZooKeeperNodeLease reclaimed = inner.get(inner.size() - 1);
        assertThat(reclaimed.identity()).isZero();
        assertThat(reclaimed.sessionId()).as("a new session").isNotEqualTo(inner.get(0).sessionId());
        assertThat(generator.next().partition()).isEqualTo(partition);
    }

    @Test
    void aLeaseWhoseZnodeWasCreatedAnewByAnotherSessionCannotWriteTheMark() throws Exception {
        ZooKeeperNodeLeaseProvider provider = provider(Duration.ofSeconds(2));
        ZooKeeperNodeLease lease = provider.claim(ONLY_ZERO);
        long mark = aMinuteAhead();
        lease.advanceHighWaterMark(mark);
        ZooKeeper plain = ZooKeeperTesting.plainClient(server.getConnectString());
        try {
            // Someone deletes the znode by hand and another process claims the identity at once; this lease's
            // watcher may not have fired yet, so the write below must find out for itself.
            plain.delete(lease.path(), -1);
            ZooKeeperNodeLease other = provider(Duration.ofSeconds(2)).claim(ONLY_ZERO);
            assertThat(other.highWaterMarkMillis()).isEqualTo(mark);
            // Straight to the provider: the lease itself refuses once its watcher has seen the deletion.
            assertThatThrownBy(() -> provider.writeHighWaterMark(lease, mark + 4_000, lease.highWaterMarkVersion()))
                    .isInstanceOf(IllegalStateException.class);
            assertThat(lease.isEnded()).isTrue();
            assertThat(new String(plain.getData(lease.highWaterMarkPath(), false, null)))
                    .isEqualTo(String.valueOf(mark));
        } finally {
            plain.close();
        }
    }

    @Test
    void anOrderlyCloseLowersTheMarkToTheLastIdsTimeSoTheNextHolderIssuesAtOnce() throws Exception {
        // A manual wall clock, stepped past where the first claim starts (it finds no mark), instead of a 20 s wait;
        // then it moves a millisecond per ID, as real time would.
        ManualClock clock = ManualClock.atEpochMillis(System.currentTimeMillis());
        ZooKeeperNodeLeaseProvider provider = provider(Duration.ofSeconds(2), clock);
        ZooKeeperNodeLease lease = provider.claim(ONLY_ZERO);
        stepWallClockPastTheStart(clock, lease);
        long start = lease.highWaterMarkMillis();
        SnoGenerator generator = SnoGenerator.builder().lease(lease).clock(clock).maxWait(Duration.ZERO).build();
        long last = 0;
        for (int i = 0; i < 100; i++) {
            dev.ids.sno.Sno id = generator.next();
            last = Math.max(last, id.timestamp().toEpochMilli() + dev.ids.sno.Sno.UNIT_MILLIS - 1);
            clock.stepWallClock(Duration.ofMillis(1));
        }
        assertThat(last).as("beyond the mark the lease started from, which a close never lowers below")
                .isGreaterThan(start);
        assertThat(lease.highWaterMarkMillis()).as("a step ahead").isGreaterThan(last + 1_000);
        lease.close();

        ZooKeeperNodeLease next = provider.claim(ONLY_ZERO);
        assertThat(next.highWaterMarkMillis()).isEqualTo(last);
        clock.stepWallClock(Duration.ofMillis(dev.ids.sno.Sno.UNIT_MILLIS + 1));
        assertThat(SnoGenerator.builder().lease(next).clock(clock).maxWait(Duration.ZERO).build().next().partition())
                .isZero();
    }
}
