package dev.ids.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.curator.utils.ZookeeperFactory;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A fleet rolling out at once: many processes, each a provider with a session of its own, claim from one namespace
 * of one in-process ZooKeeper at the same moment (issue 13, item 10).
 */
class ZooKeeperFleetClaimTests {

    private static final NodeClaim TRACE_NUMBERS = new NodeClaim("trace", 0, 65_535);

    private static TestingServer server;

    @BeforeAll
    static void startServer() throws Exception {
        // Long ticks allow sessions of up to 20 s: hundreds of clients on two cores must not lose theirs.
        server = ZooKeeperTesting.server(1_000);
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    @Test
    void twoHundredClaimantsStartingTogetherHoldDistinctIdentitiesAfterALinearNumberOfCreates() throws Exception {
        // Every claimant reads the pool before any of them creates a znode, the worst case of a roll-out. Claimants
        // that all moved on to the next-lowest identity after a lost race made n(n+1)/2 creates (20,100).
        int claimants = 200;
        try (Fleet fleet = new Fleet("/ids-fleet/linear", claimants, true)) {
            List<NodeLease> leases = fleet.claimAtOnce();

            Set<Long> identities = leases.stream().map(NodeLease::identity).collect(Collectors.toSet());
            assertThat(identities).hasSize(claimants)
                    .allSatisfy(identity -> assertThat(identity).isBetween(0L, TRACE_NUMBERS.max()));
            assertThat(leases).allSatisfy(lease -> assertThat(lease.isHeld()).isTrue());
            assertThat(fleet.ephemeralCreates.get()).as("pool znode creates tried")
                    .isBetween(claimants, 3 * claimants);
        }
    }

    /**
     * Not a test of speed: prints how long fleets of 100, 200 and 300 claimants take until all hold an identity, for
     * BENCHMARKS.md. Run with {@code -Dids.zookeeper.fleetBenchmark=true}.
     */
    @Test
    @EnabledIfSystemProperty(named = "ids.zookeeper.fleetBenchmark", matches = "true")
    void measureFleetClaims() throws Exception {
        for (int round = 1; round <= 3; round++) {
            for (int claimants : new int[] {100, 200, 300}) {
                try (Fleet fleet = new Fleet("/ids-fleet/measure-" + round + "-" + claimants, claimants, false)) {
                    long start = System.nanoTime();
                    List<NodeLease> leases = fleet.claimAtOnce();
                    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                    long distinct = leases.stream().map(NodeLease::identity).distinct().count();
                    System.out.printf("ZooKeeper fleet round %d: %d claimants, all held in %d ms, %d creates, "
                            + "%d distinct%n", round, claimants, millis, fleet.ephemeralCreates.get(), distinct);
                }
            }
        }
    }

    /**
     * N providers with a Curator client each, whose creates of pool znodes are counted (those that won or lost an
     * identity; not a first one that finds no pool znode yet) and may be held back.
     */
    private static final class Fleet implements AutoCloseable {

        private final AtomicInteger ephemeralCreates = new AtomicInteger();
        private final List<CuratorFramework> clients = new ArrayList<>();
        private final List<ZooKeeperNodeLeaseProvider> providers = new ArrayList<>();
        private final ExecutorService threads;
        /** Counted down by each claimant's first create; null when creates are not held. */
        private final CountDownLatch everyoneRead;

        Fleet(String root, int claimants, boolean holdCreatesUntilEveryoneRead) throws Exception {
            this.everyoneRead = holdCreatesUntilEveryoneRead ? new CountDownLatch(claimants) : null;
            this.threads = Executors.newFixedThreadPool(claimants);
            for (int i = 0; i < claimants; i++) {
                CuratorFramework client = CuratorFrameworkFactory.builder().connectString(server.getConnectString())
                        .sessionTimeoutMs(15_000).connectionTimeoutMs(10_000).retryPolicy(new RetryOneTime(100))
                        .zookeeperFactory(new CountingFactory()).build();
                clients.add(client);
                client.start();
            }
            for (CuratorFramework client : clients) {
                assertThat(client.blockUntilConnected(30, TimeUnit.SECONDS)).as("a fleet client connects").isTrue();
                providers.add(ZooKeeperNodeLeaseProvider.builder().client(client).rootPath(root).build());
            }
        }

        /** Starts every claim at the same moment and returns the leases once all are claimed. */
        List<NodeLease> claimAtOnce() throws Exception {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<NodeLease>> claims = new ArrayList<>();
            for (ZooKeeperNodeLeaseProvider provider : providers) {
                claims.add(threads.submit(() -> {
                    start.await();
                    return provider.claim(TRACE_NUMBERS);
                }));
            }
            start.countDown();
            List<NodeLease> leases = new ArrayList<>();
            for (Future<NodeLease> claim : claims) {
                leases.add(claim.get(180, TimeUnit.SECONDS));
            }
            return leases;
        }

        @Override
        public void close() {
            threads.shutdownNow();
            providers.forEach(ZooKeeperNodeLeaseProvider::close);
            clients.forEach(CuratorFramework::close);
        }

        /** Makes each client's ZooKeeper handle count (and, for the worst case, hold back) ephemeral creates. */
        private final class CountingFactory implements ZookeeperFactory {

            @Override
            public ZooKeeper newZooKeeper(String connectString, int sessionTimeout, Watcher watcher,
                    boolean canBeReadOnly) throws Exception {
                return new ZooKeeper(connectString, sessionTimeout, watcher, canBeReadOnly) {

                    private final AtomicBoolean arrived = new AtomicBoolean();

                    // Curator's foreground create, with or without storing the stat, comes here.
                    @Override
                    public String create(String path, byte[] data, List<ACL> acl, CreateMode createMode, Stat stat,
                            long ttl) throws KeeperException, InterruptedException {
                        if (!createMode.isEphemeral()) {
                            return super.create(path, data, acl, createMode, stat, ttl);
                        }
                        holdFirstCreate();
                        // Counted once the server decided the race: a NoNode answer (no pool znode yet) only makes
                        // Curator create the pool znode and try again.
                        try {
                            String created = super.create(path, data, acl, createMode, stat, ttl);
                            ephemeralCreates.incrementAndGet();
                            return created;
                        } catch (KeeperException.NodeExistsException e) {
                            ephemeralCreates.incrementAndGet();
                            throw e;
                        }
                    }

                    private void holdFirstCreate() throws InterruptedException {
                        if (everyoneRead != null && arrived.compareAndSet(false, true)) {
                            everyoneRead.countDown();
                            if (!everyoneRead.await(120, TimeUnit.SECONDS)) {
                                throw new IllegalStateException("Not every claimant reached its first create");
                            }
                        }
                    }
                };
            }
        }
    }
}
