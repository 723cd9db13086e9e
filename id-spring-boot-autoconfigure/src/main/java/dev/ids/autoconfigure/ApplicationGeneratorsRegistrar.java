package dev.ids.autoconfigure;

import dev.ids.MonitoredIdGenerator;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Registers the generator beans an application defines itself (in place of the starter's) so that metrics, health
 * and the {@code ids} endpoint report on them too, and so that their node identities are checked against the
 * starter's generators. Their generated count and lead are reported; their events only when the application
 * wires an {@link IdGeneratorStatistics} listener itself.
 */
class ApplicationGeneratorsRegistrar implements BeanPostProcessor {

    private final ObjectProvider<IdGeneratorRegistry> registry;

    ApplicationGeneratorsRegistrar(ObjectProvider<IdGeneratorRegistry> registry) {
        this.registry = registry;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof MonitoredIdGenerator<?> generator) {
            IdGeneratorRegistry generators = registry.getIfAvailable();
            if (generators != null && !generators.contains(beanName)) {
                generators.register(beanName, "bean '" + beanName + "'", generator, new IdGeneratorStatistics());
            }
        }
        return bean;
    }
}
