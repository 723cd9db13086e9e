package dev.ids.node;

import java.lang.System.Logger.Level;
import java.time.Instant;

/**
 * The high-water mark a lease starts from when its store holds no mark for the identity: the record was never
 * written, or it was deleted, or the store lost it. The three look alike, and in the last two a former holder may
 * still be issuing IDs, up to the mark it last wrote, until its next write of the mark finds the record gone. That
 * mark lies at most one {@linkplain LeaseFence#STEP_MILLIS step} beyond the former holder's clock when it wrote it,
 * and that clock at most the store's skew tolerance (the reclaim grace) ahead of the store's, or the former holder's
 * lease was fenced. So a claim that finds no mark starts from the store's time now plus a step plus the tolerance:
 * no former holder issued, or will issue, an ID beyond it. docs/LEASES.md ("A record that is lost") gives the
 * argument in full.
 *
 * <p>A store that does not compare clocks ({@link NodeLeaseStore#skewToleranceMillis()} is unbounded) gets one
 * step for the clocks' disagreement instead; ZooKeeper, the one such store here, also ends a holder whose znode is
 * deleted as soon as its watch fires.
 */
final class RecordlessStart {

    /** The clocks' disagreement allowed for by a store that does not measure it. */
    static final long UNMEASURED_SKEW_ALLOWANCE_MILLIS = LeaseFence.STEP_MILLIS;

    private RecordlessStart() {
    }

    /**
     * Returns the mark to start from.
     *
     * @param storedMark the mark the claim read; 0 when the store holds none
     * @param wallMillis this application's wall-clock time at the claim
     * @param skewMillis how far this application's clock was ahead of the store's at the claim (0: not measured)
     * @param toleranceMillis the store's skew tolerance; {@link Long#MAX_VALUE} when it does not compare clocks
     * @return the stored mark when there is one, otherwise the floor above any former holder's IDs
     */
    static long startMark(long storedMark, long wallMillis, long skewMillis, long toleranceMillis) {
        if (storedMark > 0) {
            return storedMark;
        }
        return wallMillis - skewMillis + floorOffsetMillis(toleranceMillis);
    }

    /**
     * Returns how far beyond the store's time the floor lies: a step plus the tolerance. A store that reads its own
     * clock in the write that takes an identity adds it there ({@link NodeLeaseStore.Claimed#floorOffsetMillis}).
     *
     * @param toleranceMillis the store's skew tolerance; {@link Long#MAX_VALUE} when it does not compare clocks
     * @return the offset in milliseconds
     */
    static long floorOffsetMillis(long toleranceMillis) {
        long allowance = toleranceMillis == Long.MAX_VALUE ? UNMEASURED_SKEW_ALLOWANCE_MILLIS : toleranceMillis;
        return LeaseFence.STEP_MILLIS + allowance;
    }

    /** Says, once per claim, why the first ID waits. */
    static void log(System.Logger log, Object lease, long floorMillis, long wallMillis) {
        log.log(Level.INFO, () -> lease + " found no high-water mark in the store (the identity was never held, "
                + "or its record was deleted or lost): it starts from " + Instant.ofEpochMilli(floorMillis) + ", "
                + (floorMillis - wallMillis) + " ms from now, beyond any time a former holder whose record vanished "
                + "may still issue IDs for (docs/LEASES.md, \"A record that is lost\")");
    }
}
