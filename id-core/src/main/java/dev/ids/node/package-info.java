/**
 * Node identities held across many instances: leases claimed from a shared store, with a high-water mark; the
 * lease lifecycle every store shares ({@link dev.ids.node.StoredNodeLease}) over a store's adapter
 * ({@link dev.ids.node.NodeLeaseStore}); {@link dev.ids.node.LeaseFence}, which fences a generator by its lease; and
 * {@link dev.ids.node.ReclaimingNodeLease}, which claims the same identity again after a lease is lost.
 */
@NullMarked
package dev.ids.node;

import org.jspecify.annotations.NullMarked;
