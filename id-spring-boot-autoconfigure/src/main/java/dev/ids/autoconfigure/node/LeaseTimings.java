package dev.ids.autoconfigure.node;

import static dev.ids.autoconfigure.ConfiguredValue.apply;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.internal.ExceptionMessages;
import dev.ids.node.LeaseTimingSettings;
import dev.ids.node.TimedLeaseProvider;
import java.time.Duration;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The settings of every store whose leases expire by time ({@code ids.node.<store>.lease-length},
 * {@code renewal-period}, {@code reclaim-grace}), as components of the store's {@code @ConfigurationProperties}
 * record, and their mapping onto the store's builder ({@link LeaseTimingSettings}): unset ones keep the core's
 * defaults.
 */
public interface LeaseTimings {

    /**
     * Returns how long a lease lasts without renewal.
     *
     * @return the lease length, or {@code null} for the core's default
     */
    @Nullable Duration leaseLength();

    /**
     * Returns how often a lease is renewed.
     *
     * @return the renewal period, or {@code null} for a third of the lease length
     */
    @Nullable Duration renewalPeriod();

    /**
     * Returns how long after a lease expires another instance may take its identity.
     *
     * @return the reclaim grace, or {@code null} for the core's default
     */
    @Nullable Duration reclaimGrace();

    /**
     * Passes the set timings to a store's builder; a value the builder rejects fails naming its property.
     *
     * @param builder the store's builder
     * @param prefix the store's properties, {@code ids.node.<store>}
     * @param <B> the builder's type
     * @return the builder
     * @throws dev.ids.autoconfigure.IdsConfigurationException naming the property when the builder rejects its value
     */
    default <B extends LeaseTimingSettings<B>> B applyTo(B builder, String prefix) {
        apply(prefix + ".lease-length", leaseLength(), builder::leaseLength);
        apply(prefix + ".renewal-period", renewalPeriod(), builder::renewalPeriod);
        apply(prefix + ".reclaim-grace", reclaimGrace(), builder::reclaimGrace);
        return builder;
    }

    /**
     * Describes a provider's timings as built, for the store's description in logs, health and failure reports.
     *
     * @param provider the provider
     * @return for example {@code lease PT1M, renewal PT20S, grace PT10S}
     */
    static String describe(TimedLeaseProvider provider) {
        return "lease " + provider.leaseLength() + ", renewal " + provider.renewalPeriod() + ", grace "
                + provider.reclaimGrace();
    }

    /**
     * Builds a store's provider once its settings and the customizers are applied; a builder that rejects the
     * settings together, as a renewal period that is not shorter than the lease, fails naming the properties.
     *
     * @param build the builder's {@code build} method
     * @param prefix the store's properties, {@code ids.node.<store>}
     * @param andAlso what else to check, from {@code ", and "}, or empty
     * @param <P> the provider's type
     * @return the provider
     * @throws IdsConfigurationException when the builder rejects its settings
     */
    static <P> P build(Supplier<P> build, String prefix, String andAlso) {
        try {
            return build.get();
        } catch (IllegalArgumentException ex) {
            throw rejected(prefix, ex, andAlso);
        }
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
    static IdsConfigurationException rejected(String prefix, IllegalArgumentException rejection, String andAlso) {
        return new IdsConfigurationException(prefix, null, ExceptionMessages.of(rejection), "Make " + prefix
                + ".renewal-period shorter than " + prefix + ".lease-length" + andAlso + ".");
    }
}
