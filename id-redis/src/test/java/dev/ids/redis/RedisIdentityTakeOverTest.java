package dev.ids.redis;

import dev.ids.node.IdentityTakeOver;
import dev.ids.node.NodeLease;
import dev.ids.node.Renewal;
import dev.ids.testing.IdentityTakeOverContract;
import dev.ids.testing.LeaseTerms;
import io.lettuce.core.RedisClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The take-over of a killed run's configured identity ({@link IdentityTakeOverContract}) on a durable Redis. */
class RedisIdentityTakeOverTest extends IdentityTakeOverContract {

    private static RedisServer server;
    private static RedisClient client;

    @BeforeAll
    static void startServer() throws Exception {
        server = RedisServer.durable();
        client = RedisClient.create(server.uri());
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (client != null) {
            client.shutdown();
        }
        if (server != null) {
            server.close();
        }
    }

    @Override
    protected IdentityTakeOver newProvider(String keyPrefix, LeaseTerms terms) {
        return terms.applyTo(RedisNodeLeaseProvider.builder(client).keyPrefix(keyPrefix)).build();
    }

    @Override
    protected Renewal renewOnce(NodeLease lease) {
        return ((RedisNodeLease) lease).renew();
    }
}
