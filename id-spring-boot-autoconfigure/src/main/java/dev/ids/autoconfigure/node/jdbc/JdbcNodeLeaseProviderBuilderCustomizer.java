package dev.ids.autoconfigure.node.jdbc;

import dev.ids.node.jdbc.JdbcNodeLeaseProvider;

/**
 * Customizes the starter's {@link JdbcNodeLeaseProvider} before it is built: declare beans of this type to change
 * what the {@code ids.node.jdbc.*} properties cannot. They run after the properties are applied, in
 * {@link org.springframework.core.Ordered} order. An application that wants a provider of its own altogether
 * declares a {@link dev.ids.node.NodeLeaseProvider} bean instead, and the starter makes none.
 */
@FunctionalInterface
public interface JdbcNodeLeaseProviderBuilderCustomizer {

    /**
     * Customizes the builder.
     *
     * @param builder the builder, with the properties applied
     */
    void customize(JdbcNodeLeaseProvider.Builder builder);
}
