package dev.ids.internal;

import dev.ids.IdGenerationException;
import dev.ids.event.IdGeneratorListener;
import dev.ids.node.NodeLease;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;

/**
 * What a generator built with a {@link NodeLease} does with it: refuses to issue IDs while the lease is not held
 * (fencing), and advances the lease's high-water mark, in steps, before it issues IDs for times beyond it.
 *
 * <p>Generators keep a {@code final} field of this type that is {@code null} without a lease, so a generator
 * without a lease pays one null check per ID. With a lease, {@link #checkHeld()} costs what
 * {@link NodeLease#isHeld()} costs (a volatile read and a monotonic clock reading) and {@link #cover(long)} one
 * volatile read, unless the time crosses the reserved boundary: then one thread writes the next step of the mark to
 * the store under a small lock, while the others crossing with it wait for that write. Neither allocates.
 */
public final class LeaseFence {

    /** How far beyond an ID's time the mark is advanced in one write. */
    public static final long STEP_MILLIS = 10_000;

    /** How close to the mark an ID's time may come before the next step is written. */
    public static final long MARGIN_MILLIS = 5_000;

    /** The leases that serve a generator already: one generator per lease (weak keys). */
    private static final Map<NodeLease, Boolean> FENCED = new WeakHashMap<>();

    private final NodeLease lease;
    private final String description;
    private final IdGeneratorListener listener;
    private final Object advanceLock = new Object();
    private final long startMark;
    /** The latest mark this generator knows to be written: no ID is issued for a later time. */
    private volatile long reservedUntil;

    /**
     * Creates the fence of one generator; reads the lease's mark now, as the generator's start.
     *
     * @param lease the lease the generator's identity comes from
     * @param description the generator and its identity, for messages
     * @param listener the generator's listener, which hears every refusal
     */
    public LeaseFence(NodeLease lease, String description, IdGeneratorListener listener) {
        this.lease = Objects.requireNonNull(lease, "lease");
        synchronized (FENCED) {
            if (FENCED.put(lease, Boolean.TRUE) != null) {
                throw new IllegalArgumentException("The lease " + lease + " serves another generator already; two "
                        + "generators on one identity would issue the same IDs: claim a lease per generator ("
                        + description + ")");
            }
        }
        this.description = Objects.requireNonNull(description, "description");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.startMark = lease.highWaterMarkMillis();
        this.reservedUntil = startMark;
    }

    /**
     * Returns the high-water mark this generator started from: it issues no ID for a time at or before it.
     *
     * @return the mark, in milliseconds since the Unix epoch
     */
    public long startMarkMillis() {
        return startMark;
    }

    /**
     * Throws, after telling the listener, unless the lease is held now.
     *
     * @throws IdGenerationException when the lease is not held
     */
    public void checkHeld() {
        if (!lease.isHeld()) {
            throw refuse(description + ": the node identity lease is not held (identity " + lease.identity()
                    + "); refusing to issue IDs until the lease is held again, because another process may hold "
                    + "the identity now");
        }
    }

    /**
     * Makes sure the high-water mark covers an ID's time before the ID is returned: free unless the time comes
     * within {@link #MARGIN_MILLIS} of the mark, when the mark is advanced to the time plus {@link #STEP_MILLIS}.
     *
     * @param epochMillis the time the ID stands for, in milliseconds since the Unix epoch
     * @throws IdGenerationException when the time lies beyond the mark and the mark cannot be advanced
     */
    public void cover(long epochMillis) {
        if (epochMillis <= reservedUntil - MARGIN_MILLIS) {
            return;
        }
        advance(epochMillis);
    }

    private void advance(long epochMillis) {
        synchronized (advanceLock) {
            long reserved = reservedUntil;
            if (epochMillis <= reserved - MARGIN_MILLIS) {
                return; // another thread wrote the step while this one waited for the lock
            }
            long target = epochMillis + STEP_MILLIS;
            try {
                lease.advanceHighWaterMark(target);
            } catch (RuntimeException e) {
                if (epochMillis <= reserved) {
                    return; // the mark already written covers this ID; a later ID will try again
                }
                IdGenerationException failure = new IdGenerationException(description
                        + ": cannot advance the node identity lease's high-water mark (identity " + lease.identity()
                        + ") from " + reserved + " to " + target + " ms since 1970-01-01T00:00:00Z (" + e
                        + "); refusing to issue IDs beyond the written mark");
                failure.initCause(e);
                listener.onRefused(failure);
                throw failure;
            }
            reservedUntil = target;
        }
    }

    private IdGenerationException refuse(String message) {
        IdGenerationException failure = new IdGenerationException(message);
        listener.onRefused(failure);
        return failure;
    }
}
