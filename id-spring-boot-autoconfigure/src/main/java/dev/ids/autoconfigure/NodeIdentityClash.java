package dev.ids.autoconfigure;

import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;

/**
 * Tells whether two generators would issue the same IDs because they share a node identity: each scheme's
 * descriptor knows which of its generator's settings make the identity.
 */
final class NodeIdentityClash {

    private NodeIdentityClash() {
    }

    static boolean between(MonitoredIdGenerator<?> one, MonitoredIdGenerator<?> other) {
        return one.scheme() == other.scheme()
                && one.scheme().descriptor().shareNodeIdentity(one.settings(), other.settings());
    }

    static String describe(IdScheme scheme) {
        return scheme.descriptor().nodeIdentityRule();
    }
}
