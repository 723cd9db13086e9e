package dev.ids.autoconfigure;

import dev.ids.internal.ExceptionMessages;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Hands a property's value to a builder's setter, so that every setting the starter maps onto the core library fails
 * the same way: a value the builder rejects becomes an {@link IdsConfigurationException} that names the property.
 * Used by the generators' factory and by the node lease providers' configurations alike.
 */
public final class ConfiguredValue {

    private ConfiguredValue() {
    }

    /**
     * Passes a set property to a setter; an unset one (null) is skipped, so the builder keeps its default.
     *
     * @param property the property's full name, named in the failure
     * @param value the bound value, or {@code null} when the property is unset
     * @param setter the builder's setter, which throws {@link IllegalArgumentException} for a value it rejects
     * @param <T> the value's type
     * @throws IdsConfigurationException naming the property and the setter's reason when the value is rejected
     */
    public static <T> void apply(String property, @Nullable T value, Consumer<T> setter) {
        if (value == null) {
            return;
        }
        try {
            setter.accept(value);
        } catch (IllegalArgumentException ex) {
            throw new IdsConfigurationException(property, value, ExceptionMessages.of(ex),
                    "Change " + property + " to an allowed value, or remove it to use the default.");
        }
    }
}
