package dev.ids.node;

import java.util.List;

/**
 * A {@link NodeLeaseProvider} that can list the identities of its store, for an operator's view and for failures
 * that name the instance holding an identity. Every store the project ships implements it; a caller asks this
 * interface instead of knowing the store.
 */
public interface LeaseListing {

    /**
     * Returns the holder id this provider writes into the leases it holds (before {@code #} and the lease number).
     *
     * @return the holder id
     */
    String holderId();

    /**
     * Reads every identity of one namespace that is held or keeps a high-water mark: those of this provider and of
     * every other holder, released ones included for their marks.
     *
     * @param namespace the namespace, for example {@code sno}
     * @return the identities, ascending; empty when the namespace has none
     * @throws IllegalStateException naming the store when it cannot be read
     */
    List<ListedLease> listLeases(String namespace);
}
