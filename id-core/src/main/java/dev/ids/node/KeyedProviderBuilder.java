package dev.ids.node;

import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What the builders of the keyed stores' providers ({@link KeyedLeaseProvider}) share beyond the timings: the link to
 * the store, which the builder's factory method chooses (over addresses, a client, or a connection the caller keeps)
 * and which is made only once the settings are built, as it depends on them (the call timeout, TLS); and the one step
 * that builds the provider from both. A store's setters extend it; its public builder hands the settings and
 * its provider's constructor to {@link #build(Object, BiFunction)}.
 *
 * @param <B> the concrete builder, which every setter returns
 * @param <S> the store's settings as built, every default filled in
 * @param <K> how the provider reaches the store
 */
public abstract class KeyedProviderBuilder<B extends KeyedProviderBuilder<B, S, K>, S, K extends StoreLink>
        extends LeaseTimingSettings<B> {

    private final Function<? super S, ? extends K> link;

    /**
     * Starts with every default, over a way to reach the store.
     *
     * @param link makes the link from the settings as built; it may reject them with an
     *     {@link IllegalArgumentException} (such as TLS files for an {@code http://} endpoint)
     */
    protected KeyedProviderBuilder(Function<? super S, ? extends K> link) {
        this.link = Objects.requireNonNull(link, "link");
    }

    /**
     * Builds the provider over the settings as built and the link made from them.
     *
     * @param settings the store's settings, every default filled in
     * @param provider the provider's constructor
     * @param <T> the provider
     * @return the provider
     * @throws IllegalArgumentException when the link or the provider rejects the settings
     */
    protected final <T> T build(S settings, BiFunction<? super S, ? super K, ? extends T> provider) {
        return provider.apply(settings, link.apply(settings));
    }
}
