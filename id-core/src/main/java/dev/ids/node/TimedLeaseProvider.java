package dev.ids.node;

import dev.ids.clock.IdClock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * What every provider whose leases expire by time shares (a lease table, Redis or etcd keys, Kubernetes Lease
 * objects): its timings as built, the holder value of each new lease, the silence before a takeover, and how it
 * describes itself. {@link KeyedLeaseProvider} and the lease-table providers extend it.
 */
public abstract class TimedLeaseProvider implements IdentityTakeOver {

    private final LeaseTimingSettings.Timings timings;
    private final AtomicLong leaseNumbers = new AtomicLong();

    /**
     * Keeps the timings.
     *
     * @param timings the timings with every default filled in
     */
    protected TimedLeaseProvider(LeaseTimingSettings.Timings timings) {
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

    /**
     * Returns the holder id written (with a lease number) to the records this provider holds, for diagnostics.
     *
     * @return the holder id
     */
    @Override
    public final String holderId() {
        return timings.holderId();
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
     * Returns the local clock the leases count their deadlines on.
     *
     * @return the clock
     */
    protected final IdClock clock() {
        return timings.clock();
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
     * Describes where the provider keeps its leases, for {@link #toString()}.
     *
     * @return such as {@code table=ids_node_lease} or {@code redis://127.0.0.1:6379, prefix=ids}
     */
    protected abstract String describeStore();

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + describeStore() + ", lease=" + leaseLength() + ", renewal="
                + renewalPeriod() + ", grace=" + reclaimGrace() + ", holder=" + holderId() + "]";
    }
}
