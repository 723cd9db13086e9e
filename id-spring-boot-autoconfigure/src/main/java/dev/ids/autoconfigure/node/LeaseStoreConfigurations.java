package dev.ids.autoconfigure.node;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ImportSelector;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Imports the configuration of every kind of lease store on the class path ({@link LeaseStoreKind}), in the kinds'
 * order: each makes its store's provider under its own conditions, and the first made wins, as the later ones back
 * off when a provider exists. When the store chosen, by {@code ids.node.provider} or by its own property, lacks a
 * class it requires, its configuration is skipped ({@link ConditionalOnNodeProvider}) and
 * {@link MissingStoreConfiguration} is imported last, to fail the start-up in its stead. Spring passes what the
 * constructor names.
 *
 * @param environment the application's settings, which choose the store
 * @param classLoader the application's class loader, where the kinds and the stores' classes are looked up
 */
record LeaseStoreConfigurations(Environment environment, @Nullable ClassLoader classLoader) implements ImportSelector {

    @Override
    public String[] selectImports(AnnotationMetadata importingClassMetadata) {
        LeaseStoreKinds kinds = LeaseStoreKinds.of(classLoader);
        List<String> configurations = new ArrayList<>();
        for (LeaseStoreKind kind : kinds.all()) {
            configurations.add(kind.configuration());
        }
        LeaseStoreKind chosen = kinds.chosen(Binder.get(environment));
        MissingStoreModule needs = chosen == null ? null : chosen.requires(classLoader);
        if (needs != null && !needs.missing(classLoader).isEmpty()) {
            configurations.add(MissingStoreConfiguration.class.getName());
        }
        return configurations.toArray(new String[0]);
    }
}
