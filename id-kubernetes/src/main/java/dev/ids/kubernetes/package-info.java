/**
 * Node identities leased from Kubernetes {@code coordination.k8s.io/v1} Lease objects through the fabric8 client,
 * without Spring: {@link dev.ids.kubernetes.KubernetesNodeLeaseProvider} and its leases,
 * {@link dev.ids.kubernetes.KubernetesNodeLease}. docs/LEASES.md ("The Kubernetes store") describes the objects,
 * the conditional updates and how expiry is judged.
 */
@NullMarked
package dev.ids.kubernetes;

import org.jspecify.annotations.NullMarked;
