package dev.ids.node;

/** Thrown when every identity of a claimed range is held by a running process. */
public class NoFreeNodeIdentityException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception for a claim.
     *
     * @param claim the claim that found no free identity
     * @param detail where the claims are kept, for the message
     */
    public NoFreeNodeIdentityException(NodeClaim claim, String detail) {
        super("No free node identity in namespace '" + claim.namespace() + "': all of " + claim.min() + " to "
                + claim.max() + " are held (" + detail + "); stop an instance, wait for an expired lease to be "
                + "reclaimable, or widen the range");
    }
}
