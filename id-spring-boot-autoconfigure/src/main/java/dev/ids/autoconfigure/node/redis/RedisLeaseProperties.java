package dev.ids.autoconfigure.node.redis;

import dev.ids.autoconfigure.node.LeaseTimings;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the Redis node lease provider, under {@code ids.node.redis}: unset ones keep the provider's defaults
 * ({@code dev.ids.redis.RedisNodeLeaseProvider}).
 *
 * @param keyPrefix Prefix of every key the leases write; a namespace's keys start {prefix:namespace}, one hash slot
 *     per namespace on a Redis Cluster. Default ids.
 * @param durability What the application vouches for about the Redis server's durability, checked or trusted:
 *     checked (the default) reads CONFIG GET appendonly appendfsync on every master and refuses a server without AOF
 *     or with appendfsync other than always, or one that hides its configuration; trusted accepts a server that
 *     hides its configuration (a managed service with CONFIG disabled) as keeping every acknowledged write, and
 *     still refuses one whose configuration shows it may lose writes.
 * @param waitForReplicas Number of replicas every lease write waits for (WAIT) instead of the server's own AOF; a
 *     write fewer replicas confirmed fails. Not supported on a Redis Cluster. Default none.
 * @param waitTimeout How long each lease write waits for the replicas of wait-for-replicas. Default 1s.
 * @param leaseLength How long a lease lasts without renewal: an instance that cannot renew (paused, cut off from the
 *     store) stops issuing IDs this long after its last renewal started.
 * @param renewalPeriod How often a lease is renewed. Unset: a third of the lease length.
 * @param reclaimGrace How long after a lease expires (on the store's clock) before another instance may take its
 *     identity; an instance whose wall clock differs from the store's by more than this is fenced until it agrees
 *     again.
 */
@ConfigurationProperties("ids.node.redis")
public record RedisLeaseProperties(@Nullable String keyPrefix, @Nullable String durability,
        @Nullable Integer waitForReplicas, @Nullable Duration waitTimeout, @Nullable Duration leaseLength,
        @Nullable Duration renewalPeriod, @Nullable Duration reclaimGrace) implements LeaseTimings {
}
