package dev.ids.autoconfigure.node.etcd;

import dev.ids.etcd.EtcdNodeLeaseProvider;

/**
 * Customizes the starter's {@link EtcdNodeLeaseProvider} before it is built: declare beans of this type to change
 * what the {@code ids.node.etcd.*} properties cannot (for example the holder id). They run after the properties are
 * applied, in {@link org.springframework.core.Ordered} order. An application that wants a provider of its own
 * altogether (over its own jetcd {@code Client}, say) declares a {@link dev.ids.node.NodeLeaseProvider} bean instead,
 * and the starter makes none.
 */
@FunctionalInterface
public interface EtcdNodeLeaseProviderBuilderCustomizer {

    /**
     * Customizes the builder.
     *
     * @param builder the builder, with the properties applied
     */
    void customize(EtcdNodeLeaseProvider.Builder builder);
}
