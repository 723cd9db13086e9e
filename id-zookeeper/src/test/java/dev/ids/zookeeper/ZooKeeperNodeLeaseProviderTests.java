package dev.ids.zookeeper;

import static dev.ids.zookeeper.ZooKeeperTesting.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.ManualClock;
import dev.ids.node.LeaseFence;
import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.ReclaimingNodeLease;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** Claims, release, exhaustion, the Lable layout and high-water marks, against one in-process ZooKeeper. */
class ZooKeeperNodeLeaseProviderTests {

    private static TestingServer server;
    private static ZooKeeper plain;

    private final List<AutoCloseable> toClose = new ArrayList<>();
    private String root;

    @BeforeAll
    static void startServer() throws Exception {
        server = ZooKeeperTesting.server(100);
        plain = ZooKeeperTesting.plainClient(server.getConnectString());
    }

    @AfterAll
    static void stopServer() throws Exception {
        plain.close();
        server.close();
    }

    @BeforeEach
    void uniqueRoot(TestInfo test) {
        root = "/ids-test/" + test.getTestMethod().orElseThrow().getName();
    }

    @AfterEach
    void closeAll() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    private ZooKeeperNodeLeaseProvider provider() {
        return provider(ZooKeeperNodeLeaseProvider.builder());
    }

    private ZooKeeperNodeLeaseProvider provider(ZooKeeperNodeLeaseProvider.Builder builder) {
        ZooKeeperNodeLeaseProvider provider = builder.connectString(server.getConnectString())
                .sessionTimeout(Duration.ofSeconds(2)).connectionTimeout(Duration.ofSeconds(2)).rootPath(root)
                .build();
        toClose.add(provider);
        return provider;
    }

    private static String data(String path) throws Exception {
        return new String(plain.getData(path, false, null), StandardCharsets.UTF_8);
    }

    /**
     * A time for the marks these tests write: a minute from now, beyond where a claim that finds no mark starts (now
     * plus a step plus a step for the clocks, docs/LEASES.md "A record that is lost"), so that a write of it is a
     * real write and not ignored as below the lease's mark.
     */
    private static long aMinuteAhead() {
        return System.currentTimeMillis() + 60_000;
    }

    /**
     * Steps a manual clock's wall time a second past a time, such as where a lease that found no mark starts, so that
     * a generator's first unit of time lies wholly after it. The wall clock alone: the leases' deadlines count its
     * monotonic time, which stands still here while the proofs come in real time; advancing it by the 20 s a first
     * claim starts ahead would suspend them until the next proof.
     */
    private static void stepWallClockPast(ManualClock clock, long epochMillis) {
        long behind = epochMillis + 1_000 - clock.wallTimeMillis();
        if (behind > 0) {
            clock.stepWallClock(Duration.ofMillis(behind));
        }
    }

