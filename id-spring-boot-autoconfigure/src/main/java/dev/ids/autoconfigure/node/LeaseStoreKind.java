package dev.ids.autoconfigure.node;

import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.UnsafeLeaseStoreException;
import org.jspecify.annotations.Nullable;

/**
 * A kind of lease store the starter can lease node identities from: what the starter asks of a store by its kind,
 * so that nothing outside the store's own package names it. Registered in {@code META-INF/spring.factories} under
 * this interface's name, and read before any bean exists (the conditions that choose the store need it): an
 * implementation has a public no-argument constructor and loads none of its store's classes until a method that
 * needs them is called. A store's kind usually extends {@link AbstractLeaseStoreKind}, which states the kind as data.
 *
 * <p>The kind's {@linkplain #configuration() configuration}, a {@link LeaseStoreConfiguration} of the kind's name,
 * makes the store's {@link NodeLeaseProvider} bean and its {@link StarterLeaseStore} bean; it is skipped unless the
 * store is chosen and the classes it {@linkplain #requires requires} are present, and backs off when the application
 * defines a provider of its own. Chosen without those classes, the store fails the start-up in the starter's words
 * and the kind's.
 */
public interface LeaseStoreKind {

    /**
     * Names the store as {@code ids.node.provider} chooses it.
     *
     * @return the name, in lower case: {@code jdbc}, {@code zookeeper}, ...
     */
    String name();

    /**
     * Names the configuration class that makes the store's provider, imported by the starter's node lease
     * configuration in the order of the kinds.
     *
     * @return the fully qualified class name
     */
    String configuration();

    /**
     * Names the property whose presence makes auto mode ({@code ids.node.provider} unset) choose this store over
     * every store chosen by a bean, as a connect string chooses ZooKeeper over a DataSource.
     *
     * @return the property, or {@code null} when auto mode goes by beans alone (the configuration's own conditions)
     */
    default @Nullable String autoProperty() {
        return null;
    }

    /**
     * Tells how an application gets this store, for the start-up failure of a generator left without an identity.
     *
     * @return for example {@code with a DataSource bean (or ids.node.provider=jdbc) from the application's
     *     database}; {@code null} to leave the store out of that list
     */
    default @Nullable String howToChoose() {
        return null;
    }

    /**
     * Tells where the application configures the store's address, for failures that ask to make it reachable.
     *
     * @return for example {@code the data source's URL, spring.datasource.url}; {@code null} when no setting does
     */
    default @Nullable String address() {
        return null;
    }

    /**
     * Tells what the store needs on the class path beyond the starter (its module, its client library) and what to
     * say when it is chosen without it. Asked only of a store that {@code ids.node.provider} may choose, so a kind
     * whose wording looks classes up does it once the store is in question.
     *
     * @param classLoader the application's class loader, for a kind whose wording depends on what is present
     * @return the classes and the failure's wording; {@code null} when the starter has all the store needs
     */
    default @Nullable MissingStoreModule requires(@Nullable ClassLoader classLoader) {
        return null;
    }

    /**
     * Tells whether a provider, the starter's or the application's, keeps its leases in this kind of store.
     *
     * @param provider the provider
     * @return whether it is this kind's; decided without loading classes the application may lack
     */
    boolean recognizes(NodeLeaseProvider provider);

    /**
     * Tells whether the store's leases measure the skew between this instance's clock and the store's, and expire
     * on the store's clock, so that the {@code ids} endpoint can show the skew and judge the rows' expiries.
     *
     * @return {@code true} unless the store's leases do not expire by a time of the store's
     */
    default boolean measuresClockSkew() {
        return true;
    }

    /**
     * Says what to do when the store refuses its own database as unsafe, in the starter's terms.
     *
     * @param refused the store's refusal
     * @param auto whether the store was chosen by auto mode rather than by {@code ids.node.provider} or a bean
     * @param identityProperties the properties that set the identities instead, joined with commas
     * @return the action for the start-up failure report
     */
    default String unsafeStoreAction(UnsafeLeaseStoreException refused, boolean auto, String identityProperties) {
        return UnsafeStoreReport.keepElsewhere(identityProperties);
    }
}
