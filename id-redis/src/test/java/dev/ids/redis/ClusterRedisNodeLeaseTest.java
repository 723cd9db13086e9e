package dev.ids.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.node.NodeClaim;
import dev.ids.node.UnsafeLeaseStoreException;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The lease contract against a Redis Cluster of three durable masters on loopback: each script touches the keys of
 * one namespace, which share a hash slot. Also: namespaces spread over the masters, and one master without AOF is
 * enough to refuse the Cluster.
 */
class ClusterRedisNodeLeaseTest extends RedisNodeLeaseContract {

    private static RedisTestCluster cluster;
    private static RedisClusterClient client;
    private static StatefulRedisClusterConnection<String, String> admin;

    @BeforeAll
    static void startCluster() throws Exception {
        RedisServer.assumeInstalled();
        cluster = RedisTestCluster.start();
        client = RedisClusterClient.create(cluster.uris().stream().map(RedisURI::create).toList());
        admin = client.connect();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (admin != null) {
            admin.close();
        }
        if (client != null) {
            client.shutdown();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Override
    AbstractRedisClient client() {
        return client;
    }

    @Override
    RedisClusterCommands<String, String> admin() {
        return admin.sync();
    }

    @Test
    void namespacesLieOnDifferentMastersAndEachNamespacesKeysShareOneSlot() {
        RedisNodeLeaseProvider provider = provider("spread");
        Set<String> masters = new HashSet<>();
        for (int i = 0; i < 12; i++) {
            String spread = namespace + "-" + i;
            RedisNodeLease lease = remember(provider.claim(new NodeClaim(spread, 0, 3)));
            NamespaceKeys keys = new NamespaceKeys(prefix, spread);
            assertThat(SlotHash.getSlot(lease.key())).isEqualTo(SlotHash.getSlot(lease.highWaterMarkKey()))
                    .isEqualTo(SlotHash.getSlot(keys.holders()));
            masters.add(admin.getPartitions().getPartitionBySlot(SlotHash.getSlot(lease.key())).getNodeId());
        }
        assertThat(masters).as("masters holding the namespaces").hasSizeGreaterThan(1);
    }

    @Test
    void oneMasterWithoutAofRefusesTheWholeCluster() throws Exception {
        RedisServer lazy = cluster.masters().get(1);
        lazy.cli("CONFIG", "SET", "appendfsync", "everysec");
        try {
            assertThatThrownBy(() -> provider("refused").claim(new NodeClaim(namespace, 0, 3)))
                    .isInstanceOf(UnsafeLeaseStoreException.class)
                    .hasMessageContaining("the Redis Cluster at 127.0.0.1:" + lazy.port())
                    .hasMessageContaining("appendfsync everysec");
        } finally {
            lazy.cli("CONFIG", "SET", "appendfsync", "always");
        }
        assertThatThrownBy(() -> RedisNodeLeaseProvider.builder(client).waitForReplicas(1, Duration.ofSeconds(1))
                .build()).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not supported");
    }
}
