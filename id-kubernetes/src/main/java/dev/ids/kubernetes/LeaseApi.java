package dev.ids.kubernetes;

import dev.ids.node.StoreLink;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;

/**
 * The store's few calls on Lease objects in one Kubernetes namespace, each bounded by the client's request timeout,
 * with the answers the store reads as answers (a conflict, a missing object) told apart from failures. Every other
 * failure becomes a {@link KubernetesCallException}. The provider's own clients come in two: a patient one for the
 * calls until the first answer (a cold JVM's first call loads the HTTP client and Jackson, and a claim has no deadline
 * to keep), and a bounded one for every call after it, and always for held leases ({@link #bounded()}): a claim made
 * again while connections hang must give up as soon as a renewal would.
 */
final class LeaseApi implements StoreLink {

    static final int CONFLICT = 409;
    static final int NOT_FOUND = 404;

    /** An update refused because the object moved on since it was read (409), or is gone (404). */
    static final class Refused extends Exception {

        private static final long serialVersionUID = 1L;

        private final int code;

        Refused(int code, Throwable cause) {
            super(code == CONFLICT ? "the object has been modified" : "the object is gone", cause, false, false);
            this.code = code;
        }

        /** Whether the object is gone, rather than changed. */
        boolean gone() {
            return code == NOT_FOUND;
        }
    }

    private final KubernetesClient client;
    private final String namespace;
    private final boolean ownsClient;
    private final LeaseApi bounded;
    /** Set at the first answer: from then on, calls go through the bounded client. */
    private volatile boolean warm;

    /** Calls through one client, for claims and held leases alike. */
    LeaseApi(KubernetesClient client, String namespace, boolean ownsClient) {
        this.client = client;
        this.namespace = namespace;
        this.ownsClient = ownsClient;
        this.bounded = this;
        this.warm = true;
    }

    /** Calls through a patient client, and through a bounded one for held leases ({@link #bounded()}). */
    LeaseApi(KubernetesClient patient, KubernetesClient bounded, String namespace) {
        this.client = patient;
        this.namespace = namespace;
        this.ownsClient = true;
        this.bounded = new LeaseApi(bounded, namespace, true);
    }

    /** The calls of held leases, bounded by the renewal period. */
    LeaseApi bounded() {
        return bounded;
    }

    /** The client of the next call: the patient one until the first answer. */
    private KubernetesClient client() {
        return warm ? bounded.client : client;
    }

    /** The Kubernetes namespace the objects live in. */
    String namespace() {
        return namespace;
    }

    /** Where the objects live, for messages: {@code namespace ids on https://10.0.0.1:443/}. */
    @Override
    public String describe() {
        return "namespace " + namespace + " on " + client.getMasterUrl();
    }

    /** The objects carrying all the labels. */
    List<Lease> list(Map<String, String> labels) throws KubernetesCallException {
        return call("list Leases", () -> client().leases().inNamespace(namespace).withLabels(labels).list().getItems());
    }

    /** The object of a name, or {@code null} when there is none. */
    Lease get(String name) throws KubernetesCallException {
        return call("read Lease " + name, () -> client().leases().inNamespace(namespace).withName(name).get());
    }

    /** Creates an object; {@code null} when one of that name exists already (another claimant was first). */
    @Nullable Lease create(Lease lease) throws KubernetesCallException {
        try {
            return call("create Lease " + lease.getMetadata().getName(),
                    () -> client().leases().inNamespace(namespace).resource(lease).create());
        } catch (KubernetesCallException e) {
            if (e.code() == CONFLICT) {
                return null;
            }
            throw e;
        }
    }

    /**
     * Replaces an object, only if it is still at the {@code resourceVersion} the change carries: the API server refuses
     * any other with 409, which is the one guarantee the store rests on.
     *
     * @throws Refused when the object moved on (409) or is gone (404)
     */
    Lease update(Lease lease) throws KubernetesCallException, Refused {
        if (lease.getMetadata().getResourceVersion() == null) {
            throw new IllegalArgumentException("An update without a resourceVersion would not be conditional: "
                    + lease.getMetadata().getName());
        }
        try {
            return call("update Lease " + lease.getMetadata().getName(),
                    () -> client().leases().inNamespace(namespace).resource(lease).update());
        } catch (KubernetesCallException e) {
            if (e.code() == CONFLICT || e.code() == NOT_FOUND) {
                throw new Refused(e.code(), e);
            }
            throw e;
        }
    }

    private <T> T call(String what, Callable<T> call) throws KubernetesCallException {
        try {
            T answer = call.call();
            warm = true;
            return answer;
        } catch (KubernetesClientException e) {
            if (e.getCode() > 0) {
                warm = true;
            }
            String status = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage()
                    : e.getMessage();
            throw new KubernetesCallException("Could not " + what + ": " + status, e.getCode(), e);
        } catch (RuntimeException e) {
            throw new KubernetesCallException("Could not " + what + ": " + e, 0, e);
        } catch (Exception e) {
            throw new KubernetesCallException("Could not " + what + ": " + e, 0, e);
        }
    }

    @Override
    public void close() {
        if (bounded != this) {
            bounded.close();
        }
        if (ownsClient) {
            client.close();
        }
    }
}
