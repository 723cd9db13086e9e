package dev.ids.node;

import dev.ids.internal.ExceptionMessages;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * The high-water mark of a {@link StoredNodeLease}: the latest the store is known to hold, the one the lease started
 * from, and the writes of it through the store.
 *
 * @param <P> the store's proof of ownership
 */
final class StoredMark<P> {

    private static final String CANNOT_ADVANCE = "cannot advance its high-water mark";

    private final NodeLeaseStore<P> store;
    private final P proof;
    private final NodeClaim claim;
    private final long identity;
    /**
     * The latest mark the store is known to hold. Atomic: raised by the fence's writer thread and the start, set by
     * a close, read by any thread.
     */
    private final AtomicLong latest;
    /**
     * The mark the lease started from: the one the claim read, or {@link RecordlessStart}'s floor when it read none.
     * An orderly close never lowers the stored mark below it.
     */
    private final long startMark;
    /** Whether the store held no mark for the identity, so the lease started from {@link RecordlessStart}'s. */
    private final boolean startedWithoutRecord;

    StoredMark(NodeLeaseStore<P> store, P proof, NodeClaim claim, long identity, long startMark,
            boolean startedWithoutRecord) {
        this.store = store;
        this.proof = proof;
        this.claim = claim;
        this.identity = identity;
        this.latest = new AtomicLong(startMark);
        this.startMark = startMark;
        this.startedWithoutRecord = startedWithoutRecord;
    }

    /** The latest mark the store is known to hold. */
    long get() {
        return latest.get();
    }

    /** The mark the lease started from. */
    long startMark() {
        return startMark;
    }

    /** Whether the lease started from {@link RecordlessStart}'s mark, the store holding none. */
    boolean startedWithoutRecord() {
        return startedWithoutRecord;
    }

    /** Sets the mark the store read back after a release: it may be lower than the latest known. */
    void set(long stored) {
        latest.set(stored);
    }

    /**
     * Writes the mark a lease without a stored one starts from, so that a claim of the identity after this lease
     * (a re-claim after a lost session, an idle restart after a crash) starts from it rather than from a floor of its
     * own, a step and the tolerance later. Not needed for safety: a failure leaves the next claim to its own floor.
     */
    void recordStart(Object lease, System.Logger log) {
        try {
            latest.accumulateAndGet(store.writeMark(proof, startMark), Math::max);
        } catch (Exception e) {
            log.log(Level.DEBUG, () -> "Could not record the start mark of " + lease + ": "
                    + ExceptionMessages.of(e));
        }
    }

    /**
     * Advances the mark for its lease, as {@link NodeLease#advanceHighWaterMark} asks: a mark not above the latest
     * known is kept; a higher one is written only while the lease is held, and a write the store refuses as no longer
     * the lease's ends the lease.
     *
     * @param notHeld words the refusal of an action because the lease is not held
     * @throws IllegalStateException when the lease is not held, the write finds it lost, or the store cannot be
     *     reached
     */
    void advance(long epochMillis, NodeLeaseStore.Provable lease, UnaryOperator<String> notHeld) {
        if (epochMillis <= latest.get()) {
            return;
        }
        if (!lease.lease().isHeld()) {
            throw new IllegalStateException(notHeld.apply(CANNOT_ADVANCE));
        }
        try {
            write(epochMillis);
        } catch (LeaseLostException e) {
            lease.end(ExceptionMessages.of(e));
            throw new IllegalStateException(notHeld.apply(CANNOT_ADVANCE));
        }
    }

    /**
     * Writes a higher mark through the store, under the lease's proof, and raises the latest known to what the store
     * holds then.
     *
     * @throws LeaseLostException when the store says the lease is no longer this holder's
     * @throws IllegalStateException when the store cannot be reached
     */
    void write(long epochMillis) throws LeaseLostException {
        long stored;
        try {
            stored = store.writeMark(proof, epochMillis);
        } catch (LeaseLostException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Could not advance the high-water mark of node identity " + identity
                    + " in namespace '" + claim.namespace() + "' to " + Instant.ofEpochMilli(epochMillis) + " "
                    + store.location() + ": " + ExceptionMessages.of(e) + "; do not issue IDs beyond "
                    + Instant.ofEpochMilli(latest.get()) + " until it succeeds", e);
        }
        latest.accumulateAndGet(stored, Math::max);
    }
}
