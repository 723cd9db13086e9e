package dev.ids.kubernetes;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.net.InetAddress;
import java.time.Duration;
import java.util.HashMap;

/**
 * fabric8's in-JVM API server in CRUD mode on 127.0.0.1, a test's own: an in-memory store that answers creates, lists
 * by label, and updates conditional on {@code resourceVersion} (409 for a stale one) as the API server does. It checks
 * the API contract the store rests on, not a cluster: no etcd behind it, no admission, no real clocks.
 */
public final class MockApiServer implements AutoCloseable {

    /** The Kubernetes namespace the tests keep their Lease objects in. */
    public static final String NAMESPACE = "ids-test";

    /** The objects and their resource versions: they outlive a {@link #restart}, as etcd outlives an API server. */
    private final KubernetesCrudDispatcher objects;
    private final int port;
    private volatile KubernetesMockServer server;

    private MockApiServer(KubernetesCrudDispatcher objects, KubernetesMockServer server) {
        this.objects = objects;
        this.port = server.getPort();
        this.server = server;
    }

    /**
     * Starts a server on a free port of 127.0.0.1.
     *
     * @return the server
     */
    public static MockApiServer start() throws Exception {
        KubernetesCrudDispatcher objects = new KubernetesCrudDispatcher();
        return new MockApiServer(objects, serve(objects, 0));
    }

    /** A server over the objects on a port of 127.0.0.1 (0: a free one). */
    private static KubernetesMockServer serve(KubernetesCrudDispatcher objects, int port) throws Exception {
        KubernetesMockServer server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
                objects, false);
        server.init(InetAddress.getByName("127.0.0.1"), port);
        return server;
    }

    /** The port it listens on. */
    public int port() {
        return port;
    }

    /**
     * Restarts the server as a real API server restarts on its etcd: the one listening stops (every connection
     * closes, and new ones are refused meanwhile), and after the pause another starts on the same port over the same
     * objects, whose resource versions go on from where they were. A fabric8 mock server cannot be started twice; its
     * CRUD store can serve a second one, as it keeps nothing of the first server's.
     *
     * @param down how long no server listens
     */
    public void restart(Duration down) throws Exception {
        server.destroy();
        Thread.sleep(down.toMillis());
        server = serve(objects, port);
    }

    /**
     * A client configuration that reaches the server through a port of 127.0.0.1 (its own, or a proxy's), with no
     * kubeconfig or service account of this machine read.
     */
    public static Config configThrough(int port) {
        return new ConfigBuilder(Config.empty()).withMasterUrl("http://127.0.0.1:" + port).withNamespace(NAMESPACE)
                .build();
    }

    /** A configuration that reaches this server directly. */
    public Config config() {
        return configThrough(port());
    }

    /** A client of the test's own, as an operator would use: to read, edit or delete objects by hand. */
    public KubernetesClient operator() {
        return new KubernetesClientBuilder().withConfig(config())
                .withHttpClientBuilderConsumer(http -> http.preferHttp11()).build();
    }

    /**
     * Creates released Lease objects for identities 0 to {@code count - 1} of a namespace, each with a mark a second
     * in the past, so that claims start from it at once rather than from the floor of a lost record (about 20 s
     * ahead).
     *
     * @param prefix the provider's lease name prefix
     * @param namespace the identity namespace, such as {@code sno}
     * @param count how many identities
     */
    public void seedMarks(String prefix, String namespace, int count) {
        LeaseNames names = new LeaseNames(prefix, namespace);
        long past = System.currentTimeMillis() - 1_000;
        try (KubernetesClient client = operator()) {
            for (int identity = 0; identity < count; identity++) {
                Lease held = LeaseObjects.created(names, identity, "seed#0", 1, past);
                client.leases().inNamespace(NAMESPACE).resource(LeaseObjects.released(LeaseObjects.marked(held, past),
                        -1)).create();
            }
        }
    }

    @Override
    public void close() {
        server.destroy();
    }
}
