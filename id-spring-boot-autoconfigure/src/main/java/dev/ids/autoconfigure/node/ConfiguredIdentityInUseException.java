package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.IdsConfigurationException;

/**
 * Thrown at start-up when a generator is configured with a node identity that another instance holds in the lease
 * store and keeps renewing: the starter never takes an identity from a holder that may still be alive.
 *
 * <p>Unlike the other configuration failures this one can pass by itself: once the holder stops and its lease has
 * expired, a new start-up takes the identity over. An orchestrator that restarts a failed instance (a Kubernetes
 * pod, a systemd unit) therefore recovers without a change to the configuration; a test harness can tell this
 * failure by its type.
 */
public class ConfiguredIdentityInUseException extends IdsConfigurationException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param property the identity's property, for example {@code ids.sno.partition}
     * @param identity the configured identity
     * @param problem who holds it and where
     * @param action how to fix it
     */
    public ConfiguredIdentityInUseException(String property, long identity, String problem, String action) {
        super(property, identity, problem, action);
    }
}
