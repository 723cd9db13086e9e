package dev.ids.autoconfigure;

import java.util.OptionalLong;

/**
 * Supplies node identities (elfo node numbers, Lable generator ids, sno partitions, muid medallions) that the
 * configuration leaves unset. Beans of this type are asked in order; the first that answers wins. Without one, a
 * missing node identity fails the start-up: the starter never invents one.
 */
@FunctionalInterface
public interface NodeIdentityProvider {

    /**
     * Returns the node identity for one generator, or empty when this provider does not supply it.
     *
     * @param request which generator needs which identity, and its allowed range
     * @return the identity, within {@code [request.min(), request.max()]}, or empty
     */
    OptionalLong nodeIdentity(NodeIdentityRequest request);
}
