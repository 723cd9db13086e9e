package dev.ids.autoconfigure.metrics;

import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the generators' Micrometer metrics: an {@link IdGeneratorMeterBinder} bean, which Boot
 * binds to the application's meter registry.
 */
@AutoConfiguration(after = IdGeneratorsAutoConfiguration.class, afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({ MeterRegistry.class, IdGeneratorRegistry.class })
public final class IdGeneratorMetricsAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    IdGeneratorMeterBinder idGeneratorMeterBinder(IdGeneratorRegistry generators) {
        return new IdGeneratorMeterBinder(generators);
    }
}
