/**
 * Node identities held across many instances: leases claimed from a shared store, with fencing and a high-water
 * mark, and {@link dev.ids.node.ReclaimingNodeLease}, which claims the same identity again after a lease is lost.
 */
package dev.ids.node;