    @Test
    void concurrentClaimsOfSeveralProvidersGetDistinctIdentitiesAndALaterClaimTheLowestFreeOne() throws Exception {
        // Not the six lowest: claimants that lose the lowest free identity spread over the range, so that a fleet
        // claims in linear time (see ZooKeeperFleetClaimTests).
        List<ZooKeeperNodeLeaseProvider> providers = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            providers.add(provider());
        }
        ExecutorService threads = Executors.newFixedThreadPool(providers.size());
        Set<Long> identities = new TreeSet<>();
        try {
            List<Future<ZooKeeperNodeLease>> claims = new ArrayList<>();
            for (ZooKeeperNodeLeaseProvider provider : providers) {
                Callable<ZooKeeperNodeLease> claim = () -> provider.claim(new NodeClaim("sno", 0, 65_535));
                claims.add(threads.submit(claim));
            }
            for (Future<ZooKeeperNodeLease> claim : claims) {
                ZooKeeperNodeLease lease = claim.get();
                assertThat(lease.isHeld()).isTrue();
                assertThat(lease.path()).isEqualTo(root + "/sno/pool/" + lease.identity());
                identities.add(lease.identity());
            }
            assertThat(identities).hasSize(6).contains(0L)
                    .allSatisfy(identity -> assertThat(identity).isBetween(0L, 65_535L));
        } finally {
            threads.shutdownNow();
        }
        // One more from an existing provider (the same session), claiming alone, takes the lowest free one.
        long lowestFree = LongStream.rangeClosed(0, 65_535).filter(identity -> !identities.contains(identity))
                .findFirst().orElseThrow();
        assertThat(providers.get(0).claim(new NodeClaim("sno", 0, 65_535)).identity()).isEqualTo(lowestFree);
    }

    @Test
    void concurrentClaimsOfOneProviderNeverTakeTheSameIdentity() throws Exception {
        // One session for all: a znode another claim of this provider has just created, and not yet registered as a
        // lease, must not pass for a create of this claim that Curator retried.
        ZooKeeperNodeLeaseProvider provider = provider();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            for (int round = 0; round < 10; round++) {
                NodeClaim claim = new NodeClaim("sno.round" + round, 0, 1);
                java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
                List<Future<ZooKeeperNodeLease>> claims = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    claims.add(threads.submit(() -> {
                        start.await();
                        return provider.claim(claim);
                    }));
                }
                start.countDown();
                List<Long> taken = new ArrayList<>();
                for (Future<ZooKeeperNodeLease> future : claims) {
                    try {
                        taken.add(future.get().identity());
                    } catch (java.util.concurrent.ExecutionException e) {
                        assertThat(e.getCause()).isInstanceOf(NoFreeNodeIdentityException.class);
                    }
                }
                assertThat(taken).as("round %d", round).doesNotHaveDuplicates().hasSize(2);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void claimStartsAtTheRangeMinimumAndNamespacesAreIndependent() {
        ZooKeeperNodeLeaseProvider provider = provider();
        assertThat(provider.claim(new NodeClaim("elfo", 10, 20)).identity()).isEqualTo(10);
        assertThat(provider.claim(new NodeClaim("elfo", 10, 20)).identity()).isEqualTo(11);
        assertThat(provider.claim(new NodeClaim("elfo.payments", 10, 20)).identity()).isEqualTo(10);
    }

    @Test
    void closeDeletesTheZnodeSoTheIdentityIsFreeAtOnce() throws Exception {
        ZooKeeperNodeLeaseProvider first = provider();
        ZooKeeperNodeLeaseProvider second = provider();
        ZooKeeperNodeLease lease = first.claim(new NodeClaim("muid", 0, 10));
        assertThat(plain.exists(lease.path(), false).getEphemeralOwner()).isEqualTo(lease.sessionId());

        lease.close();

        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.isEnded()).isTrue();
        assertThat(plain.exists(lease.path(), false)).isNull();
        assertThat(second.claim(new NodeClaim("muid", 0, 10)).identity()).isZero();
        lease.close(); // idempotent
    }

    @Test
    void aReleasedLableIdentityStaysTakenForLablesSkewAllowanceThenIsFree() throws Exception {
        ZooKeeperNodeLeaseProvider first = provider();
        ZooKeeperNodeLeaseProvider second = provider();
        ZooKeeperNodeLease lease = first.claim(new NodeClaim("lable", 0, 63));
        long closedAt = System.nanoTime();
        lease.close();

        assertThat(lease.isHeld()).isFalse();
        // Lable's own module would take a free znode at once; its generators know no high-water mark.
        assertThat(plain.exists(lease.path(), false)).as("kept right after close").isNotNull();
        assertThat(second.claim(new NodeClaim("lable", 0, 63)).identity()).isEqualTo(1);
        long deadline = closedAt + Duration.ofSeconds(10).toNanos();
        while (plain.exists(lease.path(), false) != null && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(plain.exists(lease.path(), false)).as("deleted after the delay").isNull();
        assertThat(Duration.ofNanos(System.nanoTime() - closedAt))
                .isGreaterThanOrEqualTo(ZooKeeperNodeLeaseProvider.DEFAULT_LABLE_RELEASE_DELAY);
        assertThat(second.claim(new NodeClaim("lable", 0, 63)).identity()).isZero();
    }

    /**
     * A Lable lease whose pool znode was deleted from outside is claimed again, and is held once the clock passes
     * where the re-claim starts; the delayed delete of its old znode, which the ended lease's close scheduled, then
     * must not take the new znode of the same session.
     *
     * <p>Issue 33 (3): the first claim found no mark, so it started beyond any time a former holder may still issue
     * IDs for and recorded that start as the identity's mark; the outside delete takes the pool znode, not the mark,
     * so the re-claim starts from the recorded mark, the bound of everything this lease could have issued. (A delete
     * of the mark as well is the provider tests' aClaimAfterAnOperatorDeletedALiveLeasesZnodes... case.) The wall
     * clock is a manual one, stepped past the first start so that the test need not wait 20 s for it; the proofs and
     * the release delay run in real time.
     */
    @Test
    void aLableLeaseReclaimedAfterAnOutsideDeleteIsHeldOnceTheClockPassesItsStartAndThroughTheOldZnodesDelete()
            throws Exception {
        // A release delay of 200 ms instead of 2 s, so that ten of them fit in a two-second observation.
        Duration releaseDelay = Duration.ofMillis(200);
        ManualClock clock = ManualClock.atEpochMillis(System.currentTimeMillis());
        ZooKeeperNodeLeaseProvider provider = provider(ZooKeeperNodeLeaseProvider.builder()
                .lableReleaseDelay(releaseDelay).clock(clock));
        ReclaimingNodeLease lease = ReclaimingNodeLease.claim(provider, new NodeClaim("lable", 0, 63), clock,
                Duration.ofMillis(20));
        toClose.add(lease);
        String path = root + "/pool/" + lease.identity();
        long firstCreation = plain.exists(path, false).getCzxid();
        // The first claim found no mark either: past its start, a generator on it would be issuing IDs.
        stepWallClockPast(clock, lease.highWaterMarkMillis());
        // The first claim recorded where it started as the identity's mark, which outlives the pool znode.
        long recorded = Long.parseLong(data(root + "/hwm/" + lease.identity()));
        assertThat(recorded).isEqualTo(lease.highWaterMarkMillis());

        plain.delete(path, -1);

        await("the identity is claimed again", Duration.ofSeconds(5), () -> lease.reclaimCount() == 1);
        assertThat(lease.highWaterMarkMillis()).as("from the mark the former holder recorded, its only bound")
                .isGreaterThanOrEqualTo(recorded);
        stepWallClockPast(clock, lease.highWaterMarkMillis());
        assertThat(lease.isHeld()).as("held once the clock passed it").isTrue();
        Stat reclaimed = plain.exists(path, false);
        assertThat(reclaimed.getCzxid()).isNotEqualTo(firstCreation);
        // The ended lease was closed before the re-claim; its delayed delete falls inside this observation.
        long end = System.nanoTime() + releaseDelay.multipliedBy(10).toNanos();
        int notHeld = 0;
        while (System.nanoTime() - end < 0) {
            notHeld += lease.isHeld() ? 0 : 1;
            Thread.sleep(10);
        }
        assertThat(notHeld).as("samples not held").isZero();
        assertThat(lease.reclaimCount()).isEqualTo(1);
        assertThat(plain.exists(path, false)).as("the re-claimed znode").isNotNull()
                .extracting(Stat::getCzxid).isEqualTo(reclaimed.getCzxid());
    }

    @Test
    void closingTheProviderWaitsForTheDelayedLableDeletesBeforeItsSessionEnds() throws Exception {
        ZooKeeperNodeLeaseProvider provider = provider();
        ZooKeeperNodeLease lease = provider.claim(new NodeClaim("lable", 0, 63));
        long start = System.nanoTime();
        provider.close();
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .isGreaterThanOrEqualTo(ZooKeeperNodeLeaseProvider.DEFAULT_LABLE_RELEASE_DELAY);
        assertThat(plain.exists(lease.path(), false)).isNull();
    }

    @Test
    void closingTheProviderReleasesItsLeasesAndRefusesNewClaims() throws Exception {
        ZooKeeperNodeLeaseProvider provider = provider();
        ZooKeeperNodeLease lease = provider.claim(new NodeClaim("sno", 0, 1));

        provider.close();

        assertThat(lease.isHeld()).isFalse();
        assertThat(plain.exists(lease.path(), false)).isNull();
        assertThatIllegalStateException().isThrownBy(() -> provider.claim(new NodeClaim("sno", 0, 1)))
                .withMessageContaining("closed");
    }

    @Test
    void poolZnodesNameTheirHolderAndRowsListHoldersExpiriesAndMarks() throws Exception {
        ZooKeeperNodeLeaseProvider mine = provider();
        ZooKeeperNodeLeaseProvider other = provider();
        NodeClaim claim = new NodeClaim("sno", 0, 65_535);
        long firstsMark = aMinuteAhead();
        long releasedMark = firstsMark - 10_000; // both beyond where a claim that finds no mark starts
        ZooKeeperNodeLease first = mine.claim(claim);
        first.advanceHighWaterMark(firstsMark);
        ZooKeeperNodeLease theOthers = other.claim(claim);
        ZooKeeperNodeLease released = other.claim(claim);
        released.advanceHighWaterMark(releasedMark);
        released.close();
        // An earlier version's znode (the process id alone), and one of Lable's own module (no data).
        plain.create(root + "/sno/pool/9", "pid 4211".getBytes(StandardCharsets.UTF_8),
                ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
        plain.create(root + "/sno/pool/10", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
        try {
            assertThat(data(first.path())).isEqualTo(mine.holderId() + "#1");
            assertThat(data(theOthers.path())).isEqualTo(other.holderId() + "#1");
            assertThat(mine.holderId()).isNotEqualTo(other.holderId())
                    .contains("/pid " + ProcessHandle.current().pid());
            long before = System.currentTimeMillis();

            List<ZooKeeperNodeLeaseProvider.LeaseRow> rows = mine.rows("sno");

            assertThat(rows).extracting(ZooKeeperNodeLeaseProvider.LeaseRow::identity)
                    .containsExactly(first.identity(), theOthers.identity(), released.identity(), 9L, 10L);
            assertThat(rows.get(0)).satisfies(row -> {
                assertThat(row.held()).isTrue();
                assertThat(row.holder()).isEqualTo(mine.holderId() + "#1");
                assertThat(row.leaseHolder().orElseThrow().processId()).hasValue(ProcessHandle.current().pid());
                assertThat(row.expiresAtMillis()).as("this provider's lease: its deadline")
                        .isGreaterThan(before).isLessThanOrEqualTo(System.currentTimeMillis() + 2_000);
                assertThat(row.highWaterMarkMillis()).isEqualTo(firstsMark);
            });
            assertThat(rows.get(1)).satisfies(row -> {
                assertThat(row.held()).isTrue();
                assertThat(row.holder()).isEqualTo(other.holderId() + "#1");
                assertThat(row.expiresAtMillis()).as("another session's lease: not known").isZero();
            });
            assertThat(rows.get(2)).as("released: kept for its mark")
                    .isEqualTo(new ZooKeeperNodeLeaseProvider.LeaseRow("sno", released.identity(), false, null, 0L,
                            releasedMark));
            assertThat(rows.get(3).leaseHolder().orElseThrow().processId()).hasValue(4211);
            assertThat(rows.get(4).held()).isTrue();
            assertThat(rows.get(4).holder()).isNull();
            assertThat(other.rows("sno").get(0).expiresAtMillis()).isZero();
            assertThat(mine.rows("elfo")).isEmpty();
        } finally {
            plain.delete(root + "/sno/pool/9", -1);
            plain.delete(root + "/sno/pool/10", -1);
        }
    }

    @Test
    void exhaustedRangeThrowsWithAClearMessage() {
        ZooKeeperNodeLeaseProvider provider = provider();
        for (int i = 0; i < 3; i++) {
            provider.claim(new NodeClaim("lable.small", 0, 2));
        }
        assertThatThrownBy(() -> provider().claim(new NodeClaim("lable.small", 0, 2)))
                .isInstanceOf(NoFreeNodeIdentityException.class)
                .hasMessageContaining("namespace 'lable.small'")
                .hasMessageContaining("all of 0 to 2 are held")
                .hasMessageContaining(root + "/lable.small/pool")
                .hasMessageContaining(server.getConnectString());
    }

    @Test
    void sixtyFifthClaimOfASixtyFourIdRangeFindsNoFreeIdentity() {
        ZooKeeperNodeLeaseProvider provider = provider();
        for (int i = 0; i < 64; i++) {
            assertThat(provider.claim(new NodeClaim("lable", 0, 63)).identity()).isEqualTo(i);
        }
        assertThatThrownBy(() -> provider.claim(new NodeClaim("lable", 0, 63)))
                .isInstanceOf(NoFreeNodeIdentityException.class).hasMessageContaining("all of 0 to 63 are held");
    }

    @Test
    void identityHeldByAnotherSessionIsSkippedEvenWhenItAppearsAfterTheListing() throws Exception {
        // Lable's own module (or any other process) holds 0 and 2 as plain ephemeral znodes.
        plain.create(root, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        plain.create(root + "/pool", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        plain.create(root + "/pool/0", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
        plain.create(root + "/pool/2", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
        plain.create(root + "/pool/not-an-id", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
        try {
            ZooKeeperNodeLeaseProvider provider = provider();
            assertThat(provider.claim(new NodeClaim("lable", 0, 63)).identity()).isEqualTo(1);
            assertThat(provider.claim(new NodeClaim("lable", 0, 63)).identity()).isEqualTo(3);
        } finally {
            plain.delete(root + "/pool/0", -1);
            plain.delete(root + "/pool/2", -1);
            plain.delete(root + "/pool/not-an-id", -1);
        }
    }

    @Test
    void lableNamespaceUsesLablesLayoutUnderTheRoot() throws Exception {
        ZooKeeperNodeLeaseProvider provider = provider();
        ZooKeeperNodeLease lease = provider.claim(new NodeClaim("lable", 0, 63));

        assertThat(lease.path()).isEqualTo(root + "/pool/0");
        Stat stat = plain.exists(root + "/pool/0", false);
        assertThat(stat.getEphemeralOwner()).isEqualTo(lease.sessionId()).isNotZero();
        assertThat(plain.exists(root + "/pool", false).getEphemeralOwner()).isZero();
        assertThat(lease.highWaterMarkPath()).isEqualTo(root + "/hwm/0");
        assertThat(provider.basePath("lable")).isEqualTo(root);
        assertThat(provider.basePath("sno")).isEqualTo(root + "/sno");
    }

    @Test
    void lableNamespaceCanBeRenamed() {
        ZooKeeperNodeLeaseProvider provider = provider(ZooKeeperNodeLeaseProvider.builder().lableNamespace("lid"));
        assertThat(provider.claim(new NodeClaim("lid", 0, 63)).path()).isEqualTo(root + "/pool/0");
        assertThat(provider.claim(new NodeClaim("lable", 0, 63)).path()).isEqualTo(root + "/lable/pool/0");
    }

    @Test
    void clusterIdIsZeroWhenAbsentAndReadFromTheClusterIdZnode() throws Exception {
        ZooKeeperNodeLeaseProvider provider = provider();
        assertThat(provider.clusterId("lable")).isZero();
        assertThat(plain.exists(root + "/cluster-id", false)).as("reading writes nothing").isNull();

        plain.create(root, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        plain.create(root + "/cluster-id", "7".getBytes(StandardCharsets.UTF_8), ZooDefs.Ids.OPEN_ACL_UNSAFE,
                CreateMode.PERSISTENT);
        assertThat(provider.clusterId("lable")).isEqualTo(7);
        assertThat(provider.clusterId("lable.other")).as("another namespace has its own").isZero();

        plain.setData(root + "/cluster-id", " 12\n".getBytes(StandardCharsets.UTF_8), -1);
        assertThat(provider.clusterId("lable")).isEqualTo(12);
    }

    @Test
    void clusterIdThatIsNotDecimalIsReportedWithItsZnode() throws Exception {
        plain.create(root, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        plain.create(root + "/cluster-id", "seven".getBytes(StandardCharsets.UTF_8), ZooDefs.Ids.OPEN_ACL_UNSAFE,
                CreateMode.PERSISTENT);
        assertThatIllegalStateException().isThrownBy(() -> provider().clusterId("lable"))
                .withMessageContaining(root + "/cluster-id").withMessageContaining("'seven'")
                .withMessageContaining("write a decimal");
    }

    /**
     * The stored mark only moves forward. The lease's own mark starts beyond now, where a claim that
     * finds no mark starts (docs/LEASES.md, "A record that is lost"), and the claim records that as the mark.
     */
    @Test
    void highWaterMarkStartsAtTheFloorSurvivesReleaseAndOnlyMovesForward() throws Exception {
        long claimedAt = System.currentTimeMillis();
        ZooKeeperNodeLease lease = provider().claim(new NodeClaim("sno", 0, 3));
        assertThat(lease.highWaterMarkMillis()).as("where a claim that finds no mark starts")
                .isGreaterThanOrEqualTo(claimedAt + LeaseFence.STEP_MILLIS);
        assertThat(data(lease.highWaterMarkPath())).as("recorded as the mark")
                .isEqualTo(String.valueOf(lease.highWaterMarkMillis()));
        long mark = aMinuteAhead();

        lease.advanceHighWaterMark(mark);
        lease.advanceHighWaterMark(mark - 1_000); // lower: ignored
        assertThat(lease.highWaterMarkMillis()).isEqualTo(mark);
        assertThat(data(lease.highWaterMarkPath())).isEqualTo(String.valueOf(mark));
        lease.close();
        assertThat(plain.exists(lease.highWaterMarkPath(), false)).as("the mark is persistent").isNotNull();

        NodeLease next = provider().claim(new NodeClaim("sno", 0, 3));
        assertThat(next.identity()).isEqualTo(lease.identity());
        assertThat(next.highWaterMarkMillis()).isEqualTo(mark);
        next.advanceHighWaterMark(mark + 500);
        assertThat(data(lease.highWaterMarkPath())).isEqualTo(String.valueOf(mark + 500));
        ZooKeeperNodeLease another = provider().claim(new NodeClaim("sno", 0, 3));
        assertThat(another.identity()).isNotEqualTo(lease.identity());
        assertThat(data(another.highWaterMarkPath())).as("another identity has its own mark")
                .isEqualTo(String.valueOf(another.highWaterMarkMillis()));
        assertThat(another.highWaterMarkMillis()).isLessThan(mark);
    }

    @Test
    void highWaterMarkWriteIsCompareAndSetAndNeverMovesTheStoredMarkBack() throws Exception {
        ZooKeeperNodeLease lease = provider().claim(new NodeClaim("sno", 0, 3));
        long mark = aMinuteAhead();
        lease.advanceHighWaterMark(mark + 1_000);

        // Someone else (an earlier write whose reply was lost, an operator) moved the stored mark beyond ours.
        plain.setData(lease.highWaterMarkPath(), Long.toString(mark + 5_000).getBytes(StandardCharsets.UTF_8), -1);
        lease.advanceHighWaterMark(mark + 2_000);
        assertThat(lease.highWaterMarkMillis()).isEqualTo(mark + 5_000);
        assertThat(data(lease.highWaterMarkPath())).isEqualTo(String.valueOf(mark + 5_000));

        // The stored version changed but the mark is below the new one: the write is retried on the new version.
        plain.setData(lease.highWaterMarkPath(), Long.toString(mark + 3_000).getBytes(StandardCharsets.UTF_8), -1);
        lease.advanceHighWaterMark(mark + 6_000);
        assertThat(lease.highWaterMarkMillis()).isEqualTo(mark + 6_000);
        assertThat(data(lease.highWaterMarkPath())).isEqualTo(String.valueOf(mark + 6_000));
    }

    @Test
    void aMarkWriteThatFindsAHigherStoredMarkCountsOnlyWhileTheZnodeIsStillThisLeases() throws Exception {
        ZooKeeperNodeLeaseProvider provider = provider();
        ZooKeeperNodeLease lease = provider.claim(new NodeClaim("sno", 0, 3));
        int version = lease.highWaterMarkVersion();
        // The identity changed hands behind the lease's back: its znode was deleted, the same session (another
        // generator of this process) claimed it anew, stamping the mark, and advanced it beyond the write below.
        plain.delete(lease.path(), -1);
        ZooKeeperNodeLease next = provider.claim(new NodeClaim("sno", lease.identity(), lease.identity()));
        assertThat(next.sessionId()).isEqualTo(lease.sessionId());
        long mark = aMinuteAhead();
        next.advanceHighWaterMark(mark + 5_000);

        // Called directly, as a write racing the deletion's watch event does: it meets BadVersion and reads the
        // higher mark.
        assertThatIllegalStateException().isThrownBy(() -> provider.writeHighWaterMark(lease, mark + 2_000, version))
                .withMessageContaining(lease.highWaterMarkPath()).withMessageContaining("claim an identity again");
        assertThat(lease.isEnded()).isTrue();
        assertThat(next.isHeld()).isTrue();
        assertThat(data(lease.highWaterMarkPath())).isEqualTo(String.valueOf(mark + 5_000));
    }

    @Test
    void highWaterMarkCannotBeAdvancedOnceTheLeaseIsClosed() {
        ZooKeeperNodeLease lease = provider().claim(new NodeClaim("sno", 0, 3));
        lease.close();
        // Beyond the mark the lease started from: one at or below it is no write, refused or not.
        assertThatIllegalStateException().isThrownBy(() -> lease.advanceHighWaterMark(aMinuteAhead()))
                .withMessageContaining("not held").withMessageContaining("claim an identity again");
    }

    @Test
    void deletingTheZnodeEndsTheLeaseAtOnceAndForGood() throws Exception {
        ZooKeeperNodeLease lease = provider().claim(new NodeClaim("sno", 0, 3));
        plain.delete(lease.path(), -1);

        await("the lease ends", Duration.ofSeconds(2), lease::isEnded);
        assertThat(lease.isHeld()).isFalse();
        // Another process takes the identity; the old lease does not come back.
        ZooKeeperNodeLease next = provider().claim(new NodeClaim("sno", 0, 3));
        assertThat(next.identity()).isEqualTo(lease.identity());
        Thread.sleep(500); // several proof periods
        assertThat(lease.isHeld()).isFalse();
        assertThat(next.isHeld()).isTrue();
        assertThatIllegalStateException().isThrownBy(() -> lease.advanceHighWaterMark(aMinuteAhead()));
    }

    /**
     * Issue 33 (3) on ZooKeeper: an operator deletes a live lease's mark and pool znodes, and another process claims
     * the identity at once, finding no mark. Its lease starts beyond the last mark the former holder wrote (a step
     * past its clock, as its fence writes) and its generator issues no ID at or before that mark. Before, the claim
     * started from mark 0 and issued at once.
     */
    @Test
    void aClaimAfterAnOperatorDeletedALiveLeasesZnodesStartsBeyondTheFormerHoldersLastMark() throws Exception {
        ManualClock clock = ManualClock.atEpochMillis(System.currentTimeMillis());
        ZooKeeperNodeLease former = provider(ZooKeeperNodeLeaseProvider.builder().clock(clock))
                .claim(new NodeClaim("sno", 0, 3));
        stepWallClockPast(clock, former.highWaterMarkMillis()); // its own claim found no mark either
        long lastMark = clock.wallTimeMillis() + LeaseFence.STEP_MILLIS;
        former.advanceHighWaterMark(lastMark);
        assertThat(data(former.highWaterMarkPath())).isEqualTo(String.valueOf(lastMark));

        plain.delete(former.highWaterMarkPath(), -1);
        plain.delete(former.path(), -1);
        ZooKeeperNodeLease next = provider(ZooKeeperNodeLeaseProvider.builder().clock(clock))
                .claim(new NodeClaim("sno", 0, 3));

        assertThat(next.identity()).isEqualTo(former.identity());
        assertThat(data(next.highWaterMarkPath())).as("its start, recorded")
                .isEqualTo(String.valueOf(next.highWaterMarkMillis()));
        assertThat(next.highWaterMarkMillis()).as("where the new lease starts").isGreaterThanOrEqualTo(lastMark);
        SnoGenerator generator = SnoGenerator.builder().lease(next).clock(clock).maxWait(Duration.ZERO).build();
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("behind the high-water mark");
        // Past the former holder's mark, a generator still waits: the start allows a step more for the hosts'
        // clocks, which ZooKeeper does not compare.
        stepWallClockPast(clock, lastMark);
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("behind the high-water mark");
        stepWallClockPast(clock, next.highWaterMarkMillis());
        Sno first = generator.next();
        assertThat(first.partition()).isEqualTo(next.identity());
        assertThat(first.timestamp().toEpochMilli()).as("the first ID's time").isGreaterThan(lastMark);
        await("the former lease ends", Duration.ofSeconds(2), former::isEnded);
    }

    @Test
    void localDeadlineFencesAPausedHolderAndAProofOnTheSameSessionRestoresIt() throws Exception {
        ManualClock clock = ManualClock.atEpochMillis(1_700_000_000_000L);
        ZooKeeperNodeLease lease = provider(ZooKeeperNodeLeaseProvider.builder().clock(clock))
                .claim(new NodeClaim("sno", 0, 3));
        assertThat(lease.isHeld()).isTrue();

        // As if the process had been paused for longer than the lease: no proof since, so not held, connected or not.
        clock.advance(Duration.ofSeconds(2));
        assertThat(lease.isHeld()).isFalse();

        // The next periodic proof finds the znode still owned by this session.
        await("a proof restores the lease", Duration.ofSeconds(2), lease::isHeld);
        assertThat(lease.isEnded()).isFalse();
    }

    @Test
    void callerOwnedClientIsUsedButNotClosed() throws Exception {
        try (CuratorFramework client = CuratorFrameworkFactory.newClient(server.getConnectString(),
                new RetryOneTime(100))) {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> ZooKeeperNodeLeaseProvider.builder().client(client).build())
                    .withMessageContaining("LATENT").withMessageContaining("start it");
            client.start();
            ZooKeeperNodeLeaseProvider provider = ZooKeeperNodeLeaseProvider.builder().client(client)
                    .rootPath(root).build();
            ZooKeeperNodeLease lease = provider.claim(new NodeClaim("sno", 0, 3));
            assertThat(lease.isHeld()).isTrue();
            provider.close();
            assertThat(plain.exists(lease.path(), false)).isNull();
            assertThat(client.checkExists().forPath(root)).as("client still open").isNotNull();
        }
    }

    @Test
    void builderRejectsMissingOrConflictingConnectionAndBadPaths() throws Exception {
        assertThatIllegalStateException().isThrownBy(() -> ZooKeeperNodeLeaseProvider.builder().build())
                .withMessageContaining("neither");
        try (CuratorFramework client = CuratorFrameworkFactory.newClient(server.getConnectString(),
                new RetryOneTime(100))) {
            assertThatIllegalStateException().isThrownBy(() -> ZooKeeperNodeLeaseProvider.builder().client(client)
                    .connectString(server.getConnectString()).build()).withMessageContaining("both");
        }
        assertThatIllegalArgumentException().isThrownBy(() -> ZooKeeperNodeLeaseProvider.builder().rootPath("ids"))
                .withMessageContaining("'ids'").withMessageContaining("/ids");
        assertThatIllegalArgumentException().isThrownBy(() -> ZooKeeperNodeLeaseProvider.builder().rootPath("/ids/"))
                .withMessageContaining("'/ids/'");
        assertThatIllegalArgumentException().isThrownBy(() -> ZooKeeperNodeLeaseProvider.builder().connectString(" "))
                .withMessageContaining("host:port");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ZooKeeperNodeLeaseProvider.builder().sessionTimeout(Duration.ZERO))
                .withMessageContaining("sessionTimeout");
        assertThatIllegalArgumentException().isThrownBy(() -> provider().claim(new NodeClaim("..", 0, 1)))
                .withMessageContaining("'..'");
    }

    @Test
    void claimWhenZooKeeperIsUnreachableFailsNamingTheEnsemble() {
        String nowhere = "127.0.0.1:" + InstanceSpec.getRandomPort();
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(nowhere)
                .connectionTimeoutMs(300).retryPolicy(new RetryOneTime(10)).build();
        client.start();
        toClose.add(client);
        ZooKeeperNodeLeaseProvider provider = ZooKeeperNodeLeaseProvider.builder().client(client).build();
        toClose.add(provider);
        assertThatExceptionOfType(LeaseStoreUnreachableException.class)
                .isThrownBy(() -> provider.claim(new NodeClaim("sno", 0, 3)))
                .withMessageContaining(nowhere).withMessageContaining("cannot be reached");
    }
}
