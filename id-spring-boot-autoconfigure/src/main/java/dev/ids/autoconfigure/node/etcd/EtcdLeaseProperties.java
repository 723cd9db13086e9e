package dev.ids.autoconfigure.node.etcd;

import dev.ids.autoconfigure.node.LeaseTimingProperties;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the etcd node lease provider, under {@code ids.node.etcd}: unset ones keep the provider's defaults
 * ({@code dev.ids.etcd.EtcdNodeLeaseProvider}).
 */
@ConfigurationProperties("ids.node.etcd")
public class EtcdLeaseProperties extends LeaseTimingProperties {

    /**
     * Client URLs of the etcd members, all http:// or all https://, such as
     * http://etcd-0:2379,http://etcd-1:2379,http://etcd-2:2379. Set, it chooses etcd in auto mode.
     */
    private @Nullable List<String> endpoints;

    /** Start of every key the leases write; a namespace's keys start prefix/namespace/. Default ids. */
    private @Nullable String keyPrefix;

    /** etcd user to authenticate as (etcd auth enabled); needs read and write on the key prefix. Default none. */
    private @Nullable String user;

    /** Password of the etcd user. */
    private @Nullable String password;

    /** PEM file of the certificate authorities to trust for https:// endpoints. Default the JVM's. */
    private @Nullable String trustCertificates;

    /** PEM file of the client certificate chain, for a cluster that checks client certificates. */
    private @Nullable String clientCertificate;

    /** PEM file (PKCS#8) of the client certificate's private key. */
    private @Nullable String clientKey;

    /** Name the servers' TLS certificates are checked against, where it differs from the endpoints' host. */
    private @Nullable String authority;

    public @Nullable List<String> getEndpoints() {
        return endpoints;
    }

    public void setEndpoints(@Nullable List<String> endpoints) {
        this.endpoints = endpoints;
    }

    public @Nullable String getKeyPrefix() {
        return keyPrefix;
    }

    public void setKeyPrefix(@Nullable String keyPrefix) {
        this.keyPrefix = keyPrefix;
    }

    public @Nullable String getUser() {
        return user;
    }

    public void setUser(@Nullable String user) {
        this.user = user;
    }

    public @Nullable String getPassword() {
        return password;
    }

    public void setPassword(@Nullable String password) {
        this.password = password;
    }

    public @Nullable String getTrustCertificates() {
        return trustCertificates;
    }

    public void setTrustCertificates(@Nullable String trustCertificates) {
        this.trustCertificates = trustCertificates;
    }

    public @Nullable String getClientCertificate() {
        return clientCertificate;
    }

    public void setClientCertificate(@Nullable String clientCertificate) {
        this.clientCertificate = clientCertificate;
    }

    public @Nullable String getClientKey() {
        return clientKey;
    }

    public void setClientKey(@Nullable String clientKey) {
        this.clientKey = clientKey;
    }

    public @Nullable String getAuthority() {
        return authority;
    }

    public void setAuthority(@Nullable String authority) {
        this.authority = authority;
    }
}
