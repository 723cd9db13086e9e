package dev.ids.autoconfigure.node;

import dev.ids.node.NodeLeaseProvider;
import org.jspecify.annotations.Nullable;

/**
 * A {@link LeaseStoreKind} stated once as data: a store's kind passes its name, its configuration, its provider's
 * class and what the starter says of it to this constructor, and overrides only what is its own (the classes it
 * requires, clock skew, an unsafe store's remedy). It recognizes a provider by the class name alone, so that a
 * store whose module is optional loads none of its classes.
 */
public abstract class AbstractLeaseStoreKind implements LeaseStoreKind {

    private final String name;

    private final String configuration;

    private final String provider;

    private final @Nullable String autoProperty;

    private final String howToChoose;

    private final @Nullable String address;

    /**
     * Describes a kind of store.
     *
     * @param name the store's name, as {@code ids.node.provider} chooses it ({@link #name()})
     * @param configuration the fully qualified name of the configuration that makes its provider
     *     ({@link #configuration()})
     * @param provider the fully qualified class name of the store's {@link NodeLeaseProvider}
     *     ({@link #recognizes(NodeLeaseProvider)})
     * @param autoProperty the property whose presence chooses the store in auto mode, or {@code null}
     *     ({@link #autoProperty()})
     * @param howToChoose how an application gets the store ({@link #howToChoose()})
     * @param address where the store's address is configured, or {@code null} ({@link #address()})
     */
    protected AbstractLeaseStoreKind(String name, String configuration, String provider, @Nullable String autoProperty,
            String howToChoose, @Nullable String address) {
        this.name = name;
        this.configuration = configuration;
        this.provider = provider;
        this.autoProperty = autoProperty;
        this.howToChoose = howToChoose;
        this.address = address;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String configuration() {
        return configuration;
    }

    @Override
    public final @Nullable String autoProperty() {
        return autoProperty;
    }

    @Override
    public final String howToChoose() {
        return howToChoose;
    }

    @Override
    public final @Nullable String address() {
        return address;
    }

    /** By class name: a store's module is optional, and its provider is final. */
    @Override
    public final boolean recognizes(NodeLeaseProvider provider) {
        return provider.getClass().getName().equals(this.provider);
    }
}
