package dev.ids.redis;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The lease contract against a single durable {@code redis-server} of this test's own. */
class StandaloneRedisNodeLeaseTest extends RedisNodeLeaseContract {

    private static RedisServer server;
    private static RedisClient client;
    private static StatefulRedisConnection<String, String> admin;

    @BeforeAll
    static void startServer() throws Exception {
        server = RedisServer.durable();
        client = RedisClient.create(server.uri());
        admin = client.connect();
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (admin != null) {
            admin.close();
        }
        if (client != null) {
            client.shutdown();
        }
        if (server != null) {
            server.close();
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
}
