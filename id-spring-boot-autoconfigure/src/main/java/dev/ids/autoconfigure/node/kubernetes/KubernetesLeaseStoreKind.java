package dev.ids.autoconfigure.node.kubernetes;

import dev.ids.autoconfigure.node.AbstractLeaseStoreKind;
import dev.ids.autoconfigure.node.MissingStoreModule;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.Order;

/**
 * {@code coordination.k8s.io/v1} Lease objects in a Kubernetes namespace ({@code ids.node.provider=kubernetes}), the
 * store auto mode chooses when {@code ids.node.kubernetes.namespace} is set, after ZooKeeper's connect string and
 * etcd's endpoints. Running in a pod alone does not choose it: an application there may well lease from its database.
 */
@Order(360)
public final class KubernetesLeaseStoreKind extends AbstractLeaseStoreKind {

    /** The name {@code ids.node.provider} chooses this store by. */
    public static final String NAME = "kubernetes";

    /** The property that names the namespace of the Lease objects, and chooses the store in auto mode. */
    static final String NAMESPACE = "ids.node.kubernetes.namespace";

    /** The store itself, in the optional module dev.ids:id-kubernetes (which brings the fabric8 client). */
    private static final String PROVIDER = "dev.ids.kubernetes.KubernetesNodeLeaseProvider";

    /** Creates the kind; the starter reads it from {@code META-INF/spring.factories}. */
    public KubernetesLeaseStoreKind() {
        super(NAME, "dev.ids.autoconfigure.node.kubernetes.KubernetesLeaseConfiguration", PROVIDER,
                NAMESPACE, "with " + NAMESPACE + " (and dev.ids:id-kubernetes) from Kubernetes Lease objects",
                "ids.node.kubernetes.master-url (default: the pod's service account, or the kubeconfig)");
    }

    @Override
    public MissingStoreModule requires(@Nullable ClassLoader classLoader) {
        return new MissingStoreModule(List.of(PROVIDER, "io.fabric8.kubernetes.client.KubernetesClient"),
                "leasing node identities from Kubernetes Lease objects needs the ids Kubernetes module "
                + "(dev.ids:id-kubernetes, which brings the fabric8 client), which is not on the class path",
                "dev.ids:id-kubernetes", "set ids.node.provider to jdbc (with a DataSource), etcd (with "
                + "ids.node.etcd.endpoints) or static (with the identity properties set)");
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
