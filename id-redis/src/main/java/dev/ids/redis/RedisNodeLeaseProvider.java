package dev.ids.redis;

import dev.ids.internal.ExceptionMessages;
import dev.ids.node.KeyedLeaseProvider;
import dev.ids.node.KeyedStore;
import dev.ids.node.ListedLease;
import dev.ids.node.UnsafeLeaseStoreException;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.api.StatefulConnection;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Leases node identities from Redis (a single server or a Redis Cluster) through Lettuce, with the guarantees of the
 * database lease: one holder per identity by one conditional write ({@code SET NX PX} in a Lua script), expiry
 * counted by the server (the key's TTL: the lease length plus the reclaim grace), the clock skew measured against the
 * server's {@code TIME} at each claim and renewal (the lease is fenced while it exceeds the grace), renewals, mark
 * writes and releases conditional on the lease's own holder value, and a high-water mark kept in a key without expiry
 * that outlives every lease and only moves forward. The keys of a namespace share one hash tag,
 * {@code {<prefix>:<namespace>}}, so each script runs on one node of a Cluster ({@link RedisNodeLease}).
 *
 * <p>A claim takes an identity never held, released, or whose key expired (the lease length plus the reclaim grace
 * after its last renewal, on the server's clock). A takeover ({@link #takeOver}) is one script conditional on the key
 * as listed: the same holder value and expiry, and no renewal for the silence had its lease been this provider's.
 *
 * <p>Before its first claim writes anything, the provider checks that the server keeps acknowledged writes across a
 * crash ({@link RedisDurability}): a server without AOF, or with {@code appendfsync} other than {@code always}, is
 * refused with an {@link UnsafeLeaseStoreException}, unless every write waits for replicas
 * ({@link Builder#waitForReplicas}).
 *
 * <p>The calls run on one connection of the provider's own, opened from the client at the first claim and closed by
 * {@link #close()} (or on the connection the caller gave, which stays open); each waits at most the renewal period (at
 * least a second). Safe for use by many threads.
 */
public final class RedisNodeLeaseProvider extends KeyedLeaseProvider<RedisProof, RedisNodeLease> {

    /** The default key prefix. */
    public static final String DEFAULT_KEY_PREFIX = "ids";

    private static final System.Logger LOG = System.getLogger(RedisNodeLeaseProvider.class.getName());

    private final DurabilityCheck durability;
    private final Object checkLock = new Object();
    private volatile boolean checked;

    private RedisNodeLeaseProvider(RedisSettings settings, RedisLink link) {
        super(settings.keyPrefix(), settings.timings(), parts(settings, link));
        this.durability = new DurabilityCheck(link, settings.durability(), settings.waitReplicas(), LOG);
    }

    private static KeyedStore<RedisProof, RedisNodeLease> parts(RedisSettings settings, RedisLink link) {
        if (link.isCluster() && settings.waitReplicas() > 0) {
            throw new IllegalArgumentException("waitForReplicas is not supported on a Redis Cluster: WAIT would have "
                    + "to run on the connection to each key's master; use AOF with appendfsync always on every master "
                    + "instead");
        }
        ReplicaWait wait = new ReplicaWait(link, settings.waitReplicas(), settings.waitTimeout().toMillis());
        RedisLeaseStore store = new RedisLeaseStore(link, settings.keyPrefix(), settings.timings(), wait, LOG);
        return new KeyedStore<>(link, store, new RedisLeaseListing(store)::list, store::takeOver,
                RedisNodeLease::new);
    }

    /**
     * Starts a builder over the application's client: the provider opens a connection of its own from it.
     *
     * @param client a {@code RedisClient} or a {@code RedisClusterClient}
     * @return a builder with the defaults
     */
    public static Builder builder(AbstractRedisClient client) {
        Objects.requireNonNull(client, "client");
        return new Builder(settings -> RedisLink.over(client, settings.callTimeout()));
    }

    /**
     * Starts a builder over a connection the caller keeps: the provider uses it and leaves it open. A connection of
     * the provider's own ({@link #builder(AbstractRedisClient)}) keeps the lease calls from queueing behind the
     * application's.
     *
     * @param connection a {@code StatefulRedisConnection} or {@code StatefulRedisClusterConnection} with string keys
     *     and values
     * @return a builder with the defaults
     */
    public static Builder builder(StatefulConnection<String, String> connection) {
        Objects.requireNonNull(connection, "connection");
        return new Builder(settings -> RedisLink.on(connection, settings.callTimeout()));
    }

    /** Checks the server's durability before the first write, once. */
    @Override
    protected void beforeWrite() throws Exception {
        if (checked) {
            return;
        }
        synchronized (checkLock) {
            if (!checked) {
                durability.check();
                checked = true;
            }
        }
    }

    @Override
    protected String notTaken(ListedLease judged, Duration silence) {
        return "the key of identity " + judged.identity() + " no longer names '" + judged.holder() + "' with the "
                + "expiry judged, or that holder renewed within " + silence.toMillis() + " ms";
    }

    /** Lettuce's futures wrap what the server or the connection said. */
    @Override
    protected Throwable reported(Exception e) {
        return e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
    }

    @Override
    protected String records() {
        return describeLink() + " (keys " + keyPrefix() + ")";
    }

    @Override
    protected @Nullable String unanswered(Throwable failure) {
        if (!(failure instanceof RedisConnectionException || failure instanceof TimeoutException
                || failure instanceof RedisUnansweredException)) {
            return null;
        }
        Throwable reason = failure instanceof RedisUnansweredException && failure.getCause() != null
                ? failure.getCause() : failure;
        return "Redis cannot be reached (" + ExceptionMessages.of(reason) + "); check the client's URI and that Redis "
                + "is up";
    }

    /**
     * Configures a {@link RedisNodeLeaseProvider}. Defaults: key prefix {@value #DEFAULT_KEY_PREFIX}, a lease of 60 s
     * renewed every third of it, a reclaim grace of 10 s, a holder id of a random id, the host and the process id,
     * the system clock, durability {@link RedisDurability#CHECKED}, no wait for replicas.
     */
    public static final class Builder extends RedisSettings.Setters<Builder> {

        private Builder(Function<RedisSettings, RedisLink> link) {
            super(link);
        }

        /**
         * Builds the provider; it touches the server only when it first claims.
         *
         * @return the provider
         * @throws IllegalArgumentException when the renewal period is not shorter than the lease length, a
         *     connection or client is neither a single server's nor a Cluster's, or replicas are waited for on a
         *     Cluster
         */
        public RedisNodeLeaseProvider build() {
            return build(settings(), RedisNodeLeaseProvider::new);
        }
    }
}
