/**
 * Node identities for the ids generators leased from Redis (a single server or a Redis Cluster) through Lettuce:
 * {@link dev.ids.redis.RedisNodeLeaseProvider}.
 */
@NullMarked
package dev.ids.redis;

import org.jspecify.annotations.NullMarked;
