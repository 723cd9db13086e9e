package dev.ids.autoconfigure.node.r2dbc;

import dev.ids.r2dbc.R2dbcNodeLeaseProvider;

/**
 * Customizes the builder of the starter's {@link R2dbcNodeLeaseProvider} after the {@code ids.node.jdbc.*} settings
 * were applied; customizer beans run in their order.
 */
@FunctionalInterface
public interface R2dbcNodeLeaseProviderBuilderCustomizer {

    /**
     * Adjusts the builder.
     *
     * @param builder the builder, with the properties applied
     */
    void customize(R2dbcNodeLeaseProvider.Builder builder);
}
