package dev.ids.autoconfigure.node.redis;

import dev.ids.autoconfigure.node.AbstractLeaseStoreKind;
import dev.ids.autoconfigure.node.MissingStoreModule;
import dev.ids.node.UnsafeLeaseStoreException;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.Order;

/**
 * Keys in Redis with a TTL the server counts ({@code ids.node.provider=redis}), the store auto mode chooses for an
 * application with a Spring Data Redis Lettuce connection and neither a DataSource nor an R2DBC ConnectionFactory:
 * ordered after the SQL stores, which make their providers first when their beans exist.
 */
@Order(400)
public final class RedisLeaseStoreKind extends AbstractLeaseStoreKind {

    /** The name {@code ids.node.provider} chooses this store by. */
    public static final String NAME = "redis";

    /** The store itself, in the optional module dev.ids:id-redis. */
    private static final String PROVIDER = "dev.ids.redis.RedisNodeLeaseProvider";

    /** Creates the kind; the starter reads it from {@code META-INF/spring.factories}. */
    public RedisLeaseStoreKind() {
        super(NAME, "dev.ids.autoconfigure.node.redis.RedisLeaseConfiguration", PROVIDER, null,
                "with Spring Data Redis over Lettuce (or ids.node.provider=redis) from Redis",
                "the Redis connection's settings, spring.data.redis.*");
    }

    @Override
    public MissingStoreModule requires(@Nullable ClassLoader classLoader) {
        return new MissingStoreModule(List.of(RedisLeaseConfiguration.LETTUCE_FACTORY, PROVIDER), "leasing node "
                + "identities from Redis needs Spring Data Redis with Lettuce (spring-boot-starter-data-redis) and "
                + "the ids Redis module (dev.ids:id-redis), which are not all on the class path", "them",
                RedisLeaseConfiguration.WAYS_OUT);
    }

    @Override
    public String unsafeStoreAction(UnsafeLeaseStoreException refused, boolean auto, String identityProperties) {
        if (refused.reason() != UnsafeLeaseStoreException.Reason.NOT_DURABLE) {
            return super.unsafeStoreAction(refused, auto, identityProperties);
        }
        return "Set appendonly yes and appendfsync always on every Redis master (CONFIG SET and redis.conf), or set "
                + "ids.node.redis.wait-for-replicas to make every lease write wait for that many replicas, or, for a "
                + "server that hides its configuration and keeps every acknowledged write, set "
                + "ids.node.redis.durability=trusted; or keep the leases elsewhere (ids.node.provider=jdbc with a "
                + "DataSource, or zookeeper), or set ids.node.provider=static and the identity properties ("
                + identityProperties + ") to values no other instance uses.";
    }
}
