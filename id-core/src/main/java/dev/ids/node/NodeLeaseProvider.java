package dev.ids.node;

/**
 * Claims node identities from a shared store: the lowest identity of a range that no running process holds, or,
 * for a claim that loses it to another claiming at the same moment, another free one ({@link ClaimCandidates}).
 */
@FunctionalInterface
public interface NodeLeaseProvider {

    /**
     * Claims an identity.
     *
     * @param claim the namespace and range to claim from
     * @return the lease on the identity claimed
     * @throws NoFreeNodeIdentityException when every identity of the range is held
     * @throws IllegalStateException when the store cannot be reached
     */
    NodeLease claim(NodeClaim claim);
}
