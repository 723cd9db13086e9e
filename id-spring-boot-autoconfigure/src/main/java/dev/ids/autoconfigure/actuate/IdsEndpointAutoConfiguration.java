package dev.ids.autoconfigure.actuate;

import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.node.NodeLeases;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.endpoint.expose.EndpointExposure;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code ids} Actuator endpoint ({@link IdsEndpoint}) and its web extension, when the
 * endpoint is available (enabled and exposed).
 */
@AutoConfiguration(after = IdGeneratorsAutoConfiguration.class)
@ConditionalOnClass({ Endpoint.class, ConditionalOnAvailableEndpoint.class })
@ConditionalOnBean(IdGeneratorRegistry.class)
public final class IdsEndpointAutoConfiguration {

    // The endpoint conditions sit on the methods, so that without the actuator their classes are never loaded.
    @Bean
    @ConditionalOnAvailableEndpoint
    @ConditionalOnMissingBean
    IdsEndpoint idsEndpoint(IdGeneratorRegistry generators, ObjectProvider<NodeLeases> leases) {
        return new IdsEndpoint(generators, leases.getIfAvailable());
    }

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnAvailableEndpoint(endpoint = IdsEndpoint.class, exposure = EndpointExposure.WEB)
    IdsEndpointWebExtension idsEndpointWebExtension(IdsEndpoint endpoint) {
        return new IdsEndpointWebExtension(endpoint);
    }
}
