package dev.ids.autoconfigure.node.kubernetes;

import dev.ids.autoconfigure.node.LeaseTimingProperties;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the Kubernetes node lease provider, under {@code ids.node.kubernetes}: unset ones keep the provider's
 * defaults ({@code dev.ids.kubernetes.KubernetesNodeLeaseProvider}).
 */
@ConfigurationProperties("ids.node.kubernetes")
public class KubernetesLeaseProperties extends LeaseTimingProperties {

    /**
     * Kubernetes namespace of the Lease objects; every instance sharing identities must use the same one. Default the
     * pod's own (its service account's). Set, it chooses Kubernetes in auto mode.
     */
    private @Nullable String namespace;

    /** Start of every Lease object's name: an identity's object is prefix-namespace-identity. Default ids. */
    private @Nullable String leaseNamePrefix;

    /** URL of the API server. Default fabric8's own configuration: the pod's service account, or the kubeconfig. */
    private @Nullable String masterUrl;

    /**
     * Whether every generator's node identity is this StatefulSet pod's ordinal, read from the HOSTNAME suffix -N,
     * still held as a lease so that two pods never both use it.
     */
    private boolean statefulSet;

    /** Node identity to use as the pod ordinal, instead of reading it from HOSTNAME (implies stateful-set). */
    private @Nullable Long podOrdinal;

    public @Nullable String getNamespace() {
        return namespace;
    }

    public void setNamespace(@Nullable String namespace) {
        this.namespace = namespace;
    }

    public @Nullable String getLeaseNamePrefix() {
        return leaseNamePrefix;
    }

    public void setLeaseNamePrefix(@Nullable String leaseNamePrefix) {
        this.leaseNamePrefix = leaseNamePrefix;
    }

    public @Nullable String getMasterUrl() {
        return masterUrl;
    }

    public void setMasterUrl(@Nullable String masterUrl) {
        this.masterUrl = masterUrl;
    }

    public boolean isStatefulSet() {
        return statefulSet;
    }

    public void setStatefulSet(boolean statefulSet) {
        this.statefulSet = statefulSet;
    }

    public @Nullable Long getPodOrdinal() {
        return podOrdinal;
    }

    public void setPodOrdinal(@Nullable Long podOrdinal) {
        this.podOrdinal = podOrdinal;
    }
}
