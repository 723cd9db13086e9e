package dev.ids.redis;

/**
 * What the application tells the Redis lease store about its server's durability, for the check the store makes
 * before its first claim. A server that acknowledges a write and then loses it in a crash (no AOF, or
 * {@code appendfsync} other than {@code always}) would hand the next claimant an old high-water mark, and two
 * processes would issue IDs in the same time range; so the store reads the server's configuration and refuses such a
 * server, unless every write is followed by {@code WAIT} for replicas
 * ({@link RedisNodeLeaseProvider.Builder#waitForReplicas}).
 */
public enum RedisDurability {

    /**
     * The default: the store reads {@code CONFIG GET appendonly appendfsync} on every master and refuses a server
     * without AOF or with {@code appendfsync} other than {@code always}, and a server that hides its configuration
     * ({@code CONFIG} disabled or not permitted, as on many managed services).
     */
    CHECKED,

    /**
     * The application vouches that a server hiding its configuration keeps every acknowledged write across a crash
     * (a managed service with a durable transaction log, say). It applies only where {@code CONFIG} cannot be read: a
     * server whose configuration shows that it can lose writes is refused all the same.
     */
    TRUSTED
}
