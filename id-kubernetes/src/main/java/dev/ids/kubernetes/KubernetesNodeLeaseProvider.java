package dev.ids.kubernetes;

import dev.ids.internal.ExceptionMessages;
import dev.ids.node.KeyedLeaseProvider;
import dev.ids.node.KeyedStore;
import dev.ids.node.ListedLease;
import dev.ids.node.NodeClaim;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Leases node identities from Kubernetes {@code coordination.k8s.io/v1} Lease objects through the fabric8 client,
 * with the guarantees of the database lease: one object per identity in one Kubernetes namespace; every claim,
 * renewal, mark write and release an update conditional on the object's {@code resourceVersion}, which the API server
 * refuses with 409 once anyone else moved it; expiry judged, as client-go judges it, by the claimant's own monotonic
 * clock from the moment it first saw the object's current version, never by comparing {@code renewTime} with a wall
 * clock; a high-water mark in an annotation that only moves forward while held. Deleting an object fences its holder
 * at its next renewal or mark write, and the next claimant starts from the floor of a lost record.
 *
 * <p>A claim takes an identity without an object, released, or whose holder this process has seen leave its object
 * unchanged for the duration the holder wrote there plus the reclaim grace. A takeover ({@link #takeOver}) takes one
 * only while its object names the same holder with the same expiry, and once this process has seen that version of
 * the object stand still for the silence (watching the rest of it, if need be), by one update carrying that
 * version. The listing gives a held identity the expiry its holder wrote ({@code renewTime} plus
 * {@code leaseDurationSeconds}, on its clock).
 *
 * <p>With {@link Builder#podOrdinal(long)} every claim takes one identity, a StatefulSet pod's ordinal, still as a
 * lease, so two pods never both hold it; a claim whose range leaves the ordinal out fails with an
 * {@link IllegalArgumentException}. The service account needs {@code get}, {@code list}, {@code create} and
 * {@code update} on {@code leases} in {@code coordination.k8s.io}, in the namespace of the objects.
 *
 * <p>On the provider's own clients, which retry nothing, every call of a held lease waits at most the renewal period
 * (at least a second), and a claim's calls 15 s; a client the caller gave keeps its own timeouts. Safe for use by
 * many threads.
 */
public final class KubernetesNodeLeaseProvider extends KeyedLeaseProvider<KubernetesProof, KubernetesNodeLease> {

    /** The default start of the Lease objects' names. */
    public static final String DEFAULT_LEASE_NAME_PREFIX = "ids";

    private static final System.Logger LOG = System.getLogger(KubernetesNodeLeaseProvider.class.getName());

    private final KubernetesSettings settings;
    private final LeaseApi api;
    private final KubernetesLeaseStore store;

    private KubernetesNodeLeaseProvider(KubernetesSettings settings, LeaseApi api) {
        this(settings, api, new KubernetesLeaseStore(api, settings.leaseNamePrefix(), settings.timings(), LOG));
    }

    private KubernetesNodeLeaseProvider(KubernetesSettings settings, LeaseApi api, KubernetesLeaseStore store) {
        super(settings.leaseNamePrefix(), settings.timings(), new KeyedStore<>(api, store,
                new KubernetesLeaseListing(store)::list, new KubernetesTakeOver(store)::take,
                KubernetesNodeLease::new));
        this.settings = settings;
        this.api = api;
        this.store = store;
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

    @Override
    protected NodeClaim narrowed(NodeClaim claim) {
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

    @Override
    protected String notTaken(ListedLease judged, Duration silence) {
        return "the Lease object of identity " + judged.identity() + " no longer names '" + judged.holder() + "' with "
                + "the expiry judged, that holder renewed within " + silence.toMillis() + " ms, or another claimant "
                + "took it";
    }

    @Override
    protected String records() {
        return "Lease objects in " + api.describe();
    }

    @Override
    protected @Nullable String unanswered(Throwable failure) {
        return failure instanceof KubernetesCallException call && call.isUnanswered() ? "the API server cannot be "
                + "reached or did not answer in time (" + ExceptionMessages.of(failure) + ")" : null;
    }

    @Override
    protected String refused(Throwable failure) {
        return failure instanceof KubernetesCallException call && call.isForbidden() ? "the API server refused the "
                + "service account (" + ExceptionMessages.of(failure) + "); grant it get, list, create and update on "
                + "leases in coordination.k8s.io in namespace " + api.namespace() + " (a Role and a RoleBinding, "
                + "docs/LEASES.md)" : super.refused(failure);
    }

    /** The store: for tests that write through it directly. */
    KubernetesLeaseStore store() {
        return store;
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
     * Returns the start of the Lease objects' names, the {@linkplain #keyPrefix() key prefix}.
     *
     * @return the prefix, such as {@value #DEFAULT_LEASE_NAME_PREFIX}
     */
    public String leaseNamePrefix() {
        return keyPrefix();
    }

    /**
     * Returns the pod ordinal every claim takes, or -1 when claims take any free identity.
     *
     * @return the ordinal, or -1
     */
    public long podOrdinal() {
        return settings.podOrdinal();
    }

    @Override
    protected String describeStore() {
        return super.describeStore() + (podOrdinal() >= 0 ? ", podOrdinal=" + podOrdinal() : "");
    }

    /**
     * Configures a {@link KubernetesNodeLeaseProvider}. Defaults: the client's namespace, name prefix {@value
     * #DEFAULT_LEASE_NAME_PREFIX}, no pod ordinal, a lease of 60 s renewed every third of it, a reclaim grace of 10 s,
     * a holder id of a random id, the host and the process id, the system clock.
     */
    public static final class Builder extends KubernetesSettings.Setters<Builder> {

        private Builder(Function<KubernetesSettings, LeaseApi> api) {
            super(api);
        }

        /**
         * Builds the provider; it calls the API server only when it first claims.
         *
         * @return the provider
         * @throws IllegalArgumentException when the renewal period is not shorter than the lease length, or no
         *     namespace is set and the client has none
         */
        public KubernetesNodeLeaseProvider build() {
            return build(settings(), KubernetesNodeLeaseProvider::new);
        }
    }
}
