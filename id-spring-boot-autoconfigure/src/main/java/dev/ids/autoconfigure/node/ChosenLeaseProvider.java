package dev.ids.autoconfigure.node;

import dev.ids.IdScheme;
import dev.ids.NodeIdentityField;
import dev.ids.node.NodeLeaseProvider;
import org.jspecify.annotations.Nullable;

/**
 * The lease provider the conditions left, and where it came from: nowhere ({@code static}, or nothing to lease from),
 * auto mode (the starter's provider, {@code ids.node.provider} unset), or an explicit choice (the property, or a
 * provider bean of the application's). Where it came from decides which schemes lease and which stores are checked.
 *
 * @param provider the provider, {@code null} when none is in use
 * @param origin where it came from
 * @param kind the kind of store the provider keeps its leases in; {@code null} when there is none or the
 *     application's provider is of no kind the starter knows
 * @param description the provider and its settings, for logs, health and failure reports
 * @param firstLease what the starter's store does once it holds the first lease
 * @param setting {@code ids.node.provider} as set, in lower case, for failure reports; {@code null} when unset
 */
record ChosenLeaseProvider(@Nullable NodeLeaseProvider provider, Origin origin, @Nullable LeaseStoreKind kind,
        String description, StarterLeaseStore.FirstLease firstLease, @Nullable String setting) {

    /** Where the lease provider came from. */
    enum Origin { NONE, AUTO, EXPLICIT }

    /**
     * Takes the provider bean the conditions left.
     *
     * @param setting {@code ids.node.provider} as set, normalized ({@link LeaseStoreKinds#normalize})
     * @param provider the {@link NodeLeaseProvider} bean, the starter's or the application's; {@code null} if none
     * @param starterStore the starter's description of its own provider; {@code null} when the provider is the
     *     application's or there is none
     * @param kinds the kinds of store on the class path, to tell the kind of an application's provider
     */
    static ChosenLeaseProvider of(@Nullable String setting, @Nullable NodeLeaseProvider provider,
            @Nullable StarterLeaseStore starterStore, LeaseStoreKinds kinds) {
        if (LeaseStoreKinds.STATIC.equals(setting) || provider == null) {
            return new ChosenLeaseProvider(null, Origin.NONE, null, "none", () -> null, setting);
        }
        if (starterStore == null) {
            return new ChosenLeaseProvider(provider, Origin.EXPLICIT, kinds.recognizing(provider),
                    "the application's NodeLeaseProvider " + provider, () -> null, setting);
        }
        boolean auto = setting == null || setting.equals(LeaseStoreKinds.AUTO);
        return new ChosenLeaseProvider(provider, auto ? Origin.AUTO : Origin.EXPLICIT, starterStore.kind(),
                starterStore.description(), starterStore.firstLease(), setting);
    }

    /**
     * Names the kind of store, as the {@code ids} endpoint shows it.
     *
     * @return the kind's name; {@code lease} for a provider of the application's of no known kind, {@code none}
     *     without a provider
     */
    String kindName() {
        return kind != null ? kind.name() : provider != null ? "lease" : "none";
    }

    /**
     * Tells where the store's address is configured, for an action that asks to make it reachable.
     *
     * @return for example {@code  (the data source's URL, spring.datasource.url)}, with its leading space; empty
     *     when no setting of the starter's locates the store
     */
    String address() {
        String address = kind == null ? null : kind.address();
        return address == null ? "" : " (" + address + ")";
    }

    /**
     * Tells whether a scheme's identities are leased when their properties are unset: none for a scheme without
     * node identities (GID); an optional one (a muid medallion) only when the provider was chosen explicitly, as auto
     * mode keeps the random medallion the muid specification prescribes.
     */
    boolean leases(IdScheme scheme) {
        NodeIdentityField field = scheme.descriptor().nodeIdentityField().orElse(null);
        if (field == null) {
            return false;
        }
        return field.required() ? origin != Origin.NONE : origin == Origin.EXPLICIT;
    }

    boolean isAuto() {
        return origin == Origin.AUTO;
    }
}
