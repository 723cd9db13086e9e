package dev.ids.etcd;

import dev.ids.internal.ExceptionMessages;
import io.etcd.jetcd.ClientBuilder;
import io.grpc.netty.GrpcSslContexts;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How the provider's own clients reach the cluster beyond the endpoints: an etcd user, and TLS (the trusted
 * authorities, a client certificate, the name the server's certificate is checked against). Unset values are
 * {@code null}. Its text never shows the password.
 *
 * @param user the etcd user, or {@code null}
 * @param password the user's password, or {@code null}
 * @param trustCertificates the CA certificates to trust, PEM, or {@code null} for the JVM's
 * @param clientCertificate the client's certificate chain, PEM, or {@code null}
 * @param clientKey the client's private key, PKCS#8 PEM, or {@code null}
 * @param authority the server name to check, or {@code null} for the endpoint's host
 */
record EtcdConnection(@Nullable String user, @Nullable String password, @Nullable Path trustCertificates,
        @Nullable Path clientCertificate, @Nullable Path clientKey, @Nullable String authority) {

    /** Whether anything is set: a client the caller gave carries its own settings, so none may be set then. */
    boolean isSet() {
        return user != null || trustCertificates != null || clientCertificate != null || authority != null;
    }

    /** Whether TLS files are set, so that the endpoints must be {@code https://}. */
    boolean hasTlsFiles() {
        return trustCertificates != null || clientCertificate != null;
    }

    /**
     * Reads the members' client URLs.
     *
     * @throws IllegalArgumentException when there is none, one is not an {@code http://} or {@code https://} URL with
     *     a host and a port, or they mix the two
     */
    static List<URI> endpoints(List<String> endpoints) {
        Objects.requireNonNull(endpoints, "endpoints");
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("At least one etcd endpoint is needed, such as http://127.0.0.1:2379");
        }
        List<URI> uris = new ArrayList<>();
        for (String endpoint : endpoints) {
            URI uri;
            try {
                uri = URI.create(Objects.requireNonNull(endpoint, "endpoint").trim());
            } catch (IllegalArgumentException e) {
                uri = null;
            }
            if (uri == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
                    || uri.getHost() == null || uri.getPort() < 0) {
                throw new IllegalArgumentException("An etcd endpoint is an http:// or https:// URL with a host and a "
                        + "port, such as http://127.0.0.1:2379, not '" + endpoint + "'");
            }
            uris.add(uri);
        }
        if (uris.stream().map(URI::getScheme).distinct().count() > 1) {
            throw new IllegalArgumentException("The etcd endpoints mix http:// and https://: " + endpoints);
        }
        return uris;
    }

    /**
     * A client builder for the endpoints with these settings.
     *
     * @param endpoints the members' client URLs, all {@code http://} or all {@code https://}
     * @return the builder
     * @throws IllegalArgumentException when a TLS file cannot be read as PEM
     */
    ClientBuilder clientBuilder(List<URI> endpoints) {
        ClientBuilder builder = io.etcd.jetcd.Client.builder().endpoints(endpoints);
        if (user != null && password != null) { // set together by credentials(...)
            builder.user(EtcdKeys.bytes(user)).password(EtcdKeys.bytes(password));
        }
        if (authority != null) {
            builder.authority(authority);
        }
        if ("https".equals(endpoints.get(0).getScheme())) {
            try {
                SslContextBuilder tls = GrpcSslContexts.forClient();
                if (trustCertificates != null) {
                    tls.trustManager(trustCertificates.toFile());
                }
                if (clientCertificate != null && clientKey != null) { // set together
                    tls.keyManager(clientCertificate.toFile(), clientKey.toFile());
                }
                builder.sslContext(tls.build());
            } catch (IOException | IllegalArgumentException e) {
                throw new IllegalArgumentException("Cannot read the etcd TLS settings (trustCertificates "
                        + trustCertificates + ", clientCertificate " + clientCertificate + ", clientKey " + clientKey
                        + "): " + ExceptionMessages.of(e), e);
            }
        }
        return builder;
    }

    @Override
    public String toString() {
        return "EtcdConnection[user=" + user + ", trustCertificates=" + trustCertificates + ", clientCertificate="
                + clientCertificate + ", authority=" + authority + "]";
    }
}
