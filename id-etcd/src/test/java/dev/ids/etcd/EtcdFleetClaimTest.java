package dev.ids.etcd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.NodeClaim;
import io.etcd.jetcd.Client;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A fleet rolling out (issue 38): 200 claimants, each a provider with a holder id of its own, claim from one
 * namespace of 1,024 identities at once on a 3-member cluster, and all hold distinct identities. The claimants share
 * a few jetcd clients, as a JVM cannot open 200 cheaply; each still makes its own range read, etcd lease and
 * transactions.
 */
class EtcdFleetClaimTest {

    static final int CLAIMANTS = 200;
    static final int CLIENTS = 4;
    /** The provider's logger, held so that its level stays. */
    static final java.util.logging.Logger QUIET = java.util.logging.Logger.getLogger(
            EtcdNodeLeaseProvider.class.getName());

    @Test
    void twoHundredSimultaneousClaimantsHoldDistinctIdentities() throws Exception {
        String prefix = "ids-fleet-" + UUID.randomUUID().toString().substring(0, 8);
        NodeClaim claim = new NodeClaim("sno", 0, 1023);
        // 200 first starts would log 200 lines about their floors: the figure is about the claims.
        QUIET.setLevel(java.util.logging.Level.WARNING);
        try (EtcdCluster cluster = EtcdCluster.start(3)) {
            List<Client> clients = new ArrayList<>();
            ExecutorService pool = Executors.newFixedThreadPool(CLAIMANTS);
            try {
                for (int i = 0; i < CLIENTS; i++) {
                    clients.add(Client.builder().endpoints(cluster.endpoints().toArray(String[]::new)).build());
                }
                // Warm every client, as a running fleet's would be: the figure is not about loading gRPC.
                for (Client client : clients) {
                    client.getKVClient().get(EtcdKeys.bytes(prefix)).get(10, TimeUnit.SECONDS);
                }
                List<EtcdNodeLeaseProvider> providers = new ArrayList<>();
                for (int i = 0; i < CLAIMANTS; i++) {
                    providers.add(EtcdNodeLeaseProvider.builder(clients.get(i % CLIENTS)).keyPrefix(prefix)
                            .holderId("claimant-" + i).backgroundRenewal(false).build());
                }
                Set<Long> identities = ConcurrentHashMap.newKeySet();
                List<EtcdNodeLease> leases = Collections.synchronizedList(new ArrayList<>());
                CountDownLatch start = new CountDownLatch(1);
                List<Future<?>> claims = new ArrayList<>();
                for (EtcdNodeLeaseProvider provider : providers) {
                    claims.add(pool.submit(() -> {
                        start.await();
                        EtcdNodeLease lease = provider.claim(claim);
                        leases.add(lease);
                        identities.add(lease.identity());
                        return null;
                    }));
                }
                long began = System.nanoTime();
                start.countDown();
                for (Future<?> done : claims) {
                    done.get(60, TimeUnit.SECONDS);
                }
                Duration took = Duration.ofNanos(System.nanoTime() - began);
                System.out.println("[fleet] " + CLAIMANTS + " etcd claimants over " + CLIENTS + " clients held "
                        + "distinct identities after " + took.toMillis() + " ms");
                assertThat(identities).hasSize(CLAIMANTS).allMatch(identity -> identity >= 0 && identity <= 1023);
                // The figure is 3 s; a loaded CI machine gets ten times that.
                assertThat(took).isLessThan(Duration.ofSeconds(30));
                leases.forEach(EtcdNodeLease::close);
            } finally {
                pool.shutdownNow();
                clients.forEach(Client::close);
            }
        }
    }
}
