package dev.ids.autoconfigure.node.redis;

import dev.ids.autoconfigure.node.LeaseTimingProperties;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the Redis node lease provider, under {@code ids.node.redis}: unset ones keep the provider's defaults
 * ({@code dev.ids.redis.RedisNodeLeaseProvider}).
 */
@ConfigurationProperties("ids.node.redis")
public class RedisLeaseProperties extends LeaseTimingProperties {

    /**
     * Prefix of every key the leases write; a namespace's keys start {prefix:namespace}, one hash slot per namespace
     * on a Redis Cluster. Default ids.
     */
    private @Nullable String keyPrefix;

    /**
     * What the application vouches for about the Redis server's durability, checked or trusted: checked (the
     * default) reads CONFIG GET appendonly appendfsync on every master and refuses a server without AOF or with
     * appendfsync other than always, or one that hides its configuration; trusted accepts a server that hides its
     * configuration (a managed service with CONFIG disabled) as keeping every acknowledged write, and still refuses
     * one whose configuration shows it may lose writes.
     */
    private @Nullable String durability;

    /**
     * Number of replicas every lease write waits for (WAIT) instead of the server's own AOF; a write fewer replicas
     * confirmed fails. Not supported on a Redis Cluster. Default none.
     */
    private @Nullable Integer waitForReplicas;

    /** How long each lease write waits for the replicas of wait-for-replicas. Default 1s. */
    private @Nullable Duration waitTimeout;

    public @Nullable String getKeyPrefix() {
        return keyPrefix;
    }

    public void setKeyPrefix(@Nullable String keyPrefix) {
        this.keyPrefix = keyPrefix;
    }

    public @Nullable String getDurability() {
        return durability;
    }

    public void setDurability(@Nullable String durability) {
        this.durability = durability;
    }

    public @Nullable Integer getWaitForReplicas() {
        return waitForReplicas;
    }

    public void setWaitForReplicas(@Nullable Integer waitForReplicas) {
        this.waitForReplicas = waitForReplicas;
    }

    public @Nullable Duration getWaitTimeout() {
        return waitTimeout;
    }

    public void setWaitTimeout(@Nullable Duration waitTimeout) {
        this.waitTimeout = waitTimeout;
    }
}
