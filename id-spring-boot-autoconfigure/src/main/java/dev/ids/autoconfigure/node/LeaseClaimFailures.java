package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.NodeClaim;

/**
 * The start-up failures of claims in the lease store, each naming the generator, the property that would set its
 * identity instead, and the store. A store that cannot be reached at all is reported as the store's fault, under
 * {@code ids.node.provider}: neither the identity's property nor freeing an identity would help.
 */
final class LeaseClaimFailures {

    private LeaseClaimFailures() {
    }

    /** The store could not lease any identity of the claim's range. */
    static IdsConfigurationException noneLeased(String generatorName, String property, NodeClaim claim,
            ChosenLeaseProvider chosen, RuntimeException cause) {
        String store = chosen.description();
        if (cause instanceof LeaseStoreUnreachableException) {
            return unreachable(chosen, "the generator '" + generatorName + "' needs a node identity from " + claim.min()
                    + " to " + claim.max() + " (" + property + " is unset) from the node lease provider " + store,
                    cause, "");
        }
        return new IdsConfigurationException(property, null, "the generator '" + generatorName + "' needs a "
                + "node identity from " + claim.min() + " to " + claim.max() + " in namespace '"
                + claim.namespace() + "', and the node lease provider " + store + " could not lease one: "
                + cause.getMessage(), "Make the lease store reachable" + chosen.address() + " or free an identity "
                + "(stop an instance), or set " + property + " to an identity no other instance uses, or set "
                + "ids.node.provider.");
    }

    /** Another instance holds the identity this one is configured with. */
    static ConfiguredIdentityInUseException heldElsewhere(String generatorName, String property, NodeClaim claim,
            String holder, String store) {
        long identity = claim.min();
        return new ConfiguredIdentityInUseException(property, identity, "the generator '" + generatorName + "' is "
                + "configured with node identity " + identity + ", and " + holder + " holds it in namespace '"
                + claim.namespace() + "' of the node lease provider " + store + "; two instances with one identity "
                + "issue the same IDs", "Set " + property + " to an identity no other instance uses, or remove it to "
                + "lease a free one, or stop the instance that holds " + identity + ".");
    }

    /** The configured identity could not be held in the store. */
    static IdsConfigurationException configuredNotHeld(String generatorName, String property, long identity,
            ChosenLeaseProvider chosen, RuntimeException cause) {
        String store = chosen.description();
        if (cause instanceof LeaseStoreUnreachableException) {
            return unreachable(chosen, "the generator '" + generatorName + "' is configured with node identity "
                    + identity + " (" + property + "), which must be held in the node lease provider " + store
                    + " so that no leasing instance takes it", cause, " Set ids.node.provider=static only if no "
                    + "instance leases identities from that store.");
        }
        return new IdsConfigurationException(property, identity, "the generator '" + generatorName + "' is "
                + "configured with node identity " + identity + ", which must be held in the node lease store "
                + store + " so that no leasing instance takes it, and the claim failed: " + cause.getMessage(),
                "Make the lease store reachable" + chosen.address() + ", or set ids.node.provider=static if no "
                + "instance leases identities from it.");
    }

    /** The store did not answer at all: its address or its state is at fault, whatever the generator asked. */
    private static IdsConfigurationException unreachable(ChosenLeaseProvider chosen, String need,
            RuntimeException cause, String alternative) {
        return new IdsConfigurationException("ids.node.provider", chosen.setting(), need
                + ", and the store cannot be reached: " + cause.getMessage(), "Start the lease store, or correct "
                + "where the application finds it" + chosen.address() + ", then start the application again; without "
                + "its lease an instance cannot know that no other instance issues IDs with the same identity."
                + alternative);
    }
}
