package dev.ids.etcd;

import dev.ids.node.KeyedProviderBuilder;
import dev.ids.node.LeaseTimingSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The settings of an {@link EtcdNodeLeaseProvider} as built: every default filled in and checked together.
 *
 * @param keyPrefix the start of every key, before {@code /<namespace>/}
 * @param timings the lease's timings, holder and clock, as every store whose leases expire by time has them
 * @param connection how the provider's own clients reach the cluster (endpoints, TLS, user)
 */
record EtcdSettings(String keyPrefix, LeaseTimingSettings.Timings timings, EtcdConnection connection) {

    /** How long each operation (one to three calls) waits for the cluster: one renewal period, at least a second. */
    Duration callTimeout() {
        return timings.callTimeout();
    }

    /**
     * The setters of the provider's builder, each checked as it is set, with the defaults: the etcd settings here,
     * the lease's timings, holder and clock those of every store whose leases expire by time.
     *
     * @param <B> the builder, which every setter returns
     */
    abstract static class Setters<B extends Setters<B>> extends KeyedProviderBuilder<B, EtcdSettings, EtcdLink> {

        private String keyPrefix = EtcdNodeLeaseProvider.DEFAULT_KEY_PREFIX;
        private @Nullable String user;
        private @Nullable String password;
        private @Nullable Path trustCertificates;
        private @Nullable Path clientCertificate;
        private @Nullable Path clientKey;
        private @Nullable String authority;

        Setters(Function<EtcdSettings, EtcdLink> link) {
            super(link);
        }

        /**
         * Sets the start of every key the leases write; default {@value EtcdNodeLeaseProvider#DEFAULT_KEY_PREFIX}. A
         * namespace's keys start {@code <prefix>/<namespace>/}; give an etcd user of the lease store the range of
         * the prefix only.
         *
         * @param keyPrefix 1 to 64 letters, digits, {@code .}, {@code -}, {@code _} and {@code /}, neither starting
         *     nor ending with {@code /}
         * @return this builder
         */
        public B keyPrefix(String keyPrefix) {
            this.keyPrefix = checked("keyPrefix", keyPrefix,
                    prefix -> prefix.matches("[A-Za-z0-9._-]([A-Za-z0-9._/-]{0,62}[A-Za-z0-9._-])?")
                            && !prefix.contains("//"),
                    "etcd key prefix must be 1 to 64 letters, digits, '.', '-', '_' and '/', neither starting nor "
                            + "ending with '/' nor with '//' in it");
            return self();
        }

        /**
         * Authenticates to etcd as a user (etcd's {@code auth enable}); default none. The user needs read and write
         * on the key prefix's range.
         *
         * @param user the etcd user
         * @param password its password
         * @return this builder
         */
        public B credentials(String user, String password) {
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(password, "password");
            if (user.isEmpty()) {
                throw new IllegalArgumentException("etcd user must not be empty");
            }
            this.user = user;
            this.password = password;
            return self();
        }

        /**
         * Trusts the certificate authorities in a PEM file for the cluster's TLS ({@code https://} endpoints);
         * default the JVM's trusted authorities.
         *
         * @param pemFile the CA certificates, PEM
         * @return this builder
         */
        public B trustCertificates(Path pemFile) {
            this.trustCertificates = readable("trustCertificates", pemFile);
            return self();
        }

        /**
         * Presents a client certificate to a cluster that asks for one ({@code --client-cert-auth}); default none.
         *
         * @param certificateChain the client's certificate chain, PEM
         * @param privateKey its private key, PKCS#8 PEM
         * @return this builder
         */
        public B clientCertificate(Path certificateChain, Path privateKey) {
            this.clientCertificate = readable("certificateChain", certificateChain);
            this.clientKey = readable("privateKey", privateKey);
            return self();
        }

        /**
         * Sets the name the server's TLS certificate is checked against, where it differs from the endpoints' host;
         * default the endpoint's host.
         *
         * @param authority a host name
         * @return this builder
         */
        public B authority(String authority) {
            Objects.requireNonNull(authority, "authority");
            if (authority.isBlank()) {
                throw new IllegalArgumentException("authority must not be blank");
            }
            this.authority = authority;
            return self();
        }

        private static Path readable(String name, Path file) {
            Objects.requireNonNull(file, name);
            if (!Files.isReadable(file)) {
                throw new IllegalArgumentException(name + " names a file that cannot be read: " + file);
            }
            return file;
        }

        /**
         * The settings with every default filled in.
         *
         * @throws IllegalArgumentException when the renewal period is not shorter than the lease length
         */
        final EtcdSettings settings() {
            return new EtcdSettings(keyPrefix, timings(), new EtcdConnection(user, password, trustCertificates,
                    clientCertificate, clientKey, authority));
        }
    }
}
