package dev.ids.testing;

import dev.ids.clock.IdClock;
import dev.ids.node.BuilderSeams;
import dev.ids.node.LeaseTimingSettings;
import java.time.Duration;
import java.util.Objects;

/**
 * The terms a store contract asks a store's test to build a provider with: the holder id, the clock and the lease's
 * timings. A store's builder takes them all through {@link #applyTo}, background renewal through the builders'
 * test seam ({@link BuilderSeams}).
 *
 * @param holderId the holder id of the provider
 * @param clock the provider's clock
 * @param leaseLength how long a lease lasts without renewal
 * @param renewalPeriod how often a lease renews, or {@code null} for the store's default
 * @param reclaimGrace how long after expiry another process may take an identity
 * @param backgroundRenewal whether leases renew on a thread of their own (otherwise the test renews them)
 */
public record LeaseTerms(String holderId, IdClock clock, Duration leaseLength, Duration renewalPeriod,
        Duration reclaimGrace, boolean backgroundRenewal) {

    public LeaseTerms {
        Objects.requireNonNull(holderId, "holderId");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(leaseLength, "leaseLength");
        Objects.requireNonNull(reclaimGrace, "reclaimGrace");
    }

    /**
     * Returns terms that renew only when the test renews by hand, with the store's default renewal period.
     *
     * @param holderId the holder id
     * @param clock the clock
     * @param leaseLength the lease length
     * @param reclaimGrace the reclaim grace
     * @return the terms
     */
    public static LeaseTerms renewedByHand(String holderId, IdClock clock, Duration leaseLength,
            Duration reclaimGrace) {
        return new LeaseTerms(holderId, clock, leaseLength, null, reclaimGrace, false);
    }

    /**
     * Applies every term to a store's builder.
     *
     * @param builder the store's builder
     * @param <B> the builder's type
     * @return the builder
     */
    public <B extends LeaseTimingSettings<B>> B applyTo(B builder) {
        BuilderSeams.backgroundRenewal(builder, backgroundRenewal).holderId(holderId).clock(clock)
                .leaseLength(leaseLength).reclaimGrace(reclaimGrace);
        return renewalPeriod == null ? builder : builder.renewalPeriod(renewalPeriod);
    }

    /**
     * Returns these terms with another clock.
     *
     * @param other the clock
     * @return the terms
     */
    public LeaseTerms withClock(IdClock other) {
        return new LeaseTerms(holderId, other, leaseLength, renewalPeriod, reclaimGrace, backgroundRenewal);
    }

    /**
     * Returns these terms with another lease length and reclaim grace.
     *
     * @param otherLength the lease length
     * @param otherGrace the reclaim grace
     * @return the terms
     */
    public LeaseTerms withTimings(Duration otherLength, Duration otherGrace) {
        return new LeaseTerms(holderId, clock, otherLength, renewalPeriod, otherGrace, backgroundRenewal);
    }

    /**
     * Returns these terms renewing in the background, every renewal period given (or the store's default).
     *
     * @param period the renewal period, or {@code null} for the store's default
     * @return the terms
     */
    public LeaseTerms renewingEvery(Duration period) {
        return new LeaseTerms(holderId, clock, leaseLength, period, reclaimGrace, true);
    }
}
