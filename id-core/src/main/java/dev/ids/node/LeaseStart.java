package dev.ids.node;

import dev.ids.clock.IdClock;

/**
 * What {@link StoredNodeLease#claim} and {@link StoredNodeLease#start} hand a store's lease type to construct the
 * lifecycle with ({@link StoredNodeLease#StoredNodeLease(LeaseStart)}): the store, the claim and the identity taken.
 * Only they make one, so that every lease is attached to its store and renewed as they do it, once constructed.
 *
 * @param <P> the store's proof of ownership
 */
public final class LeaseStart<P> {

    private final NodeLeaseStore<P> store;
    private final NodeClaim claim;
    private final NodeLeaseStore.Claimed<P> claimed;
    private final IdClock clock;

    LeaseStart(NodeLeaseStore<P> store, NodeClaim claim, NodeLeaseStore.Claimed<P> claimed, IdClock clock) {
        this.store = store;
        this.claim = claim;
        this.claimed = claimed;
        this.clock = clock;
    }

    NodeLeaseStore<P> store() {
        return store;
    }

    NodeClaim claim() {
        return claim;
    }

    NodeLeaseStore.Claimed<P> claimed() {
        return claimed;
    }

    IdClock clock() {
        return clock;
    }
}
