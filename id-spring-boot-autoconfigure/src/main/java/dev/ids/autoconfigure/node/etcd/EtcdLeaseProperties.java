package dev.ids.autoconfigure.node.etcd;

import dev.ids.autoconfigure.node.LeaseTimingProperties;
import java.util.List;
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
    private List<String> endpoints;

    /** Start of every key the leases write; a namespace's keys start prefix/namespace/. Default ids. */
    private String keyPrefix;

    /** etcd user to authenticate as (etcd auth enabled); needs read and write on the key prefix. Default none. */
    private String user;

    /** Password of the etcd user. */
    private String password;

    /** PEM file of the certificate authorities to trust for https:// endpoints. Default the JVM's. */
    private String trustCertificates;

    /** PEM file of the client certificate chain, for a cluster that checks client certificates. */
    private String clientCertificate;

    /** PEM file (PKCS#8) of the client certificate's private key. */
    private String clientKey;

    /** Name the servers' TLS certificates are checked against, where it differs from the endpoints' host. */
    private String authority;

    public List<String> getEndpoints() {
        return endpoints;
    }

    public void setEndpoints(List<String> endpoints) {
        this.endpoints = endpoints;
    }

    public String getKeyPrefix() {
        return keyPrefix;
    }

    public void setKeyPrefix(String keyPrefix) {
        this.keyPrefix = keyPrefix;
    }

    public String getUser() {
        return user;
    }

    public void setUser(String user) {
        this.user = user;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public String getTrustCertificates() {
        return trustCertificates;
    }

    public void setTrustCertificates(String trustCertificates) {
        this.trustCertificates = trustCertificates;
    }

    public String getClientCertificate() {
        return clientCertificate;
    }

    public void setClientCertificate(String clientCertificate) {
        this.clientCertificate = clientCertificate;
    }

    public String getClientKey() {
        return clientKey;
    }

    public void setClientKey(String clientKey) {
        this.clientKey = clientKey;
    }

    public String getAuthority() {
        return authority;
    }

    public void setAuthority(String authority) {
        this.authority = authority;
    }
}
