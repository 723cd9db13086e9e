package dev.ids.autoconfigure.node;

import org.jspecify.annotations.Nullable;

/**
 * What the starter's own lease provider configuration tells about the store it made: the bean's presence marks the
 * {@link dev.ids.node.NodeLeaseProvider} bean as the starter's rather than the application's, so that
 * {@link NodeLeases} can tell a store chosen automatically from one the application chose.
 *
 * @param kind the kind of store
 * @param description the store and its settings, for logs, health and failure reports
 * @param firstLease what to do once the store has accepted the first lease
 */
public record StarterLeaseStore(LeaseStoreKind kind, String description, FirstLease firstLease) {

    /**
     * Describes a store that has nothing to check once it holds a lease.
     *
     * @param kind the kind of store
     * @param description the store and its settings
     */
    public StarterLeaseStore(LeaseStoreKind kind, String description) {
        this(kind, description, () -> null);
    }

    /** What the store does once it has accepted the first lease, when the starter names it in the log. */
    @FunctionalInterface
    public interface FirstLease {

        /**
         * Runs the checks that need a store that accepts leases (they may log warnings), and tells where the store
         * is.
         *
         * @return where the store is, for example its URL with the password masked; {@code null} when not known
         */
        @Nullable String held();
    }
}
