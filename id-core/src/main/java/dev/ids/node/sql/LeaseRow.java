package dev.ids.node.sql;

import dev.ids.node.LeaseHolder;
import dev.ids.node.NodeClaim;

/**
 * One row of the lease table, as a {@link LeaseTableProvider} reads it for an operator's view, whichever way it
 * reaches the table (JDBC or R2DBC).
 *
 * @param namespace the namespace
 * @param identity the node identity ({@code node_id})
 * @param holder the latest holder: the provider's holder id (by default a random id, the host and the process id),
 *     {@code #} and the lease number
 * @param expiresAtMillis when the lease expires on the database's clock, in milliseconds since the Unix epoch; 0 once
 *     released
 * @param highWaterMarkMillis the latest time any holder may have issued IDs for, in milliseconds since the Unix
 *     epoch
 */
public record LeaseRow(String namespace, long identity, String holder, long expiresAtMillis,
        long highWaterMarkMillis) {

    /**
     * Reads the holder: its id without the lease number, and its host and process when the id has the default form.
     *
     * @return the holder
     */
    public LeaseHolder leaseHolder() {
        return LeaseHolder.parse(holder);
    }

    /**
     * Returns the claim of this row's identity alone.
     *
     * @return the namespace and the identity as a range of one
     */
    public NodeClaim claim() {
        return new NodeClaim(namespace, identity, identity);
    }
}
