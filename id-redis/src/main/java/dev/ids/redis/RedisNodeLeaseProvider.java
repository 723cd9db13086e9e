package dev.ids.redis;

import dev.ids.clock.IdClock;
import dev.ids.node.KeyedLeaseProvider;
import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.LeaseTimingSettings;
import dev.ids.node.ListedLease;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseStore;
import dev.ids.node.StoredNodeLease;
import dev.ids.node.UnsafeLeaseStoreException;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.api.StatefulConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Leases node identities from Redis (a single server or a Redis Cluster) through Lettuce, with the guarantees of the
 * database lease: one holder per identity by one conditional write ({@code SET NX PX} in a Lua script), expiry
 * counted by the server (the key's TTL: the lease length plus the reclaim grace), the clock skew measured against the
 * server's {@code TIME} at each claim and renewal (the lease is fenced while it exceeds the grace), renewals, mark
 * writes and releases conditional on the lease's own holder value, and a high-water mark kept in a key without expiry
 * that outlives every lease and only moves forward. The keys of a namespace share one hash tag,
 * {@code {<prefix>:<namespace>}}, so each script runs on one node of a Cluster ({@link RedisNodeLease}).
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
public final class RedisNodeLeaseProvider extends KeyedLeaseProvider implements AutoCloseable {

    /** The default key prefix. */
    public static final String DEFAULT_KEY_PREFIX = "ids";
    /** The default lease length: how long a lease lasts without renewal. */
    public static final Duration DEFAULT_LEASE_LENGTH = LeaseTimingSettings.DEFAULT_LEASE_LENGTH;
    /** The default reclaim grace: how long after a lease's expiry before another process may take its identity. */
    public static final Duration DEFAULT_RECLAIM_GRACE = LeaseTimingSettings.DEFAULT_RECLAIM_GRACE;

    private static final System.Logger LOG = System.getLogger(RedisNodeLeaseProvider.class.getName());

    private final RedisLink link;
    private final RedisLeaseStore store;
    private final DurabilityCheck durability;
    private final RedisSettings settings;
    private final Object checkLock = new Object();
    private volatile boolean checked;

    private RedisNodeLeaseProvider(RedisSettings settings, RedisLink link) {
        super(settings.keyPrefix(), settings.timings());
        this.settings = settings;
        this.link = link;
        ReplicaWait wait = new ReplicaWait(link, settings.waitReplicas(), settings.waitTimeout().toMillis());
        this.store = new RedisLeaseStore(link, settings.keyPrefix(), settings.clock(), settings.leaseLength(),
                settings.reclaimGrace(), wait, LOG);
        this.durability = new DurabilityCheck(link, settings.durability(), settings.waitReplicas(), LOG);
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

    /**
     * Claims a free identity of the claim's range: one never held, released, or whose key expired (the lease length
     * plus the reclaim grace after its last renewal, on the server's clock). Checks the server's durability first,
     * once.
     *
     * @param claim the namespace and range
     * @return the lease, renewed on its own thread until closed or lost
     * @throws NoFreeNodeIdentityException when every identity of the range is held
     * @throws UnsafeLeaseStoreException when the server may lose an acknowledged write
     * @throws LeaseStoreUnreachableException when the server cannot be reached
     * @throws IllegalStateException when the server answers with an error
     */
    @Override
    public RedisNodeLease claim(NodeClaim claim) {
        Objects.requireNonNull(claim, "claim");
        try {
            checkDurability();
            String holder = nextHolder();
            return new RedisNodeLease(StoredNodeLease.claim(store, claim, holder, settings.clock(),
                    backgroundRenewalPeriod()));
        } catch (NoFreeNodeIdentityException | UnsafeLeaseStoreException e) {
            throw e;
        } catch (Exception e) {
            throw failed("claim a node identity in namespace '" + claim.namespace() + "'", e);
        }
    }

    private void checkDurability() throws Exception {
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

    private RuntimeException failed(String what, Exception e) {
        Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
        String message = "Could not " + what + " from " + link.describe() + " (keys " + settings.keyPrefix() + "): ";
        if (cause instanceof RedisConnectionException || cause instanceof TimeoutException
                || cause instanceof RedisUnansweredException) {
            Throwable reason = cause instanceof RedisUnansweredException && cause.getCause() != null
                    ? cause.getCause() : cause;
            return new LeaseStoreUnreachableException(message + "Redis cannot be reached (" + reason.getMessage()
                    + "); check the client's URI and that Redis is up", cause);
        }
        return new IllegalStateException(message + cause.getMessage(), cause);
    }

    /**
     * Lists every identity of a namespace ever claimed: held ones with their holder and expiry (the lease's end on
     * the server's clock, before the grace), released ones with their latest holder and mark.
     *
     * @param namespace the namespace, for example {@code sno}
     * @return the identities, ascending
     * @throws IllegalStateException naming the server when it cannot be read
     */
    @Override
    public List<ListedLease> listLeases(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        NamespaceKeys keys = store.keys(namespace);
        try {
            Map<String, String> holders = store.holders(keys);
            List<Long> identities = holders.keySet().stream().map(RedisNodeLeaseProvider::identity)
                    .filter(identity -> identity >= 0).sorted().toList();
            if (identities.isEmpty()) {
                return List.of();
            }
            List<Object> answer = store.list(keys, identities);
            List<ListedLease> leases = new ArrayList<>(identities.size());
            for (int i = 0; i < identities.size(); i++) {
                long identity = identities.get(i);
                String holder = (String) answer.get(1 + 3 * i);
                long keyExpires = (Long) answer.get(2 + 3 * i);
                long mark = (Long) answer.get(3 + 3 * i);
                boolean held = !holder.isEmpty() && keyExpires >= 0;
                leases.add(new ListedLease(namespace, identity, held ? holder : holders.get(Long.toString(identity)),
                        held, held ? keyExpires - settings.reclaimGrace().toMillis() : 0, Math.max(0, mark)));
            }
            return leases;
        } catch (Exception e) {
            throw failed("read namespace '" + namespace + "'", e);
        }
    }

    /**
     * Takes one identity from the holder judged by listing it ({@link #listLeases}), in one script conditional on
     * its key as listed: the same holder value and expiry, and no renewal for the silence had its lease been this
     * provider's. So two claimants that judged the same holder cannot both win, and a holder that renewed since
     * keeps the identity; the new lease starts after the holder's mark. {@link
     * dev.ids.node.ConfiguredIdentityClaim} calls it for an instance configured with an identity that its previous
     * run, killed, still holds.
     *
     * @param judged the identity as listed, naming the holder
     * @param silence how long the holder must have gone without renewing: zero or more
     * @return the lease, renewed on its own thread until closed or lost
     * @throws NoFreeNodeIdentityException when the key is no longer as judged or its holder renewed within the
     *     silence
     * @throws IllegalArgumentException when the silence is negative
     * @throws UnsafeLeaseStoreException when the server may lose an acknowledged write
     * @throws LeaseStoreUnreachableException when the server cannot be reached
     */
    @Override
    public RedisNodeLease takeOver(ListedLease judged, Duration silence) {
        Objects.requireNonNull(judged, "judged");
        if (Objects.requireNonNull(silence, "silence").isNegative()) {
            throw new IllegalArgumentException("silence must not be negative: " + silence);
        }
        NodeClaim claim = new NodeClaim(judged.namespace(), judged.identity(), judged.identity());
        try {
            checkDurability();
            String holder = nextHolder();
            NodeLeaseStore.Claimed<RedisProof> taken = judged.held() ? store.takeOver(judged, silence, holder)
                    : null;
            if (taken == null) {
                throw new NoFreeNodeIdentityException(claim, "the key of identity " + judged.identity()
                        + " no longer names '" + judged.holder() + "' with the expiry judged, or that holder renewed "
                        + "within " + silence.toMillis() + " ms");
            }
            return new RedisNodeLease(StoredNodeLease.start(store, claim, taken, settings.clock(),
                    backgroundRenewalPeriod()));
        } catch (NoFreeNodeIdentityException | UnsafeLeaseStoreException e) {
            throw e;
        } catch (Exception e) {
            throw failed("take node identity " + judged.identity() + " over in namespace '" + judged.namespace()
                    + "'", e);
        }
    }

    private static long identity(String field) {
        try {
            return Long.parseLong(field);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Closes the provider's own connection (not the client); close the leases first. A connection the caller gave
     * stays open.
     */
    @Override
    public void close() {
        link.close();
    }

    @Override
    protected String describeLink() {
        return link.describe();
    }

    /**
     * Configures a {@link RedisNodeLeaseProvider}. Defaults: key prefix {@value #DEFAULT_KEY_PREFIX}, a lease of 60 s
     * renewed every third of it, a reclaim grace of 10 s, a holder id of a random id, the host and the process id,
     * the system clock, durability {@link RedisDurability#CHECKED}, no wait for replicas.
     */
    public static final class Builder extends RedisSettings.Setters<Builder> {

        private final java.util.function.Function<RedisSettings, RedisLink> linkFactory;

        private Builder(java.util.function.Function<RedisSettings, RedisLink> linkFactory) {
            this.linkFactory = linkFactory;
        }

        @Override
        protected Builder self() {
            return this;
        }

        /** For tests: whether leases renew themselves on a background thread (they renew when told otherwise). */
        Builder backgroundRenewal(boolean backgroundRenewal) {
            return renewingInBackground(backgroundRenewal);
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
            RedisSettings settings = settings();
            RedisLink link = linkFactory.apply(settings);
            if (link.isCluster() && settings.waitReplicas() > 0) {
                throw new IllegalArgumentException("waitForReplicas is not supported on a Redis Cluster: WAIT "
                        + "would have to run on the connection to each key's master; use AOF with appendfsync always "
                        + "on every master instead");
            }
            return new RedisNodeLeaseProvider(settings, link);
        }
    }
}
