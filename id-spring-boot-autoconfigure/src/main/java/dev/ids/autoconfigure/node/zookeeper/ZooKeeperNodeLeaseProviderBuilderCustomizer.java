package dev.ids.autoconfigure.node.zookeeper;

import dev.ids.zookeeper.ZooKeeperNodeLeaseProvider;

/**
 * Customizes the starter's {@link ZooKeeperNodeLeaseProvider} before it is built: declare beans of this type to
 * change what the {@code ids.node.zookeeper.*} properties cannot (for example how long a released Lable identity
 * stays taken, {@code lableReleaseDelay}). They run after the properties are applied, in
 * {@link org.springframework.core.Ordered} order. An application that wants a provider of its own altogether
 * declares a {@link dev.ids.node.NodeLeaseProvider} bean instead, and the starter makes none.
 */
@FunctionalInterface
public interface ZooKeeperNodeLeaseProviderBuilderCustomizer {

    /**
     * Customizes the builder.
     *
     * @param builder the builder, with the properties applied
     */
    void customize(ZooKeeperNodeLeaseProvider.Builder builder);
}
