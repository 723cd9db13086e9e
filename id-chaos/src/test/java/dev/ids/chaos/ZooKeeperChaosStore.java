package dev.ids.chaos;

import dev.ids.zookeeper.ZooKeeperNodeLeaseProvider;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;

/**
 * The ZooKeeper lease store on a server of the run's own (Curator's {@link TestingServer}, in the test JVM; the
 * workers are other JVMs and reach it through their proxies), under a root znode of the run's own.
 *
 * <p>ZooKeeper has no lease length: a lease is held for {@link ZooKeeperNodeLeaseProvider#LEASE_FRACTION two thirds}
 * of the session timeout after each proof of ownership, and the identity is free to another holder once the server
 * expires the session, a session timeout after it last heard from the holder. In the table stores and Redis the
 * identity is free {@link ChaosStore#LEASE} plus {@link ChaosStore#GRACE} after the last renewal, so the session
 * timeout here is that sum, {@link #SESSION_TIMEOUT}: identities free as late as in the other runs, a holder stops
 * counting on its own after 2.7 s (a little under the others' 3 s), and the nemesis's pause and cut, 5 s, outlast the
 * session (plus the server's tick, which rounds expiries up), so that the struck worker's session expires and its
 * znodes go, as a lease lapses in the other runs.
 */
final class ZooKeeperChaosStore implements ChaosStore {

    /** The session timeout the workers ask for: {@link ChaosStore#LEASE} plus {@link ChaosStore#GRACE}. */
    static final Duration SESSION_TIMEOUT = LEASE.plus(GRACE);
    /**
     * How long a worker's ZooKeeper call waits for a connection and an answer: a third of the session timeout, the
     * ratio of the provider's defaults (10 s of 30 s), so that a claim or a release through a hung link gives up
     * well before the session would expire.
     */
    static final Duration CONNECTION_TIMEOUT = SESSION_TIMEOUT.dividedBy(3);
    /**
     * The server's tick: it grants sessions of 2 to 20 ticks (0.4 s to 4 s, so {@link #SESSION_TIMEOUT} is granted
     * as asked) and checks for expired sessions once a tick. ZooKeeper's default of 2 s would check only every 2 s.
     */
    private static final int TICK_MILLIS = 200;
    /** Identities whose marks are seeded per namespace: above what a run claims ({@code max=} of the workers). */
    private static final int SEEDED_IDENTITIES = 8;

    private final TestingServer server;
    private final String root;

    private ZooKeeperChaosStore(TestingServer server, String root) {
        this.server = server;
        this.root = root;
    }

    /** Starts the server and seeds the marks of the identities a run claims. */
    static ZooKeeperChaosStore start(String run) throws Exception {
        TestingServer server = new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, TICK_MILLIS, 0), true);
        String root = "/ids-chaos-" + run;
        try {
            seedMarks(server.getConnectString(), root);
        } catch (Exception e) {
            server.close();
            throw e;
        }
        return new ZooKeeperChaosStore(server, root);
    }

    /**
     * Writes a high-water mark a second in the past for the low identities of each leased scheme's namespace, as the
     * other runs seed theirs: a claim that finds no mark starts about 20 s ahead (docs/LEASES.md, "A record that is
     * lost"), which is not what a run is about. The provider names each namespace's base znode; the marks are its
     * documented {@code <base>/hwm/<identity>}.
     */
    private static void seedMarks(String connectString, String root) throws Exception {
        try (CuratorFramework client = CuratorFrameworkFactory.newClient(connectString, new RetryOneTime(100))) {
            client.start();
            if (!client.blockUntilConnected(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("ZooKeeper at " + connectString + " did not answer");
            }
            byte[] mark = Long.toString(System.currentTimeMillis() - 1_000).getBytes(StandardCharsets.UTF_8);
            try (ZooKeeperNodeLeaseProvider layout = ZooKeeperNodeLeaseProvider.builder().client(client)
                    .rootPath(root).build()) {
                for (ChaosScheme scheme : ChaosScheme.values()) {
                    if (scheme.leased()) {
                        String marks = layout.basePath(scheme.namespace()) + "/hwm/";
                        for (int identity = 0; identity < SEEDED_IDENTITIES; identity++) {
                            client.create().creatingParentsIfNeeded().forPath(marks + identity, mark);
                        }
                    }
                }
            }
        }
    }

    @Override
    public String name() {
        return "ZooKeeper";
    }

    @Override
    public int port() {
        return server.getPort();
    }

    @Override
    public List<String> arguments(int through) {
        return List.of("store=zookeeper", "zookeeper.connect=127.0.0.1:" + through, "zookeeper.root=" + root);
    }

    /**
     * Stops the server for longer than the session timeout and starts it again on its data: every worker's
     * connection drops, its leases are fenced once their proofs age, and whether a session outlives the restart is
     * the server's call (it restores sessions from its log and expires those no client renews in time).
     */
    @Override
    public String restart() throws Exception {
        server.stop();
        Thread.sleep(Nemesis.PAST_THE_LEASE.toMillis());
        server.restart();
        return "ZooKeeper server stopped for " + Nemesis.PAST_THE_LEASE.toMillis() + " ms, past the session "
                + "timeout, and started again on its data";
    }

    @Override
    public void close() throws Exception {
        server.close();
    }
}
