package dev.ids.node;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The parts of a store that keeps one record per identity under a prefix (Redis and etcd keys, Kubernetes Lease
 * objects), as a {@link KeyedLeaseProvider} runs its claims, takeovers and listings over them: what a new store of
 * the kind writes, the provider's lifecycle being shared.
 *
 * @param link how the provider reaches the store, closed with it
 * @param store the adapter the lease lifecycle ({@link StoredNodeLease}) and the claims run on
 * @param listing reads a namespace's records for {@link KeyedLeaseProvider#listLeases}
 * @param takeOver the conditional write of {@link KeyedLeaseProvider#takeOver}
 * @param leaseType the store's lease type's constructor
 * @param <P> the store's proof of ownership
 * @param <L> the store's lease type
 */
public record KeyedStore<P, L extends StoredNodeLease<P>>(StoreLink link, NodeLeaseStore<P> store, Listing listing,
        TakeOver<P> takeOver, Function<LeaseStart<P>, L> leaseType) {

    /**
     * Checks that every part is given.
     *
     * @param link how the provider reaches the store, closed with it
     * @param store the adapter the lease lifecycle and the claims run on
     * @param listing reads a namespace's records
     * @param takeOver the conditional write of a take-over
     * @param leaseType the store's lease type's constructor
     * @throws NullPointerException naming the part missing
     */
    public KeyedStore {
        Objects.requireNonNull(link, "link");
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(listing, "listing");
        Objects.requireNonNull(takeOver, "takeOver");
        Objects.requireNonNull(leaseType, "leaseType");
    }

    /** Reads every identity of a namespace the store has a record of. */
    @FunctionalInterface
    public interface Listing {

        /**
         * Reads the identities of a namespace: held ones with their holder and the expiry the record shows, released
         * ones with their latest holder and mark.
         *
         * @param namespace the namespace
         * @return the identities, ascending
         * @throws Exception when the store cannot be read
         */
        List<ListedLease> list(String namespace) throws Exception;
    }

    /**
     * Takes one held identity from the holder judged, by the store's conditional write ({@link IdentityTakeOver}).
     *
     * @param <P> the store's proof of ownership
     */
    @FunctionalInterface
    public interface TakeOver<P> {

        /**
         * Takes the identity while its record is as judged and its holder has been silent for the silence.
         *
         * @param judged the identity as listed, held
         * @param silence how long the holder must have gone without renewing
         * @param holder the holder value of the new lease
         * @return the identity taken, or {@code null} when the record is no longer as judged, its holder renewed
         *     within the silence, or another claimant took it
         * @throws Exception when the store cannot be reached
         */
        NodeLeaseStore.@Nullable Claimed<P> take(ListedLease judged, Duration silence, String holder)
                throws Exception;
    }
}
