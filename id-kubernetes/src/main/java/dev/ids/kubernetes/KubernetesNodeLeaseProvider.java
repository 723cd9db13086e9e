package dev.ids.kubernetes;

import dev.ids.node.IdentityTakeOver;
import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.LeaseTimingSettings;
import dev.ids.node.ListedLease;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseStore;
import dev.ids.node.StoredNodeLease;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Leases node identities from Kubernetes {@code coordination.k8s.io/v1} Lease objects through the fabric8 client,
 * with the guarantees of the database lease: one object per identity in one Kubernetes namespace; every claim,
 * renewal, mark write and release an update conditional on the object's {@code resourceVersion}, which the API server
 * refuses with 409 once anyone else moved it; expiry judged, as client-go judges it, by the claimant's own monotonic
 * clock from the moment it first saw the object's current version, never by comparing {@code renewTime} with a wall
 * clock; a high-water mark in an annotation that only moves forward while held. Deleting an object fences its holder
 * at its next renewal or mark write, and the next claimant starts from the floor of a lost record.
 *
 * <p>With {@link Builder#podOrdinal(long)} every claim takes one identity, a StatefulSet pod's ordinal, still as a
 * lease, so two pods never both hold it. The service account needs {@code get}, {@code list}, {@code create} and
 * {@code update} on {@code leases} in {@code coordination.k8s.io}, in the namespace of the objects.
 *
 * <p>On the provider's own clients, which retry nothing, every call of a held lease waits at most the renewal period
 * (at least a second), and a claim's calls 15 s; a client the caller gave keeps its own timeouts. Safe for use by
 * many threads.
 */
public final class KubernetesNodeLeaseProvider implements IdentityTakeOver, AutoCloseable {

    /** The default start of the Lease objects' names. */
    public static final String DEFAULT_LEASE_NAME_PREFIX = "ids";
    /** The default lease length: how long a lease lasts without renewal. */
    public static final Duration DEFAULT_LEASE_LENGTH = LeaseTimingSettings.DEFAULT_LEASE_LENGTH;
    /** The default reclaim grace, added to the duration a holder wrote before its silence frees the identity. */
    public static final Duration DEFAULT_RECLAIM_GRACE = LeaseTimingSettings.DEFAULT_RECLAIM_GRACE;

    private static final System.Logger LOG = System.getLogger(KubernetesNodeLeaseProvider.class.getName());

    private final KubernetesSettings settings;
    private final LeaseApi api;
    private final KubernetesLeaseStore store;
    private final KubernetesLeaseListing listing;
    private final KubernetesTakeOver takeOver;
    private final AtomicLong leaseNumbers = new AtomicLong();

    private KubernetesNodeLeaseProvider(KubernetesSettings settings, LeaseApi api) {
        this.settings = settings;
        this.api = api;
        this.store = new KubernetesLeaseStore(api, settings.leaseNamePrefix(), settings.clock(),
                settings.leaseLength(), settings.reclaimGrace(), LOG);
        this.listing = new KubernetesLeaseListing(store);
        this.takeOver = new KubernetesTakeOver(store);
    }

    /**
     * Starts a builder whose provider configures its own client as fabric8 does: in a pod, from its service account
     * (the API server's address, token and CA, and the pod's namespace); elsewhere from {@code ~/.kube/config}, the
     * {@code KUBECONFIG} variable or the {@code kubernetes.*} system properties.
     *
     * @return a builder with the defaults
     */
    public static Builder builder() {
        return new Builder(settings -> LeaseClients.own(Config.autoConfigure(null), settings));
    }

    /**
     * Starts a builder over a fabric8 configuration: the provider builds its own client from a copy, with its own
     * timeouts and no retries.
     *
     * @param config the client configuration
     * @return a builder with the defaults
     */
    public static Builder builder(Config config) {
        Objects.requireNonNull(config, "config");
        return new Builder(settings -> LeaseClients.own(config, settings));
    }

    /**
     * Starts a builder over a client the caller keeps: the provider uses it and leaves it open. Its request timeout
     * should be shorter than the renewal period, and its retries few.
     *
     * @param client the application's fabric8 client
     * @return a builder with the defaults
     */
    public static Builder builder(KubernetesClient client) {
        Objects.requireNonNull(client, "client");
        return new Builder(settings -> LeaseClients.callers(client, settings));
    }

    /**
     * Claims a free identity of the claim's range (with a pod ordinal, that one identity): one without an object,
     * released, or whose holder this process has seen leave its object unchanged for the duration the holder wrote
     * there plus the reclaim grace.
     *
     * @param claim the namespace and range
     * @return the lease, renewed on its own thread until closed or lost
     * @throws NoFreeNodeIdentityException when every identity of the range is held
     * @throws IllegalArgumentException when the pod ordinal lies outside the claim's range
     * @throws LeaseStoreUnreachableException when the API server cannot be reached or does not answer in time
     * @throws IllegalStateException when the API server answers with an error (a missing Role, say)
     */
    @Override
    public KubernetesNodeLease claim(NodeClaim claim) {
        NodeClaim narrowed = narrowed(Objects.requireNonNull(claim, "claim"));
        String holder = settings.holderId() + "#" + leaseNumbers.incrementAndGet();
        try {
            return new KubernetesNodeLease(StoredNodeLease.claim(store, store.startClaim(narrowed, holder), narrowed,
                    holder, settings.clock(), settings.backgroundRenewal() ? settings.renewalPeriod() : null));
        } catch (NoFreeNodeIdentityException e) {
            throw e;
        } catch (Exception e) {
            throw failed("claim a node identity in namespace '" + claim.namespace() + "'", e);
        }
    }

    private NodeClaim narrowed(NodeClaim claim) {
        long ordinal = settings.podOrdinal();
        if (ordinal < 0) {
            return claim;
        }
        if (ordinal < claim.min() || ordinal > claim.max()) {
            throw new IllegalArgumentException("Pod ordinal " + ordinal + " lies outside the node identities ["
                    + claim.min() + ", " + claim.max() + "] of namespace '" + claim.namespace() + "': scale the "
                    + "StatefulSet to at most " + (claim.max() + 1) + " replicas, or lease identities without the "
                    + "ordinal");
        }
        return new NodeClaim(claim.namespace(), ordinal, ordinal);
    }

    private RuntimeException failed(String what, Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        String message = "Could not " + what + " from Lease objects in " + api.describe() + ": ";
        if (e instanceof KubernetesCallException call && call.isUnanswered()) {
            return new LeaseStoreUnreachableException(message + "the API server cannot be reached or did not answer "
                    + "in time (" + e.getMessage() + ")", e);
        }
        if (e instanceof KubernetesCallException call && call.isForbidden()) {
            return new IllegalStateException(message + "the API server refused the service account ("
                    + e.getMessage() + "); grant it get, list, create and update on leases in coordination.k8s.io "
                    + "in namespace " + api.namespace() + " (a Role and a RoleBinding, docs/LEASES.md)", e);
        }
        return new IllegalStateException(message + e.getMessage(), e);
    }

    /**
     * Lists every identity of a namespace that has a Lease object: held ones with their holder and the expiry the
     * holder wrote (its {@code renewTime} plus {@code leaseDurationSeconds}, on its clock), released ones with their
     * latest holder and mark.
     *
     * @param namespace the namespace, for example {@code sno}
     * @return the identities, ascending
     * @throws IllegalStateException naming the API server when it cannot be read
     */
    @Override
    public List<ListedLease> listLeases(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        try {
            return listing.list(namespace);
        } catch (Exception e) {
            throw failed("read namespace '" + namespace + "'", e);
        }
    }

    /**
     * Returns how long a holder must have gone without renewing before {@link #takeOver} takes its identity: one
     * renewal period plus the reclaim grace, which a running holder lets pass only when it cannot reach the API
     * server.
     *
     * @return the silence
     */
    @Override
    public Duration silenceBeforeTakeOver() {
        return settings.renewalPeriod().plus(settings.reclaimGrace());
    }

    /**
     * Takes one identity from the holder judged by listing it ({@link #listLeases}): only while its object names the
     * same holder with the same expiry, and once this process has seen that version of the object stand still for the
     * silence (watching the rest of it, if need be), by one update carrying that version.
     *
     * @param judged the identity as listed, naming the holder
     * @param silence how long the holder must have gone without renewing: zero or more
     * @return the lease, renewed on its own thread until closed or lost
     * @throws NoFreeNodeIdentityException when the object is no longer as judged, or another claimant took it
     * @throws IllegalArgumentException when the silence is negative
     * @throws LeaseStoreUnreachableException when the API server cannot be reached
     */
    @Override
    public KubernetesNodeLease takeOver(ListedLease judged, Duration silence) {
        Objects.requireNonNull(judged, "judged");
        if (Objects.requireNonNull(silence, "silence").isNegative()) {
            throw new IllegalArgumentException("silence must not be negative: " + silence);
        }
        NodeClaim claim = new NodeClaim(judged.namespace(), judged.identity(), judged.identity());
        try {
            String holder = settings.holderId() + "#" + leaseNumbers.incrementAndGet();
            NodeLeaseStore.Claimed<KubernetesProof> taken = judged.held() ? takeOver.take(judged, silence, holder)
                    : null;
            if (taken == null) {
                throw new NoFreeNodeIdentityException(claim, "the Lease object of identity " + judged.identity()
                        + " no longer names '" + judged.holder() + "' with the expiry judged, that holder renewed "
                        + "within " + silence.toMillis() + " ms, or another claimant took it");
            }
            return new KubernetesNodeLease(StoredNodeLease.start(store, claim, taken, settings.clock(),
                    settings.backgroundRenewal() ? settings.renewalPeriod() : null));
        } catch (NoFreeNodeIdentityException e) {
            throw e;
        } catch (Exception e) {
            throw failed("take node identity " + judged.identity() + " over in namespace '" + judged.namespace()
                    + "'", e);
        }
    }

    /** The store: for tests that write through it directly. */
    KubernetesLeaseStore store() {
        return store;
    }

    @Override
    public String holderId() {
        return settings.holderId();
    }

    /**
     * Returns the Kubernetes namespace of the Lease objects.
     *
     * @return the namespace
     */
    public String namespace() {
        return api.namespace();
    }

    /**
     * Returns the start of the Lease objects' names.
     *
     * @return the prefix, such as {@value #DEFAULT_LEASE_NAME_PREFIX}
     */
    public String leaseNamePrefix() {
        return settings.leaseNamePrefix();
    }

    /**
     * Returns the pod ordinal every claim takes, or -1 when claims take any free identity.
     *
     * @return the ordinal, or -1
     */
    public long podOrdinal() {
        return settings.podOrdinal();
    }

    /**
     * Returns how long a lease lasts without renewal.
     *
     * @return the lease length
     */
    public Duration leaseLength() {
        return settings.leaseLength();
    }

    /**
     * Returns how often leases are renewed.
     *
     * @return the renewal period
     */
    public Duration renewalPeriod() {
        return settings.renewalPeriod();
    }

    /**
     * Returns the reclaim grace added to a holder's duration before its silence frees the identity.
     *
     * @return the grace
     */
    public Duration reclaimGrace() {
        return settings.reclaimGrace();
    }

    /** Closes the provider's own client (a client the caller gave stays open); close the leases first. */
    @Override
    public void close() {
        api.close();
    }

    @Override
    public String toString() {
        return "KubernetesNodeLeaseProvider[" + api.describe() + ", prefix=" + leaseNamePrefix()
                + (podOrdinal() >= 0 ? ", podOrdinal=" + podOrdinal() : "") + ", lease=" + leaseLength()
                + ", renewal=" + renewalPeriod() + ", grace=" + reclaimGrace() + ", holder=" + holderId() + "]";
    }

    /**
     * Configures a {@link KubernetesNodeLeaseProvider}. Defaults: the client's namespace, name prefix {@value
     * #DEFAULT_LEASE_NAME_PREFIX}, no pod ordinal, a lease of 60 s renewed every third of it, a reclaim grace of 10 s,
     * a holder id of a random id, the host and the process id, the system clock.
     */
    public static final class Builder extends KubernetesSettings.Setters<Builder> {

        private final Function<KubernetesSettings, LeaseApi> apiFactory;

        private Builder(Function<KubernetesSettings, LeaseApi> apiFactory) {
            this.apiFactory = apiFactory;
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
         * Builds the provider; it calls the API server only when it first claims.
         *
         * @return the provider
         * @throws IllegalArgumentException when the renewal period is not shorter than the lease length, or no
         *     namespace is set and the client has none
         */
        public KubernetesNodeLeaseProvider build() {
            KubernetesSettings settings = settings();
            return new KubernetesNodeLeaseProvider(settings, apiFactory.apply(settings));
        }
    }
}
