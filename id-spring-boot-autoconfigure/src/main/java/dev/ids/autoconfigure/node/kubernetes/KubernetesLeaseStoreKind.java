package dev.ids.autoconfigure.node.kubernetes;

import dev.ids.autoconfigure.node.LeaseStoreKind;
import dev.ids.node.NodeLeaseProvider;
import org.springframework.core.annotation.Order;

/**
 * {@code coordination.k8s.io/v1} Lease objects in a Kubernetes namespace ({@code ids.node.provider=kubernetes}), the
 * store auto mode chooses when {@code ids.node.kubernetes.namespace} is set, after ZooKeeper's connect string and
 * etcd's endpoints. Running in a pod alone does not choose it: an application there may well lease from its database.
 */
@Order(360)
public final class KubernetesLeaseStoreKind implements LeaseStoreKind {

    /** The name {@code ids.node.provider} chooses this store by. */
    public static final String NAME = "kubernetes";

    /** The property that names the namespace of the Lease objects, and chooses the store in auto mode. */
    static final String NAMESPACE = "ids.node.kubernetes.namespace";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String configuration() {
        return "dev.ids.autoconfigure.node.kubernetes.KubernetesLeaseConfiguration";
    }

    @Override
    public String autoProperty() {
        return NAMESPACE;
    }

    @Override
    public String howToChoose() {
        return "with " + NAMESPACE + " (and dev.ids:id-kubernetes) from Kubernetes Lease objects";
    }

    @Override
    public String address() {
        return "ids.node.kubernetes.master-url (default: the pod's service account, or the kubeconfig)";
    }

    /** By class name: the Kubernetes module is optional. */
    @Override
    public boolean recognizes(NodeLeaseProvider provider) {
        return provider.getClass().getName().equals(KubernetesLeaseConfiguration.PROVIDER);
    }

    /**
     * The API server shows no clock a client may compare: expiry is judged by each claimant's monotonic clock, and
     * the listed expiries are the holders' own ({@code renewTime} plus the duration), so no skew is shown.
     */
    @Override
    public boolean measuresClockSkew() {
        return false;
    }
}
