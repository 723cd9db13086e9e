package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.node.UnsafeLeaseStoreException;

/**
 * Words a lease store's refusal of its own database ({@link UnsafeLeaseStoreException}, judged by the store itself)
 * for the start-up failure report: the problem as the store tells it, and what to do in the starter's terms as the
 * store's kind says it ({@link LeaseStoreKind#unsafeStoreAction}), naming {@code ids.node.provider} and the identity
 * properties.
 */
final class UnsafeStoreReport {

    /** The properties that set the identities leased in auto mode, each preceded by ", ". */
    private static final String IDENTITY_PROPERTIES = ", ids.sno.partition, ids.lable.generator-id, "
            + "ids.trace-id.node-no";

    private UnsafeStoreReport() {
    }

    /**
     * Turns the store's refusal into the starter's.
     *
     * @param refused the store's refusal
     * @param chosen the provider and where it came from
     * @param generatorName the generator that needs an identity, named in the report
     * @param property the property that would set its identity instead
     * @return the failure to start with
     */
    static IdsConfigurationException of(UnsafeLeaseStoreException refused, ChosenLeaseProvider chosen,
            String generatorName, String property) {
        String problem = "the generator '" + generatorName + "' needs a node identity, and " + refused.problem();
        String value = chosen.isAuto() ? null : chosen.setting();
        String identities = identityProperties(property);
        String action = chosen.kind() != null ? chosen.kind().unsafeStoreAction(refused, chosen.isAuto(), identities)
                : keepElsewhere(identities);
        return new IdsConfigurationException("ids.node.provider", value, problem, action);
    }

    /** What to do about a store of no kind the starter knows, or of a kind with nothing better to say. */
    static String keepElsewhere(String identities) {
        return "Keep the leases in a store that keeps what it acknowledges, or set ids.node.provider=static and "
                + "the identity properties (" + identities + ") to values no other instance uses.";
    }

    /** The properties that set the identities leased in auto mode, the given one first. */
    static String identityProperties(String property) {
        return property + IDENTITY_PROPERTIES.replace(", " + property, "");
    }
}
