package dev.ids.autoconfigure.node.kubernetes;

import static dev.ids.autoconfigure.ConfiguredValue.apply;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.NodeIdentityProvider;
import dev.ids.autoconfigure.node.LeaseStoreConfiguration;
import dev.ids.autoconfigure.node.LeaseTimings;
import dev.ids.autoconfigure.node.StarterLeaseStore;
import dev.ids.internal.ExceptionMessages;
import dev.ids.kubernetes.KubernetesNodeLeaseProvider;
import dev.ids.kubernetes.StatefulSetOrdinal;
import dev.ids.node.NodeLeaseProvider;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The starter's Kubernetes lease provider, configured by {@code ids.node.kubernetes.*}: made when
 * {@code ids.node.provider} is {@code kubernetes}, or in auto mode when {@code ids.node.kubernetes.namespace} is set,
 * and only when the application defines no {@link NodeLeaseProvider} of its own. The provider builds fabric8 clients of
 * its own, configured as fabric8 configures itself (in a pod, from its service account). With
 * {@code ids.node.kubernetes.stateful-set} the pod's ordinal is every generator's identity, held as a lease. Chosen
 * without the ids Kubernetes module on the class path, this configuration is skipped and the starter fails naming
 * what to add ({@link KubernetesLeaseStoreKind#requires}), so nothing here loads a class of fabric8 before.
 */
@LeaseStoreConfiguration(KubernetesLeaseStoreKind.NAME)
@EnableConfigurationProperties(KubernetesLeaseProperties.class)
public class KubernetesLeaseConfiguration {

    private static final String PREFIX = "ids.node.kubernetes";

    /** Closed with the context, after the node leases (which depend on it) have released their identities. */
    @Bean
    KubernetesNodeLeaseProvider idsNodeLeaseProvider(KubernetesLeaseProperties properties,
            ObjectProvider<KubernetesNodeLeaseProviderBuilderCustomizer> customizers) {
        KubernetesNodeLeaseProvider.Builder builder = KubernetesNodeLeaseProvider.builder(config(properties));
        apply(KubernetesLeaseStoreKind.NAMESPACE, properties.namespace(), builder::namespace);
        apply(PREFIX + ".lease-name-prefix", properties.leaseNamePrefix(), builder::leaseNamePrefix);
        properties.applyTo(builder, PREFIX);
        customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
        try {
            return builder.build();
        } catch (IllegalArgumentException ex) {
            String namespace = properties.namespace();
            if (namespace == null && ExceptionMessages.of(ex).contains("namespace")) {
                throw new IdsConfigurationException(KubernetesLeaseStoreKind.NAMESPACE, null, ExceptionMessages.of(ex),
                        "Set " + KubernetesLeaseStoreKind.NAMESPACE + " to the namespace of the Lease objects "
                        + "(outside a pod, the client knows none unless the kubeconfig's context names one).");
            }
            throw LeaseTimings.rejected(PREFIX, ex, "");
        }
    }

    @Bean
    StarterLeaseStore idsStarterLeaseStore(KubernetesNodeLeaseProvider provider) {
        return new StarterLeaseStore(new KubernetesLeaseStoreKind(), "kubernetes (Lease objects "
                + provider.leaseNamePrefix() + "-* in namespace " + provider.namespace() + ", "
                + LeaseTimings.describe(provider) + ")");
    }

    /**
     * The pod's ordinal as every generator's identity, claimed in the store as a configured one. A configuration of
     * its own, so that its condition is read only once Kubernetes is chosen: every store's configuration is read at
     * each start-up.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnStatefulSet
    static class StatefulSetPod {

        @Bean
        NodeIdentityProvider idsKubernetesPodOrdinal(KubernetesLeaseProperties properties) {
            if (properties.podOrdinal() != null) {
                if (properties.podOrdinal() < 0) {
                    throw new IdsConfigurationException(PREFIX + ".pod-ordinal", properties.podOrdinal(),
                            "a pod ordinal is never negative", "Set " + PREFIX + ".pod-ordinal to the pod's "
                            + "ordinal, or remove it to read it from HOSTNAME.");
                }
                return new PodOrdinalIdentity(properties.podOrdinal());
            }
            try {
                return new PodOrdinalIdentity(StatefulSetOrdinal.ofThisPod());
            } catch (IllegalArgumentException ex) {
                throw new IdsConfigurationException(PREFIX + ".stateful-set", true, ExceptionMessages.of(ex), "Run the "
                        + "application as a StatefulSet's pod (named <set>-<ordinal>), set " + PREFIX
                        + ".pod-ordinal, or remove " + PREFIX + ".stateful-set to lease any free identity.");
            }
        }
    }

    /** fabric8's own configuration (the pod's service account, or the kubeconfig), its API server's URL set. */
    private static Config config(KubernetesLeaseProperties properties) {
        Config config = Config.autoConfigure(null);
        String url = properties.masterUrl();
        if (url == null) {
            return config;
        }
        if (!url.matches("https?://[^/\\s]+(/.*)?")) {
            throw new IdsConfigurationException(PREFIX + ".master-url", url, "not an http:// or https:// URL "
                    + "with a host", "Set " + PREFIX + ".master-url to the API server's URL (for example "
                    + "https://kubernetes.default.svc), or remove it to use the pod's service account.");
        }
        return new ConfigBuilder(config).withMasterUrl(url).build();
    }
}
