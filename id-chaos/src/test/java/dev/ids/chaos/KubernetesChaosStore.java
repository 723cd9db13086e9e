package dev.ids.chaos;

import dev.ids.kubernetes.MockApiServer;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The Kubernetes lease store on an API server of the run's own: fabric8's mock server in CRUD mode, in the test JVM,
 * as the store's own tests run it (no real API server can run on this project's machines, docs/LEASES.md); the
 * workers are other JVMs and reach it over HTTP through their proxies, each building its provider from a master URL
 * and a Kubernetes namespace as a user does. The Lease objects' names start with a prefix of the run's own.
 *
 * <p>What the mock checks is the API contract the store rests on (a create of a taken name and an update carrying a
 * stale {@code resourceVersion} refused with 409), not a cluster: no etcd, no watch cache, no admission. Expiry is
 * judged by each claimant's own monotonic clock, as client-go judges it, so the server needs no clock of its own.
 */
final class KubernetesChaosStore implements ChaosStore {

    /** Identities whose marks are seeded per namespace: above what a run claims ({@code max=} of the workers). */
    private static final int SEEDED_IDENTITIES = 8;
    /**
     * The mock server's log, kept to warnings: it logs every request at INFO, some 3,000 lines a CI run. Held here,
     * as {@code java.util.logging} holds its loggers weakly and would forget the level.
     */
    private static final Logger MOCK_SERVER_LOG = Logger.getLogger("io.fabric8.mockwebserver");

    static {
        MOCK_SERVER_LOG.setLevel(Level.WARNING);
    }

    private final MockApiServer server;
    private final String prefix;

    private KubernetesChaosStore(MockApiServer server, String prefix) {
        this.server = server;
        this.prefix = prefix;
    }

    /** Starts the server and seeds the marks of the identities a run claims (see {@link MockApiServer#seedMarks}). */
    static KubernetesChaosStore start(String run) throws Exception {
        MockApiServer server = MockApiServer.start();
        String prefix = "ids-chaos-" + run;
        try {
            for (ChaosScheme scheme : ChaosScheme.values()) {
                if (scheme.leased()) {
                    server.seedMarks(prefix, scheme.namespace(), SEEDED_IDENTITIES);
                }
            }
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return new KubernetesChaosStore(server, prefix);
    }

    @Override
    public String name() {
        return "Kubernetes";
    }

    @Override
    public int port() {
        return server.port();
    }

    @Override
    public List<String> arguments(int through) {
        return List.of("store=kubernetes", "kubernetes.url=http://127.0.0.1:" + through,
                "kubernetes.namespace=" + MockApiServer.NAMESPACE, "kubernetes.prefix=" + prefix);
    }

    /**
     * Stops the API server for {@link Nemesis#PAST_THE_LEASE} and starts another on the same port over the same
     * objects ({@link MockApiServer#restart}), as an API server restarts on its etcd: every connection drops and none
     * is accepted meanwhile, every lease lapses, and the objects come back with their holders and marks.
     */
    @Override
    public String restart() throws Exception {
        server.restart(Nemesis.PAST_THE_LEASE);
        return "mock API server stopped for " + Nemesis.PAST_THE_LEASE.toMillis() + " ms and started again on its "
                + "port over its Lease objects";
    }

    @Override
    public void close() {
        server.close();
    }
}
