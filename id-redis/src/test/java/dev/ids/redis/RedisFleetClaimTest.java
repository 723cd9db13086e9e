package dev.ids.redis;

import static dev.ids.node.BuilderSeams.backgroundRenewal;

import dev.ids.node.NodeLeaseProvider;
import dev.ids.testing.FleetClaimContract;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.ArrayList;
import java.util.List;

/**
 * A fleet of 1,000 claimants ({@link FleetClaimContract}) on a durable Redis, over 200 threads and 8 shared
 * connections; each claimant still makes its own durability check.
 */
class RedisFleetClaimTest extends FleetClaimContract {

    static final int CONNECTIONS = 8;

    @Override
    protected int claimants() {
        return 1_000;
    }

    @Override
    protected int threads() {
        return 200;
    }

    @Override
    protected String fleetDescription() {
        return "Redis over " + CONNECTIONS + " connections";
    }

    @Override
    protected Class<?> providerClass() {
        return RedisNodeLeaseProvider.class;
    }

    @Override
    protected Fleet openFleet(String keyPrefix) throws Exception {
        RedisServer server = RedisServer.durable();
        RedisClient client = RedisClient.create(server.uri());
        List<StatefulRedisConnection<String, String>> connections = new ArrayList<>();
        for (int i = 0; i < CONNECTIONS; i++) {
            connections.add(client.connect());
        }
        return new Fleet() {

            @Override
            public NodeLeaseProvider claimant(int index) {
                return backgroundRenewal(RedisNodeLeaseProvider.builder(connections.get(index % CONNECTIONS)), false)
                        .keyPrefix(keyPrefix)
                        .holderId("claimant-" + index).build();
            }

            @Override
            public void close() throws Exception {
                connections.forEach(StatefulRedisConnection::close);
                client.shutdown();
                server.close();
            }
        };
    }
}
