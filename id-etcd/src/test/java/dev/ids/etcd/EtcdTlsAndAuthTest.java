package dev.ids.etcd;

import static dev.ids.etcd.EtcdKeys.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.NodeClaim;
import dev.ids.node.Renewal;
import io.etcd.jetcd.Auth;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.auth.Permission;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The provider's TLS and etcd user settings against one-member clusters of the test's own: {@code https://}
 * endpoints with a trusted authority, a cluster that checks client certificates, and etcd's authentication with a
 * user whose role may read and write the key prefix's range only. Each setting is also shown to matter: without it
 * the claim fails, naming the cluster.
 */
class EtcdTlsAndAuthTest {

    private static final Duration LEASE = Duration.ofSeconds(6);

    @TempDir
    static Path dir;

    private static TestCertificates certificates;

    @BeforeAll
    static void makeCertificates() throws Exception {
        EtcdCluster.assumeInstalled();
        certificates = TestCertificates.in(dir);
    }

    private static NodeClaim claim() {
        return new NodeClaim("ns-" + UUID.randomUUID().toString().substring(0, 8), 0, 3);
    }

    /** Claims, renews and releases once: the provider's calls all went through. */
    private static void leaseOnce(EtcdNodeLeaseProvider provider) {
        try (provider; EtcdNodeLease lease = provider.claim(claim())) {
            assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
            assertThat(provider.listLeases(lease.claim().namespace())).hasSize(1);
        }
    }

    @Test
    void anHttpsClusterIsLeasedFromWithItsAuthorityTrustedAndNotWithoutIt() throws Exception {
        try (EtcdCluster cluster = EtcdCluster.startTls(certificates, false)) {
            leaseOnce(EtcdNodeLeaseProvider.builder(cluster.endpoints()).leaseLength(LEASE)
                    .trustCertificates(certificates.ca()).build());
            EtcdNodeLeaseProvider untrusting = EtcdNodeLeaseProvider.builder(cluster.endpoints())
                    .leaseLength(LEASE).build();
            try (untrusting) {
                assertThatThrownBy(() -> untrusting.claim(claim())).isInstanceOf(LeaseStoreUnreachableException.class)
                        .hasMessageContaining(cluster.endpoints().get(0));
            }
        }
    }

    @Test
    void aClusterThatChecksClientCertificatesTakesTheProvidersAndRefusesAProviderWithout() throws Exception {
        try (EtcdCluster cluster = EtcdCluster.startTls(certificates, true)) {
            leaseOnce(EtcdNodeLeaseProvider.builder(cluster.endpoints()).leaseLength(LEASE)
                    .trustCertificates(certificates.ca())
                    .clientCertificate(certificates.clientCertificate(), certificates.clientKey()).build());
            EtcdNodeLeaseProvider anonymous = EtcdNodeLeaseProvider.builder(cluster.endpoints()).leaseLength(LEASE)
                    .trustCertificates(certificates.ca()).build();
            try (anonymous) {
                assertThatThrownBy(() -> anonymous.claim(claim())).isInstanceOf(LeaseStoreUnreachableException.class);
            }
        }
    }

    @Test
    void anEtcdUserWhoseRoleCoversThePrefixLeasesAndAWrongPasswordIsRefused() throws Exception {
        try (EtcdCluster cluster = EtcdCluster.start(1)) {
            String prefix = "ids-auth";
            enableAuthentication(cluster.admin().getAuthClient(), prefix);
            leaseOnce(EtcdNodeLeaseProvider.builder(cluster.endpoints()).keyPrefix(prefix).leaseLength(LEASE)
                    .credentials("ids", "lease-secret").build());
            EtcdNodeLeaseProvider wrong = EtcdNodeLeaseProvider.builder(cluster.endpoints()).keyPrefix(prefix)
                    .leaseLength(LEASE).credentials("ids", "guess").build();
            try (wrong) {
                assertThatThrownBy(() -> wrong.claim(claim())).hasMessageContaining(cluster.endpoints().get(0))
                        .hasMessageContaining("authentication failed");
            }
            EtcdNodeLeaseProvider elsewhere = EtcdNodeLeaseProvider.builder(cluster.endpoints())
                    .keyPrefix("not-granted").leaseLength(LEASE).credentials("ids", "lease-secret").build();
            try (elsewhere) {
                assertThatThrownBy(() -> elsewhere.claim(claim())).hasMessageContaining("permission denied");
            }
        }
    }

    /** The root user etcd needs before it enables authentication, and a user whose role owns the prefix's range. */
    private static void enableAuthentication(Auth auth, String prefix) throws Exception {
        ByteSequence root = bytes("root");
        auth.userAdd(root, bytes("root-secret")).get(10, TimeUnit.SECONDS);
        auth.roleAdd(root).get(10, TimeUnit.SECONDS);
        auth.userGrantRole(root, root).get(10, TimeUnit.SECONDS);
        ByteSequence role = bytes("ids-leases");
        auth.roleAdd(role).get(10, TimeUnit.SECONDS);
        // The range [prefix/, prefix0): every key under prefix/, as '0' follows '/'.
        auth.roleGrantPermission(role, bytes(prefix + "/"), bytes(prefix + "0"), Permission.Type.READWRITE)
                .get(10, TimeUnit.SECONDS);
        auth.userAdd(bytes("ids"), bytes("lease-secret")).get(10, TimeUnit.SECONDS);
        auth.userGrantRole(bytes("ids"), role).get(10, TimeUnit.SECONDS);
        auth.authEnable().get(10, TimeUnit.SECONDS);
    }
}
