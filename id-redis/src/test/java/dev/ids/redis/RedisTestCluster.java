package dev.ids.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Redis Cluster of three masters and no replicas on loopback, each a durable {@link RedisServer} of the test's
 * own, joined by {@code redis-cli --cluster create}.
 */
final class RedisTestCluster implements AutoCloseable {

    private final List<RedisServer> masters = new ArrayList<>();

    /** Starts the three servers, creates the cluster and waits until every node reports it ok. */
    static RedisTestCluster start() throws Exception {
        RedisTestCluster cluster = new RedisTestCluster();
        try {
            for (int i = 0; i < 3; i++) {
                cluster.masters.add(RedisServer.durable("--cluster-enabled", "yes", "--cluster-config-file",
                        "nodes.conf", "--cluster-node-timeout", "5000"));
            }
            List<String> create = new ArrayList<>(List.of(RedisServer.CLI.toString(), "--cluster", "create"));
            for (RedisServer master : cluster.masters) {
                create.add("127.0.0.1:" + master.port());
            }
            create.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
            RedisServer.run(create);
            cluster.awaitOk();
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    private void awaitOk() throws Exception {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        for (RedisServer master : masters) {
            while (!master.cli("CLUSTER", "INFO").contains("cluster_state:ok")) {
                if (System.nanoTime() > giveUp) {
                    throw new IllegalStateException("The test cluster did not become ok within 20 s");
                }
                Thread.sleep(100);
            }
        }
    }

    /** The cluster's seed URIs. */
    List<String> uris() {
        return masters.stream().map(RedisServer::uri).toList();
    }

    List<RedisServer> masters() {
        return masters;
    }

    @Override
    public void close() throws Exception {
        for (RedisServer master : masters) {
            master.close();
        }
    }
}
