package dev.ids.node;

import dev.ids.IdGenerationException;
import dev.ids.clock.ClockWatch;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;

/**
 * What a {@link LeaseFence} refuses for, in words: the lease not held, closed or lost, or a time another holder may
 * have issued IDs for. Every refusal is told to the generator's listener ({@link ClockWatch#refuse}) as it is made.
 * It also keeps the one rule checked before a fence exists: one generator per lease.
 */
final class FenceRefusals {

    /** The leases that serve a generator already: one generator per lease (weak keys). Guarded by itself. */
    private static final Map<NodeLease, Boolean> FENCED = new WeakHashMap<>();

    private final NodeLease lease;
    private final String description;
    private final ClockWatch watch;

    FenceRefusals(NodeLease lease, String description, ClockWatch watch) {
        this.lease = lease;
        this.description = Objects.requireNonNull(description, "description");
        this.watch = Objects.requireNonNull(watch, "watch");
    }

    /**
     * Registers the lease as serving a generator.
     *
     * @throws IllegalArgumentException when it serves another generator already
     */
    static void claimForOneGenerator(NodeLease lease, String description) {
        synchronized (FENCED) {
            if (FENCED.put(lease, Boolean.TRUE) != null) {
                throw new IllegalArgumentException("The lease " + lease + " serves another generator already; two "
                        + "generators on one identity would issue the same IDs: claim a lease per generator ("
                        + description + ")");
            }
        }
    }

    /** A mark or time in a message: an instant reads better than milliseconds since the epoch. */
    static String instant(long epochMillis) {
        return Instant.ofEpochMilli(epochMillis).toString();
    }

    /** Refuses, after telling the listener, unless the lease is held now. */
    void requireHeld() {
        if (!lease.isHeld()) {
            String reason = lease.notHeldReason();
            throw refuse(description + ": the node identity lease is not held (identity " + lease.identity()
                    + (reason == null ? "" : ": " + reason) + "); refusing to issue IDs until the lease is held "
                    + "again, because another process may hold the identity now");
        }
    }

    IdGenerationException closed() {
        return refuse(description + ": the node identity lease (identity " + lease.identity() + ") was "
                + "closed; refusing to issue IDs");
    }

    IdGenerationException atOrBeforeForeignMark(long epochMillis, long foreignMark) {
        return refuse(description + ": an ID for " + instant(epochMillis) + " lies at or before the "
                + "high-water mark " + instant(foreignMark) + " up to which another holder of node "
                + "identity " + lease.identity() + " may have issued IDs (the clock stands behind it); "
                + "refusing to issue IDs until the clock passes it");
    }

    IdGenerationException lostWhileWaiting() {
        return refuse(description + ": the node identity lease (identity " + lease.identity() + ") was lost "
                + "while waiting for its high-water mark to be written; refusing to issue IDs");
    }

    /** Tells the listener, and returns the refusal to throw. */
    IdGenerationException refuse(String message) {
        return watch.refuse(message);
    }

    /** As {@link #refuse(String)}, for a refusal with a cause. */
    IdGenerationException refuse(IdGenerationException refusal) {
        return watch.refuse(refusal);
    }
}
