package dev.ids.autoconfigure.node;

import dev.ids.node.LeaseHolder;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One identity of a namespace in the lease store, whichever store it is, as the {@code ids} endpoint lists it: a row
 * of the JDBC lease table, or an identity of a ZooKeeper pool.
 *
 * @param namespace the namespace
 * @param identity the node identity
 * @param holder the latest holder as the store records it (by default a random id, the host and the process id,
 *     {@code #} and the lease number); {@code null} when the store keeps none (a released ZooKeeper identity, or a
 *     znode of Lable's own module)
 * @param thisInstance whether this application is the holder
 * @param released whether no one holds it now: released, or its holder gone; it is listed for its mark
 * @param expiresAtMillis when the lease expires unless renewed, in milliseconds since the Unix epoch (JDBC: on the
 *     database's clock; ZooKeeper: this application's leases only, on its clock); 0 when released or not known
 * @param highWaterMarkMillis the latest time any holder may have issued IDs for, in milliseconds since the Unix
 *     epoch; 0 when none
 */
public record StoredLease(String namespace, long identity, @Nullable String holder, boolean thisInstance,
        boolean released, long expiresAtMillis, long highWaterMarkMillis) {

    /**
     * Reads the holder: its id without the lease number, and its host and process when known.
     *
     * @return the holder, or empty when the store keeps none
     */
    public Optional<LeaseHolder> leaseHolder() {
        return Optional.ofNullable(holder).map(LeaseHolder::parse);
    }
}
