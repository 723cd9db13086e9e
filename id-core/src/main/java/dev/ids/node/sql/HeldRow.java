package dev.ids.node.sql;

/**
 * The proof of ownership of a lease on the lease table, whichever way a store reaches the table: the row's key and
 * the holder value the lease wrote into it, which every renewal, mark write and release names in its condition.
 *
 * @param namespace the namespace
 * @param identity the node identity ({@code node_id})
 * @param holder the provider's holder id, {@code #} and the lease's number
 */
public record HeldRow(String namespace, long identity, String holder) {
}
