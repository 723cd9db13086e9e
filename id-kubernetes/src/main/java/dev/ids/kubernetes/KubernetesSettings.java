package dev.ids.kubernetes;

import dev.ids.node.KeyedProviderBuilder;
import dev.ids.node.LeaseTimingSettings;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The settings of a {@link KubernetesNodeLeaseProvider} as built: every default filled in and checked together.
 *
 * @param namespace the Kubernetes namespace of the Lease objects; {@code null} for the client's own
 * @param leaseNamePrefix the start of every object's name
 * @param podOrdinal the one identity every claim takes (a StatefulSet pod's ordinal), or -1 for any free one
 * @param timings the lease's timings, holder and clock (of the deadlines and of the sightings); the reclaim grace
 *     counts after a holder's silence is judged
 */
record KubernetesSettings(@Nullable String namespace, String leaseNamePrefix, long podOrdinal,
        LeaseTimingSettings.Timings timings) {

    /** How long each call waits for the API server: one renewal period, at least a second. */
    Duration callTimeout() {
        return timings.callTimeout();
    }

    /**
     * The setters of the provider's builder, each checked as it is set: the Kubernetes settings here, the lease's
     * timings, holder and clock those of every store whose leases expire by time.
     *
     * @param <B> the builder, which every setter returns
     */
    abstract static class Setters<B extends Setters<B>> extends KeyedProviderBuilder<B, KubernetesSettings, LeaseApi> {

        private @Nullable String namespace;
        private String leaseNamePrefix = KubernetesNodeLeaseProvider.DEFAULT_LEASE_NAME_PREFIX;
        private long podOrdinal = -1;

        Setters(Function<KubernetesSettings, LeaseApi> api) {
            super(api);
        }

        /**
         * Sets the Kubernetes namespace the Lease objects live in; default the client's namespace (in a pod, the
         * pod's own, from its service account). Every instance that shares identities must use the same one.
         *
         * @param namespace a Kubernetes namespace name: 1 to 63 lower-case letters, digits and {@code -}
         * @return this builder
         */
        public B namespace(String namespace) {
            Objects.requireNonNull(namespace, "namespace");
            if (!namespace.matches("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?")) {
                throw new IllegalArgumentException("Kubernetes namespace must be 1 to 63 lower-case letters, digits "
                        + "and '-', starting and ending with a letter or digit: '" + namespace + "'");
            }
            this.namespace = namespace;
            return self();
        }

        /**
         * Sets the start of every Lease object's name; default {@value
         * KubernetesNodeLeaseProvider#DEFAULT_LEASE_NAME_PREFIX}. An identity's object is named
         * {@code <prefix>-<namespace>-<identity>}.
         *
         * @param prefix 1 to 40 lower-case letters, digits and {@code -}, starting and ending with a letter or digit
         * @return this builder
         */
        public B leaseNamePrefix(String prefix) {
            this.leaseNamePrefix = LeaseNames.checkPrefix(prefix);
            return self();
        }

        /**
         * Makes every claim take one identity, a StatefulSet pod's ordinal, still held as a lease: a second pod with
         * the same ordinal (stuck terminating, or of a StatefulSet of the same name in another namespace) fails to
         * claim it. Default none: a claim takes any free identity of its range. A restarted pod whose killed
         * previous run still holds its ordinal finds it taken: claim through
         * {@code ConfiguredIdentityClaim.claim(provider, ...)}, which takes it over once that run's object stood still
         * (the starter does).
         *
         * @param ordinal the ordinal, such as {@link StatefulSetOrdinal#ofThisPod()}
         * @return this builder
         */
        public B podOrdinal(long ordinal) {
            if (ordinal < 0) {
                throw new IllegalArgumentException("Pod ordinal must not be negative: " + ordinal);
            }
            this.podOrdinal = ordinal;
            return self();
        }

        /**
         * The settings with every default filled in.
         *
         * @throws IllegalArgumentException when the renewal period is not shorter than the lease length
         */
        final KubernetesSettings settings() {
            return new KubernetesSettings(namespace, leaseNamePrefix, podOrdinal, timings());
        }
    }
}
