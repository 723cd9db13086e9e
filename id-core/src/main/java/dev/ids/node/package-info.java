/**
 * Node identities held across many instances: leases claimed from a shared store, with a high-water mark;
 * {@link dev.ids.node.LeaseFence}, which fences a generator by its lease; and
 * {@link dev.ids.node.ReclaimingNodeLease}, which claims the same identity again after a lease is lost.
 */
package dev.ids.node;
