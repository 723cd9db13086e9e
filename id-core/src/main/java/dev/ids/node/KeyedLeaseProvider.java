package dev.ids.node;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * What the providers of the key-value stores share (Redis, etcd): their key prefix and timings as built, the holder
 * value of each new lease, the silence before a takeover, and how they describe themselves. A store's provider extends
 * it and adds the store.
 */
public abstract class KeyedLeaseProvider implements IdentityTakeOver {

    private final String keyPrefix;
    private final LeaseTimingSettings.Timings timings;
    private final AtomicLong leaseNumbers = new AtomicLong();

    /**
     * Keeps the settings.
     *
     * @param keyPrefix the prefix of every key
     * @param timings the timings with every default filled in
     */
    protected KeyedLeaseProvider(String keyPrefix, LeaseTimingSettings.Timings timings) {
        this.keyPrefix = Objects.requireNonNull(keyPrefix, "keyPrefix");
        this.timings = Objects.requireNonNull(timings, "timings");
    }

    /**
     * Returns how long a holder must have gone without renewing before {@link #takeOver} takes its identity: one
     * renewal period plus the reclaim grace, which a running holder lets pass only when it cannot reach the store.
     *
     * @return the silence
     */
    @Override
    public final Duration silenceBeforeTakeOver() {
        return timings.renewalPeriod().plus(timings.reclaimGrace());
    }

    @Override
    public final String holderId() {
        return timings.holderId();
    }

    /**
     * Returns the key prefix.
     *
     * @return the prefix, such as {@code ids}
     */
    public final String keyPrefix() {
        return keyPrefix;
    }

    /**
     * Returns how long a lease lasts without renewal.
     *
     * @return the lease length
     */
    public final Duration leaseLength() {
        return timings.leaseLength();
    }

    /**
     * Returns how often leases are renewed.
     *
     * @return the renewal period
     */
    public final Duration renewalPeriod() {
        return timings.renewalPeriod();
    }

    /**
     * Returns how long after a lease's expiry another process may take its identity.
     *
     * @return the reclaim grace
     */
    public final Duration reclaimGrace() {
        return timings.reclaimGrace();
    }

    /**
     * Returns the holder value of a new lease: the holder id, {@code #} and the next lease number.
     *
     * @return the holder value
     */
    protected final String nextHolder() {
        return timings.holderId() + "#" + leaseNumbers.incrementAndGet();
    }

    /**
     * Returns how often a new lease renews itself in the background.
     *
     * @return the renewal period, or {@code null} when a test renews by hand
     */
    protected final @Nullable Duration backgroundRenewalPeriod() {
        return timings.backgroundRenewal() ? timings.renewalPeriod() : null;
    }

    /**
     * Describes how the provider reaches the store, for {@link #toString()}.
     *
     * @return such as {@code redis://127.0.0.1:6379}
     */
    protected abstract String describeLink();

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + describeLink() + ", prefix=" + keyPrefix() + ", lease="
                + leaseLength() + ", renewal=" + renewalPeriod() + ", grace=" + reclaimGrace() + ", holder="
                + holderId() + "]";
    }
}
