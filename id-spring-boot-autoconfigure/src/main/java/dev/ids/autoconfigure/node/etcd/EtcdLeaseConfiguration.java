package dev.ids.autoconfigure.node.etcd;

import static dev.ids.autoconfigure.ConfiguredValue.apply;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.node.LeaseStoreConfiguration;
import dev.ids.autoconfigure.node.LeaseTimings;
import dev.ids.autoconfigure.node.StarterLeaseStore;
import dev.ids.etcd.EtcdNodeLeaseProvider;
import dev.ids.internal.ExceptionMessages;
import dev.ids.node.NodeLeaseProvider;
import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The starter's etcd lease provider, configured by {@code ids.node.etcd.*}: made when {@code ids.node.provider} is
 * {@code etcd}, or in auto mode when {@code ids.node.etcd.endpoints} is set, and only when the application defines no
 * {@link NodeLeaseProvider} of its own. The provider builds jetcd clients of its own from the endpoints and the TLS
 * and user settings. Chosen without endpoints, the start-up fails naming them; without the ids etcd module on the
 * class path, this configuration is skipped and the starter fails naming it ({@link EtcdLeaseStoreKind#requires}),
 * so nothing here loads a class of jetcd before.
 */
@LeaseStoreConfiguration(EtcdLeaseStoreKind.NAME)
@EnableConfigurationProperties(EtcdLeaseProperties.class)
public class EtcdLeaseConfiguration {

    static final String WAYS_OUT = "set ids.node.provider to jdbc (with a DataSource), zookeeper (with "
            + "ids.node.zookeeper.connect-string) or static (with the identity properties set)";

    private static final String PREFIX = "ids.node.etcd";

    /** Closed with the context, after the node leases (which depend on it) have released their identities. */
    @Bean
    EtcdNodeLeaseProvider idsNodeLeaseProvider(EtcdLeaseProperties properties,
            ObjectProvider<EtcdNodeLeaseProviderBuilderCustomizer> customizers) {
        List<String> endpoints = endpoints(properties);
        EtcdNodeLeaseProvider.Builder builder;
        try {
            builder = EtcdNodeLeaseProvider.builder(endpoints);
        } catch (IllegalArgumentException ex) {
            throw new IdsConfigurationException(EtcdLeaseStoreKind.ENDPOINTS, String.join(",", endpoints),
                    ExceptionMessages.of(ex), "Set " + EtcdLeaseStoreKind.ENDPOINTS
                    + " to the members' client URLs, all http:// or all https://, each with a host and port "
                    + "(for example http://etcd-0:2379,http://etcd-1:2379,http://etcd-2:2379).");
        }
        apply(PREFIX + ".key-prefix", properties.keyPrefix(), builder::keyPrefix);
        properties.applyTo(builder, PREFIX);
        credentials(properties, builder);
        tls(properties, builder);
        customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
        return LeaseTimings.build(builder::build, PREFIX, ", and use https:// endpoints with " + PREFIX
                + ".trust-certificates or " + PREFIX + ".client-certificate");
    }

    @Bean
    StarterLeaseStore idsStarterLeaseStore(EtcdNodeLeaseProvider provider, EtcdLeaseProperties properties) {
        return new StarterLeaseStore(new EtcdLeaseStoreKind(), "etcd (" + String.join(",",
                properties.endpoints()) + ", keys " + provider.keyPrefix() + "/, "
                + LeaseTimings.describe(provider) + ")");
    }

    /** A user needs its password, and a password its user: one without the other is a mistake, not a default. */
    private static void credentials(EtcdLeaseProperties properties, EtcdNodeLeaseProvider.Builder builder) {
        String user = properties.user();
        String password = properties.password();
        if (user == null && password == null) {
            return;
        }
        if (user == null || user.isBlank()) {
            throw new IdsConfigurationException(PREFIX + ".user", user, PREFIX + ".password is set, but no etcd "
                    + "user to authenticate as", "Set " + PREFIX + ".user, or remove " + PREFIX + ".password.");
        }
        if (password == null) {
            throw new IdsConfigurationException(PREFIX + ".password", null, PREFIX + ".user is set, but not its "
                    + "password", "Set " + PREFIX + ".password, or remove " + PREFIX + ".user.");
        }
        builder.credentials(user, password);
    }

    /** The TLS files: each must be readable, and a client certificate comes with its key. */
    private static void tls(EtcdLeaseProperties properties, EtcdNodeLeaseProvider.Builder builder) {
        apply(PREFIX + ".trust-certificates", path(properties.trustCertificates()),
                builder::trustCertificates);
        String certificate = properties.clientCertificate();
        String key = properties.clientKey();
        if ((certificate == null) != (key == null)) {
            String missing = certificate == null ? PREFIX + ".client-certificate" : PREFIX + ".client-key";
            throw new IdsConfigurationException(missing, null, "a client certificate needs both "
                    + PREFIX + ".client-certificate and " + PREFIX + ".client-key", "Set " + missing
                    + ", or remove the other.");
        }
        if (certificate != null) {
            if (!java.nio.file.Files.isReadable(Path.of(key))) {
                throw new IdsConfigurationException(PREFIX + ".client-key", key, "the file cannot be read",
                        "Set " + PREFIX + ".client-key to the client certificate's private key, PKCS#8 PEM.");
            }
            apply(PREFIX + ".client-certificate", path(certificate),
                    file -> builder.clientCertificate(file, Path.of(key)));
        }
        apply(PREFIX + ".authority", properties.authority(), builder::authority);
    }

    private static @Nullable Path path(@Nullable String file) {
        return file == null ? null : Path.of(file);
    }

    /** Chosen explicitly or by its endpoints, etcd needs them before anything else. */
    private static List<String> endpoints(EtcdLeaseProperties properties) {
        List<String> endpoints = properties.endpoints();
        if (endpoints == null || endpoints.stream().allMatch(endpoint -> endpoint == null || endpoint.isBlank())) {
            throw new IdsConfigurationException(EtcdLeaseStoreKind.ENDPOINTS, null, "ids.node.provider is etcd, "
                    + "which needs the client URLs of the etcd members", "Set " + EtcdLeaseStoreKind.ENDPOINTS
                    + " (for example http://etcd-0:2379,http://etcd-1:2379,http://etcd-2:2379), or "
                    + WAYS_OUT + ".");
        }
        return endpoints;
    }
}
