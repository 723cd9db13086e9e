package dev.ids.autoconfigure.node.kubernetes;

import dev.ids.autoconfigure.node.LeaseTimings;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the Kubernetes node lease provider, under {@code ids.node.kubernetes}: unset ones keep the provider's
 * defaults ({@code dev.ids.kubernetes.KubernetesNodeLeaseProvider}).
 *
 * @param namespace Kubernetes namespace of the Lease objects; every instance sharing identities must use the same
 *     one. Default the pod's own (its service account's). Set, it chooses Kubernetes in auto mode.
 * @param leaseNamePrefix Start of every Lease object's name: an identity's object is prefix-namespace-identity.
 *     Default ids.
 * @param masterUrl URL of the API server. Default fabric8's own configuration: the pod's service account, or the
 *     kubeconfig.
 * @param statefulSet Whether every generator's node identity is this StatefulSet pod's ordinal, read from the
 *     HOSTNAME suffix -N, still held as a lease so that two pods never both use it.
 * @param podOrdinal Node identity to use as the pod ordinal, instead of reading it from HOSTNAME (implies
 *     stateful-set).
 * @param leaseLength How long a lease lasts without renewal: an instance that cannot renew (paused, cut off from the
 *     store) stops issuing IDs this long after its last renewal started.
 * @param renewalPeriod How often a lease is renewed. Unset: a third of the lease length.
 * @param reclaimGrace How long after a lease expires (on the store's clock) before another instance may take its
 *     identity; an instance whose wall clock differs from the store's by more than this is fenced until it agrees
 *     again.
 */
@ConfigurationProperties("ids.node.kubernetes")
public record KubernetesLeaseProperties(@Nullable String namespace, @Nullable String leaseNamePrefix,
        @Nullable String masterUrl, boolean statefulSet, @Nullable Long podOrdinal, @Nullable Duration leaseLength,
        @Nullable Duration renewalPeriod, @Nullable Duration reclaimGrace) implements LeaseTimings {
}
