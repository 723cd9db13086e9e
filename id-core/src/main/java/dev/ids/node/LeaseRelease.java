package dev.ids.node;

import java.util.Objects;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The release of a {@link StoredNodeLease}, the step its {@link StoredNodeLease#close() close} takes: marks the lease
 * closed and ends its deadline once, asks the generator that registered for the latest time it issued IDs for, and
 * writes the release through the store under the lease's proof. A release that fails is logged once per outage and
 * written again by a later close; the close that succeeds tells how many attempts failed before it.
 *
 * @param <P> the store's proof of ownership
 */
final class LeaseRelease<P> {

    private final NodeLeaseStore<P> store;
    private final P proof;
    /** The lease's mark: an orderly close never lowers it below the start; set to what the store read back. */
    private final StoredMark<P> mark;
    private final OutageLog outage;
    /** Guards {@link #released}; held only for state changes, never across a call into the store. */
    private final Object lock = new Object();
    /** Guarded by {@link #lock}: whether a release has been written (or is being written). */
    private boolean released;
    /**
     * Written once, under {@link #lock}, by the first close; volatile, as renewals and proofs read it without the
     * lock, on their own threads, to stop counting a lease that is being let go.
     */
    private volatile boolean closed;
    /** Volatile: registered by the generator's fence on its thread, read by a close on any thread. */
    private volatile @Nullable LongSupplier latestIssued;

    LeaseRelease(NodeLeaseStore<P> store, P proof, StoredMark<P> mark, System.Logger log) {
        this.store = store;
        this.proof = proof;
        this.mark = mark;
        this.outage = new OutageLog(log);
    }

    /** Registers the generator to ask, at the close, for the latest time it issued IDs for. */
    void lowerMarkOnClose(LongSupplier latestIssuedMillis) {
        this.latestIssued = Objects.requireNonNull(latestIssuedMillis, "latestIssuedMillis");
    }

    /** The generator registered to be asked at the close, or {@code null}. */
    @Nullable LongSupplier latestIssued() {
        return latestIssued;
    }

    /** Whether a close has begun: the lease is being, or has been, let go. */
    boolean isClosed() {
        return closed;
    }

    /**
     * Begins a release unless one has been written or is being written: marks the lease closed and ends its deadline,
     * for why it was lost when it was ({@code lostBecause}), or as closed.
     *
     * @return whether the caller is to {@linkplain #write write} the release
     */
    boolean begin(LeaseDeadline deadline, @Nullable String lostBecause) {
        synchronized (lock) {
            if (released) {
                return false;
            }
            released = true;
            closed = true;
            if (lostBecause != null) {
                deadline.end(lostBecause);
            } else {
                deadline.endOnClose();
            }
            return true;
        }
    }

    /**
     * Writes the release {@linkplain #begin begun}: asks the generator for its latest time, which stops it, and
     * releases the identity, lowering the mark to that time when asked to.
     *
     * @param lease the lease, for messages
     * @param issued the generator to ask, or {@code null}
     * @param lowerMark whether to lower the mark: only while the record was ours when the close began
     */
    void write(Object lease, @Nullable LongSupplier issued, boolean lowerMark) {
        // Asked whether held or not: the generator stops issuing, and lets go of its writer thread, either way.
        long latest = issued != null ? issued.getAsLong() : -1;
        // Never above the written mark: no ID went beyond it, while the answer may include calls that were refused.
        long finalMark = lowerMark ? Math.max(mark.startMark(), Math.min(latest, mark.get())) : -1;
        long stored;
        try {
            stored = store.release(proof, finalMark);
            if (stored >= 0) {
                mark.set(stored);
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            // A re-claim closes the ended lease before each attempt: once per outage is enough at WARNING. Counted
            // before the next close may begin, so that one succeeding then tells of this attempt too.
            outage.failed(attempt -> "Could not release " + lease + (attempt == 1 ? "" : " (attempt " + attempt
                    + ")") + "; it becomes claimable after its expiry plus the reclaim grace: " + e.getMessage());
            synchronized (lock) {
                released = false;
            }
            return;
        }
        // A negative answer: another holder took the record over while it could not be released.
        outage.ended(attempts -> (stored >= 0 ? "Released " + lease : "Did not release " + lease + ", as another "
                + "holder has taken its record over,") + " after " + attempts);
    }
}
