package dev.ids.autoconfigure.actuate;

import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code ids} health indicator ({@link IdGeneratorsHealthIndicator}), switched off by
 * {@code management.health.ids.enabled=false}.
 */
@AutoConfiguration(after = IdGeneratorsAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(IdGeneratorRegistry.class)
public final class IdGeneratorsHealthContributorAutoConfiguration {

    // The health condition sits on the method, so that without spring-boot-health its class is never loaded.
    @Bean
    @ConditionalOnEnabledHealthIndicator("ids")
    @ConditionalOnMissingBean(name = "idsHealthIndicator")
    IdGeneratorsHealthIndicator idsHealthIndicator(IdGeneratorRegistry generators) {
        return new IdGeneratorsHealthIndicator(generators);
    }
}
