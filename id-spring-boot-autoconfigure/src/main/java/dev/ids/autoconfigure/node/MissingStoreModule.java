package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.IdsConfigurationException;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The start-up failure of a store chosen without the classes it needs, by {@code ids.node.provider} or in auto mode
 * by its own property ({@link LeaseStoreKind#autoProperty()}): it names the setting that chose the store, so that the
 * way out is to add the module or to undo that setting.
 */
public final class MissingStoreModule {

    private MissingStoreModule() {
    }

    /**
     * Describes the failure.
     *
     * @param properties the node settings, which tell whether {@code ids.node.provider} named the store
     * @param kind the store's kind, which has an auto-mode property
     * @param autoValue reads the value of that property, named when it chose the store
     * @param problem what leasing from the store needs, which is not on the class path
     * @param module what to add to the application, for example {@code dev.ids:id-etcd}
     * @param waysOut the other choices of {@code ids.node.provider}, for example {@code set ids.node.provider to jdbc
     *     or static}
     * @return the failure to throw
     */
    public static IdsConfigurationException failure(IdsNodeProperties properties, LeaseStoreKind kind,
            Supplier<? extends @Nullable Object> autoValue, String problem, String module, String waysOut) {
        if (properties.names(kind.name())) {
            return new IdsConfigurationException(OnNodeProviderCondition.PROVIDER, kind.name(), problem,
                    "Add " + module + " to the application, or " + waysOut + ".");
        }
        String property = Objects.requireNonNull(kind.autoProperty(), "a store chosen by a property names it");
        return new IdsConfigurationException(property, autoValue.get(), problem,
                "Add " + module + " to the application, or remove " + property + ".");
    }
}
