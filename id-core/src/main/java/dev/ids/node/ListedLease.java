package dev.ids.node;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One identity of a namespace as a lease store lists it for an operator ({@link LeaseListing}): who holds it, until
 * when, and the high-water mark it keeps after its holders are gone.
 *
 * @param namespace the namespace
 * @param identity the node identity
 * @param holder the latest holder as the store records it (by default a random id, the host and the process id,
 *     {@code #} and the lease number); {@code null} when the store keeps none, as for an identity no one holds in a
 *     store that forgets its holders
 * @param held whether some holder has it now; a released identity is listed for its mark
 * @param expiresAtMillis when the lease expires unless renewed, in milliseconds since the Unix epoch, on the clock
 *     the store judges expiry by; 0 when released or not known
 * @param highWaterMarkMillis the latest time any holder may have issued IDs for, in milliseconds since the Unix
 *     epoch; 0 when none
 */
public record ListedLease(String namespace, long identity, @Nullable String holder, boolean held,
        long expiresAtMillis, long highWaterMarkMillis) {

    /**
     * Reads the holder: its id without the lease number, and its host and process when the id has the default form.
     *
     * @return the holder, or empty when the store keeps none
     */
    public Optional<LeaseHolder> leaseHolder() {
        return Optional.ofNullable(holder).map(LeaseHolder::parse);
    }

    /**
     * Tells whether the latest holder the store records is the provider with the given holder id, held now or
     * released by it.
     *
     * @param holderId the provider's holder id, without a lease number
     * @return whether the recorded holder has that id
     */
    public boolean holderIs(String holderId) {
        return leaseHolder().map(parsed -> parsed.id().equals(holderId)).orElse(false);
    }
}
