package dev.ids.redis;

import dev.ids.node.LeaseStart;
import dev.ids.node.StoredNodeLease;

/**
 * A node identity held through a key in Redis, {@code {<prefix>:<namespace>}:lease:<identity>}, whose TTL the server
 * counts: the shared lease lifecycle ({@link StoredNodeLease}) over the Redis store. It renews itself on its own
 * thread, is fenced at its local deadline (its last renewal's start plus the lease length, before the key can expire)
 * and while its clock is further from the server's than the reclaim grace, and ends at once when a renewal or mark
 * write finds the key gone or another holder's.
 */
public final class RedisNodeLease extends StoredNodeLease<RedisProof> {

    RedisNodeLease(LeaseStart<RedisProof> start) {
        super(start);
    }

    /**
     * Returns the key that holds the lease, for diagnostics.
     *
     * @return the key, such as {@code {ids:sno}:lease:3}
     */
    public String key() {
        return proof().keys().lease(proof().identity());
    }

    /**
     * Returns the key that keeps the identity's high-water mark, without expiry.
     *
     * @return the key, such as {@code {ids:sno}:mark:3}
     */
    public String highWaterMarkKey() {
        return proof().keys().mark(proof().identity());
    }

    /**
     * Returns the holder value written in the lease key: the provider's holder id, {@code #} and the lease's number.
     *
     * @return the holder value
     */
    public String holder() {
        return proof().holder();
    }
}
