package dev.ids.autoconfigure.node.redis;

import dev.ids.redis.RedisNodeLeaseProvider;

/**
 * Customizes the starter's {@link RedisNodeLeaseProvider} before it is built: declare beans of this type to change
 * what the {@code ids.node.redis.*} properties cannot (for example the holder id). They run after the properties are
 * applied, in {@link org.springframework.core.Ordered} order. An application that wants a provider of its own
 * altogether declares a {@link dev.ids.node.NodeLeaseProvider} bean instead, and the starter makes none.
 */
@FunctionalInterface
public interface RedisNodeLeaseProviderBuilderCustomizer {

    /**
     * Customizes the builder.
     *
     * @param builder the builder, with the properties applied
     */
    void customize(RedisNodeLeaseProvider.Builder builder);
}
