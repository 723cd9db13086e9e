package dev.ids.autoconfigure.node.kubernetes;

import dev.ids.autoconfigure.NodeIdentityProvider;
import dev.ids.autoconfigure.NodeIdentityRequest;
import java.util.OptionalLong;

/**
 * Every generator's node identity as this StatefulSet pod's ordinal. The starter then claims it in the lease store as
 * a configured identity: held as a lease, so a second pod with the same ordinal (stuck terminating, or of a
 * StatefulSet of the same name in another namespace) fails its start-up, and a restart whose killed previous run still
 * holds it takes it over once that run's object stood still (dev.ids.node.ConfiguredIdentityClaim).
 */
final class PodOrdinalIdentity implements NodeIdentityProvider {

    private final long ordinal;

    PodOrdinalIdentity(long ordinal) {
        this.ordinal = ordinal;
    }

    @Override
    public OptionalLong nodeIdentity(NodeIdentityRequest request) {
        return OptionalLong.of(ordinal);
    }

    @Override
    public String toString() {
        return "the StatefulSet pod ordinal " + ordinal + " (ids.node.kubernetes.stateful-set)";
    }
}
