package dev.ids.kubernetes;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.time.Duration;

/** Makes the {@link LeaseApi} of a provider: over clients of its own, or over the caller's, in the right namespace. */
final class LeaseClients {

    /** How long a call may take until the API server has answered once: a cold JVM's first call is slow. */
    static final Duration PATIENCE = Duration.ofSeconds(15);

    private LeaseClients() {
    }

    /** Over two clients of the provider's own, made from the configuration with the provider's timeouts. */
    static LeaseApi own(Config config, KubernetesSettings settings) {
        String namespace = namespace(settings, config.getNamespace());
        return new LeaseApi(client(config, PATIENCE), client(config, settings.callTimeout()), namespace);
    }

    /** Over a client the caller keeps, with its own timeouts. */
    static LeaseApi callers(KubernetesClient client, KubernetesSettings settings) {
        return new LeaseApi(client, namespace(settings, client.getNamespace()), false);
    }

    /** A client whose every request gives up after the timeout, and which retries nothing. */
    private static KubernetesClient client(Config config, Duration timeout) {
        int millis = Math.toIntExact(timeout.toMillis());
        Config bounded = new ConfigBuilder(config).withRequestTimeout(millis).withConnectionTimeout(millis)
                .withRequestRetryBackoffLimit(0).build();
        // HTTP/1.1: a call that timed out takes its own connection with it, where HTTP/2 would keep every later call
        // on the one connection that stopped answering.
        return new KubernetesClientBuilder().withConfig(bounded)
                .withHttpClientBuilderConsumer(http -> http.preferHttp11()).build();
    }

    private static String namespace(KubernetesSettings settings, String clients) {
        if (settings.namespace() != null) {
            return settings.namespace();
        }
        if (clients == null || clients.isEmpty()) {
            throw new IllegalArgumentException("No Kubernetes namespace for the Lease objects: the client has none "
                    + "(outside a pod, and none in the kubeconfig's context); set namespace(...)");
        }
        return clients;
    }
}
