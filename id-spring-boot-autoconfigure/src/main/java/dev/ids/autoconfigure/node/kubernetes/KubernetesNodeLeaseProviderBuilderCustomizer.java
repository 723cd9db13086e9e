package dev.ids.autoconfigure.node.kubernetes;

import dev.ids.kubernetes.KubernetesNodeLeaseProvider;

/**
 * Customizes the starter's {@link KubernetesNodeLeaseProvider} before it is built: declare beans of this type to
 * change what the {@code ids.node.kubernetes.*} properties cannot (for example the holder id). They run after the
 * properties are applied, in {@link org.springframework.core.Ordered} order. An application that wants a provider of
 * its own altogether (over its own fabric8 client, say) declares a {@link dev.ids.node.NodeLeaseProvider} bean
 * instead, and the starter makes none.
 */
@FunctionalInterface
public interface KubernetesNodeLeaseProviderBuilderCustomizer {

    /**
     * Customizes the builder.
     *
     * @param builder the builder, with the properties applied
     */
    void customize(KubernetesNodeLeaseProvider.Builder builder);
}
