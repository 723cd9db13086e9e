package dev.ids.autoconfigure.node;

import dev.ids.node.NodeLeaseProvider;
import java.util.Objects;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;

/**
 * Fails the start-up in the stead of a store's configuration, which is skipped while a class the store requires is
 * missing ({@link ConditionalOnNodeProvider}): the store was chosen, by {@code ids.node.provider} or by its own
 * property, and the failure names what to add ({@link MissingStoreModule}). Imported after every store's
 * configuration, only then ({@link LeaseStoreConfigurations}); it backs off when the application defines a provider
 * of its own.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnMissingBean(NodeLeaseProvider.class)
class MissingStoreConfiguration {

    @Bean
    NodeLeaseProvider idsNodeLeaseProvider(IdsNodeProperties properties, Environment environment,
            ResourceLoader resourceLoader) {
        ClassLoader classLoader = resourceLoader.getClassLoader();
        Binder binder = Binder.get(environment);
        LeaseStoreKind kind = Objects.requireNonNull(LeaseStoreKinds.of(classLoader).chosen(binder),
                "imported for the store chosen");
        MissingStoreModule needs = Objects.requireNonNull(kind.requires(classLoader),
                "imported for the classes the store requires");
        throw needs.failure(kind, properties.names(kind.name()),
                () -> binder.bind(Objects.requireNonNull(kind.autoProperty()), String.class).orElse(null));
    }
}
