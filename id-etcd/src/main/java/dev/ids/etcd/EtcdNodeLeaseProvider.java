package dev.ids.etcd;

import dev.ids.internal.ExceptionMessages;
import dev.ids.node.KeyedLeaseProvider;
import dev.ids.node.KeyedStore;
import dev.ids.node.ListedLease;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.ClientBuilder;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Leases node identities from an etcd cluster through jetcd, with the guarantees of the database lease: one holder
 * per identity by one transaction that creates the identity's key only where none exists, attached to an etcd lease
 * whose TTL (the lease length plus the reclaim grace) the cluster counts; renewals, mark writes and releases
 * conditional on the key's create revision, so a key deleted and created again by anyone else fences its former
 * holder; one keep-alive per renewal period, asked by the lease's own renewal thread rather than jetcd's keep-alive
 * stream (which can stop without a word, etcd-io/jetcd#1383), and an etcd lease found gone ends the lease at once;
 * a high-water mark in a key attached to no etcd lease, which outlives every holder and only moves forward.
 *
 * <p>A claim takes an identity never held, released, or whose etcd lease expired (the lease length plus the reclaim
 * grace after its last keep-alive, counted by the cluster). A takeover ({@link #takeOver}) takes one only while its
 * key names the same holder with the same expiry and the cluster counts no keep-alive of the holder's etcd lease for
 * the silence (in whole seconds, a second allowed for the rounding; it waits up to 3 s for that count while the key
 * stays as judged); the key is then deleted on its revision as read and claimed again, from the holder's mark. The
 * listing estimates a held identity's expiry from the expiry its holder wrote in the key.
 *
 * <p>etcd acknowledges a write once a majority of its members has it in their logs on disk, so there is nothing to
 * check about durability: a cluster of three members keeps every lease and mark through the loss of one. A cluster of
 * one member keeps them as long as its disk does, and one started with {@code --unsafe-no-fsync}, or restored from an
 * older snapshot, may hand the next claimant an older mark.
 *
 * <p>Every operation waits at most the renewal period (at least a second; the first of a cold JVM 15 s, as it loads
 * gRPC and Netty). A client of the provider's own that let a call run out of time is dropped and the next call builds
 * a new one, as a connection that silently stopped would otherwise hold every later call (a client the caller gave is
 * kept). Safe for use by many threads.
 */
public final class EtcdNodeLeaseProvider extends KeyedLeaseProvider<EtcdProof, EtcdNodeLease> {

    /** The default key prefix. */
    public static final String DEFAULT_KEY_PREFIX = "ids";

    private static final System.Logger LOG = System.getLogger(EtcdNodeLeaseProvider.class.getName());

    private EtcdNodeLeaseProvider(EtcdSettings settings, EtcdLink link) {
        super(settings.keyPrefix(), settings.timings(), parts(settings, link));
    }

    private static KeyedStore<EtcdProof, EtcdNodeLease> parts(EtcdSettings settings, EtcdLink link) {
        EtcdLeaseStore store = new EtcdLeaseStore(link, settings.keyPrefix(), settings.timings(), LOG);
        return new KeyedStore<>(link, store, new EtcdLeaseListing(store)::list, new EtcdTakeOver(store)::take,
                EtcdNodeLease::new);
    }

    /**
     * Starts a builder over the members' client URLs: the provider builds clients of its own from them and the
     * builder's TLS and user settings.
     *
     * @param endpoints the members' client URLs, such as {@code http://10.0.0.1:2379}; all {@code http://} or all
     *     {@code https://}
     * @return a builder with the defaults
     * @throws IllegalArgumentException when there is none, or one is not an {@code http://} or {@code https://} URL
     *     with a host and port
     */
    public static Builder builder(String... endpoints) {
        Objects.requireNonNull(endpoints, "endpoints");
        return builder(List.of(endpoints));
    }

    /**
     * Starts a builder over the members' client URLs; see {@link #builder(String...)}.
     *
     * @param endpoints the members' client URLs
     * @return a builder with the defaults
     */
    public static Builder builder(List<String> endpoints) {
        List<URI> uris = EtcdConnection.endpoints(endpoints);
        String description = "etcd " + String.join(",", endpoints);
        return new Builder(settings -> {
            boolean https = "https".equals(uris.get(0).getScheme());
            if (settings.connection().hasTlsFiles() && !https) {
                throw new IllegalArgumentException("TLS certificates are set, but the etcd endpoints are http:// "
                        + "URLs: " + endpoints + "; use https:// endpoints");
            }
            return EtcdLink.over(settings.connection().clientBuilder(uris), settings.callTimeout(), description);
        });
    }

    /**
     * Starts a builder over a jetcd client builder the caller configured (for settings this builder has not): the
     * provider builds clients of its own from copies of it, so it can drop one that stops answering.
     *
     * @param clientBuilder the client settings; the provider sets its own wait-for-ready, retry and keep-alive terms
     *     on its copies
     * @return a builder with the defaults
     */
    public static Builder builder(ClientBuilder clientBuilder) {
        Objects.requireNonNull(clientBuilder, "clientBuilder");
        ClientBuilder copy = clientBuilder.copy();
        return new Builder(settings -> {
            rejectConnectionSettings(settings, "a jetcd ClientBuilder");
            return EtcdLink.over(copy, settings.callTimeout(), "etcd " + copy.target());
        });
    }

    /**
     * Starts a builder over a client the caller keeps: the provider uses it and leaves it open. A connection of that
     * client that silently stopped holds the lease calls until gRPC's keep-alive notices it; the provider's own
     * clients ({@link #builder(String...)}) are dropped as soon as a call runs out of time.
     *
     * @param client the application's jetcd client
     * @return a builder with the defaults
     */
    public static Builder builder(Client client) {
        Objects.requireNonNull(client, "client");
        return new Builder(settings -> {
            rejectConnectionSettings(settings, "a jetcd Client");
            return EtcdLink.on(client, settings.callTimeout(), "the application's etcd client");
        });
    }

    private static void rejectConnectionSettings(EtcdSettings settings, String given) {
        if (settings.connection().isSet()) {
            throw new IllegalArgumentException("The etcd provider was given " + given + ", which carries its own "
                    + "TLS and user settings: set them there, not on the provider's builder");
        }
    }

    @Override
    protected String notTaken(ListedLease judged, Duration silence) {
        return "the key of identity " + judged.identity() + " no longer names '" + judged.holder() + "' with the "
                + "expiry judged, that holder kept its etcd lease alive within " + silence.toMillis() + " ms, or "
                + "another claimant took it";
    }

    @Override
    protected String records() {
        return describeLink() + " (keys " + keyPrefix() + "/)";
    }

    @Override
    protected @Nullable String unanswered(Throwable failure) {
        return failure instanceof EtcdCallException call && call.isUnanswered() ? "etcd cannot be reached or did not "
                + "answer in time (" + ExceptionMessages.of(failure) + "); check the endpoints, the TLS settings and "
                + "that a majority of the members is up" : null;
    }

    @Override
    protected String refused(Throwable failure) {
        return failure instanceof EtcdCallException call && call.isRefusedUser() ? "etcd refused the user ("
                + ExceptionMessages.of(failure) + "); check the etcd user and password, and that its role may read "
                + "and write the range of " + keyPrefix() + "/" : super.refused(failure);
    }

    /**
     * Configures an {@link EtcdNodeLeaseProvider}. Defaults: key prefix {@value #DEFAULT_KEY_PREFIX}, a lease of 60 s
     * renewed every third of it, a reclaim grace of 10 s, a holder id of a random id, the host and the process id,
     * the system clock, no etcd user, the JVM's trusted authorities for {@code https://} endpoints.
     */
    public static final class Builder extends EtcdSettings.Setters<Builder> {

        private Builder(Function<EtcdSettings, EtcdLink> link) {
            super(link);
        }

        /**
         * Builds the provider; it touches the cluster only when it first claims.
         *
         * @return the provider
         * @throws IllegalArgumentException when the renewal period is not shorter than the lease length, TLS files
         *     are set for {@code http://} endpoints or cannot be read, or TLS and user settings are set for a client
         *     the caller configured
         */
        public EtcdNodeLeaseProvider build() {
            return build(settings(), EtcdNodeLeaseProvider::new);
        }
    }
}
