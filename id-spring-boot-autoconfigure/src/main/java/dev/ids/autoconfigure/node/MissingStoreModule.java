package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.IdsConfigurationException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.util.ClassUtils;

/**
 * What a lease store needs on the class path beyond the starter ({@link LeaseStoreKind#requires}), and the start-up
 * failure of the store chosen without it, by {@code ids.node.provider} or in auto mode by its own property
 * ({@link LeaseStoreKind#autoProperty()}): the failure names the setting that chose the store, so that the way out is
 * to add the module or to undo that setting. The store's configuration is skipped while a class is missing
 * ({@link ConditionalOnNodeProvider}), and the starter fails in its stead, so no store writes that failure itself.
 *
 * @param classes the fully qualified names of the classes the store's configuration needs, looked up by name, so
 *     that no configuration refers to a class that is not there
 * @param problem what leasing from the store needs, which is not on the class path
 * @param module what to add to the application, for example {@code dev.ids:id-etcd}
 * @param waysOut the other choices of {@code ids.node.provider}, for example {@code set ids.node.provider to jdbc
 *     or static}
 */
public record MissingStoreModule(List<String> classes, String problem, String module, String waysOut) {

    /**
     * Checks that every part is given, and keeps the classes unmodifiable.
     *
     * @param classes the classes the store's configuration needs
     * @param problem what leasing from the store needs
     * @param module what to add to the application
     * @param waysOut the other choices of {@code ids.node.provider}
     */
    public MissingStoreModule {
        classes = List.copyOf(classes);
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(module, "module");
        Objects.requireNonNull(waysOut, "waysOut");
    }

    /**
     * Looks the classes up, without initializing them.
     *
     * @param classLoader the application's class loader
     * @return the classes that are not on the class path, in order
     */
    List<String> missing(@Nullable ClassLoader classLoader) {
        // A loop, not a stream: the conditions of every store chosen by beans ask at each start-up, and a lambda's
        // class would count against the starter's class budget.
        List<String> missing = new ArrayList<>();
        for (String name : classes) {
            if (!ClassUtils.isPresent(name, classLoader)) {
                missing.add(name);
            }
        }
        return missing;
    }

    /**
     * Describes the failure.
     *
     * @param kind the store's kind
     * @param named whether {@code ids.node.provider} named the store (else its auto-mode property chose it)
     * @param autoValue reads the value of the auto-mode property, named when it chose the store
     * @return the failure to throw
     */
    IdsConfigurationException failure(LeaseStoreKind kind, boolean named,
            Supplier<? extends @Nullable Object> autoValue) {
        if (named) {
            return new IdsConfigurationException(OnNodeProviderCondition.PROVIDER, kind.name(), problem,
                    "Add " + module + " to the application, or " + waysOut + ".");
        }
        String property = Objects.requireNonNull(kind.autoProperty(), "a store chosen by a property names it");
        return new IdsConfigurationException(property, autoValue.get(), problem,
                "Add " + module + " to the application, or remove " + property + ".");
    }
}
