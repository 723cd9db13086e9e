package dev.ids.kubernetes;

import dev.ids.node.LeaseStart;
import dev.ids.node.StoredNodeLease;

/**
 * A node identity held through a {@code coordination.k8s.io/v1} Lease object: the shared lease lifecycle
 * ({@link StoredNodeLease}) over the Kubernetes store. It renews itself on its own thread, by an update of the object
 * conditional on its {@code resourceVersion}; it is fenced at its local deadline (its last renewal's start plus the
 * lease length, before any other process may judge it silent), and ends at once when an update finds the object
 * deleted or another holder's.
 */
public final class KubernetesNodeLease extends StoredNodeLease<KubernetesProof> {

    KubernetesNodeLease(LeaseStart<KubernetesProof> start) {
        super(start);
    }

    /**
     * Returns the name of the Lease object that holds the identity.
     *
     * @return the name, such as {@code ids-sno-3}
     */
    public String leaseName() {
        return proof().name();
    }

    /**
     * Returns the holder value written in the object's {@code holderIdentity}: the provider's holder id, {@code #}
     * and the lease's number.
     *
     * @return the holder value
     */
    public String holder() {
        return proof().holder();
    }

    /**
     * {@inheritDoc} Declared here too, so that this package's tests reach it to write through the store directly.
     */
    @Override
    protected KubernetesProof proof() {
        return super.proof();
    }
}
