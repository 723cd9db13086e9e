package dev.ids.autoconfigure.node;

import static dev.ids.autoconfigure.ConfiguredValue.apply;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.internal.ExceptionMessages;
import dev.ids.node.LeaseTimingSettings;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The settings of every store whose leases expire by time ({@code ids.node.<store>.lease-length},
 * {@code renewal-period}, {@code reclaim-grace}), as the store's {@code @ConfigurationProperties} class inherits
 * them, and their mapping onto the store's builder ({@link LeaseTimingSettings}): unset ones keep the core's
 * defaults.
 */
public abstract class LeaseTimingProperties {

    /**
     * How long a lease lasts without renewal: an instance that cannot renew (paused, cut off from the store) stops
     * issuing IDs this long after its last renewal started.
     */
    private @Nullable Duration leaseLength;

    /** How often a lease is renewed. Unset: a third of the lease length. */
    private @Nullable Duration renewalPeriod;

    /**
     * How long after a lease expires (on the store's clock) before another instance may take its identity; an
     * instance whose wall clock differs from the store's by more than this is fenced until it agrees again.
     */
    private @Nullable Duration reclaimGrace;

    public @Nullable Duration getLeaseLength() {
        return leaseLength;
    }

    public void setLeaseLength(@Nullable Duration leaseLength) {
        this.leaseLength = leaseLength;
    }

    public @Nullable Duration getRenewalPeriod() {
        return renewalPeriod;
    }

    public void setRenewalPeriod(@Nullable Duration renewalPeriod) {
        this.renewalPeriod = renewalPeriod;
    }

    public @Nullable Duration getReclaimGrace() {
        return reclaimGrace;
    }

    public void setReclaimGrace(@Nullable Duration reclaimGrace) {
        this.reclaimGrace = reclaimGrace;
    }

    /**
     * Passes the set timings to a store's builder; a value the builder rejects fails naming its property.
     *
     * @param builder the store's builder
     * @param prefix the store's properties, {@code ids.node.<store>}
     * @param <B> the builder's type
     * @return the builder
     * @throws dev.ids.autoconfigure.IdsConfigurationException naming the property when the builder rejects its value
     */
    public <B extends LeaseTimingSettings<B>> B applyTo(B builder, String prefix) {
        apply(prefix + ".lease-length", leaseLength, builder::leaseLength);
        apply(prefix + ".renewal-period", renewalPeriod, builder::renewalPeriod);
        apply(prefix + ".reclaim-grace", reclaimGrace, builder::reclaimGrace);
        return builder;
    }

    /**
     * Describes a provider's timings as built, for the store's description in logs, health and failure reports.
     *
     * @param leaseLength the lease length
     * @param renewalPeriod the renewal period
     * @param reclaimGrace the reclaim grace
     * @return for example {@code lease PT1M, renewal PT20S, grace PT10S}
     */
    public static String describe(Duration leaseLength, Duration renewalPeriod, Duration reclaimGrace) {
        return "lease " + leaseLength + ", renewal " + renewalPeriod + ", grace " + reclaimGrace;
    }

    /**
     * Describes the failure of a store's builder that rejected its settings together, as a renewal period that is
     * not shorter than the lease.
     *
     * @param prefix the store's properties, {@code ids.node.<store>}
     * @param rejection the builder's exception
     * @param andAlso what else to check, from {@code ", and "}, or empty
     * @return the failure to throw
     */
    public static IdsConfigurationException rejected(String prefix, IllegalArgumentException rejection,
            String andAlso) {
        return new IdsConfigurationException(prefix, null, ExceptionMessages.of(rejection), "Make " + prefix
                + ".renewal-period shorter than " + prefix + ".lease-length" + andAlso + ".");
    }
}
