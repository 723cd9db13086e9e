package dev.ids.autoconfigure.node.etcd;

import dev.ids.autoconfigure.node.LeaseTimings;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the etcd node lease provider, under {@code ids.node.etcd}: unset ones keep the provider's defaults
 * ({@code dev.ids.etcd.EtcdNodeLeaseProvider}).
 *
 * @param endpoints Client URLs of the etcd members, all http:// or all https://, such as
 *     http://etcd-0:2379,http://etcd-1:2379,http://etcd-2:2379. Set, it chooses etcd in auto mode.
 * @param keyPrefix Start of every key the leases write; a namespace's keys start prefix/namespace/. Default ids.
 * @param user etcd user to authenticate as (etcd auth enabled); needs read and write on the key prefix. Default
 *     none.
 * @param password Password of the etcd user.
 * @param trustCertificates PEM file of the certificate authorities to trust for https:// endpoints. Default the
 *     JVM's.
 * @param clientCertificate PEM file of the client certificate chain, for a cluster that checks client certificates.
 * @param clientKey PEM file (PKCS#8) of the client certificate's private key.
 * @param authority Name the servers' TLS certificates are checked against, where it differs from the endpoints'
 *     host.
 * @param leaseLength How long a lease lasts without renewal: an instance that cannot renew (paused, cut off from the
 *     store) stops issuing IDs this long after its last renewal started.
 * @param renewalPeriod How often a lease is renewed. Unset: a third of the lease length.
 * @param reclaimGrace How long after a lease expires (on the store's clock) before another instance may take its
 *     identity; an instance whose wall clock differs from the store's by more than this is fenced until it agrees
 *     again.
 */
@ConfigurationProperties("ids.node.etcd")
public record EtcdLeaseProperties(@Nullable List<String> endpoints, @Nullable String keyPrefix, @Nullable String user,
        @Nullable String password, @Nullable String trustCertificates, @Nullable String clientCertificate,
        @Nullable String clientKey, @Nullable String authority, @Nullable Duration leaseLength,
        @Nullable Duration renewalPeriod, @Nullable Duration reclaimGrace) implements LeaseTimings {
}
