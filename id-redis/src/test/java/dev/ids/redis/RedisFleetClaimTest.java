package dev.ids.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.NodeClaim;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.ArrayList;
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
 * A fleet rolling out: 1,000 claimants (each a provider with a holder id of its own) claim from one namespace of
 * 1,024 identities at once, and all hold distinct identities. The claimants share a few connections, as a JVM cannot
 * open a thousand cheaply; each still makes its own durability check, reads and conditional writes.
 */
class RedisFleetClaimTest {

    static final int CLAIMANTS = 1_000;
    static final int THREADS = 200;
    static final int CONNECTIONS = 8;
    /** The provider's logger, held so that its level stays. */
    static final java.util.logging.Logger QUIET = java.util.logging.Logger.getLogger(
            RedisNodeLeaseProvider.class.getName());

    @Test
    void aThousandSimultaneousClaimantsHoldDistinctIdentities() throws Exception {
        String prefix = "ids-fleet-" + UUID.randomUUID().toString().substring(0, 8);
        NodeClaim claim = new NodeClaim("sno", 0, 1023);
        // A thousand first starts would log a thousand lines about their floors: the figure is about the claims.
        QUIET.setLevel(java.util.logging.Level.WARNING);
        try (RedisServer server = RedisServer.durable()) {
            RedisClient client = RedisClient.create(server.uri());
            List<StatefulRedisConnection<String, String>> connections = new ArrayList<>();
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try {
                for (int i = 0; i < CONNECTIONS; i++) {
                    connections.add(client.connect());
                }
                List<RedisNodeLeaseProvider> providers = new ArrayList<>();
                for (int i = 0; i < CLAIMANTS; i++) {
                    providers.add(RedisNodeLeaseProvider.builder(connections.get(i % CONNECTIONS))
                            .keyPrefix(prefix).holderId("claimant-" + i).backgroundRenewal(false).build());
                }
                Set<Long> identities = ConcurrentHashMap.newKeySet();
                List<RedisNodeLease> leases = java.util.Collections.synchronizedList(new ArrayList<>());
                CountDownLatch start = new CountDownLatch(1);
                List<Future<?>> claims = new ArrayList<>();
                for (RedisNodeLeaseProvider provider : providers) {
                    claims.add(pool.submit(() -> {
                        start.await();
                        RedisNodeLease lease = provider.claim(claim);
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
                System.out.println("[fleet] " + CLAIMANTS + " claimants over " + THREADS + " threads and "
                        + CONNECTIONS + " connections held distinct identities after " + took.toMillis() + " ms");
                assertThat(identities).hasSize(CLAIMANTS).allMatch(identity -> identity >= 0 && identity <= 1023);
                // The figure is 3 s (BENCHMARKS.md); a loaded CI machine gets ten times that.
                assertThat(took).isLessThan(Duration.ofSeconds(30));
                leases.forEach(RedisNodeLease::close);
            } finally {
                pool.shutdownNow();
                connections.forEach(StatefulRedisConnection::close);
                client.shutdown();
            }
        }
    }
}
