package dev.ids.node.jdbc;

import dev.ids.node.NodeClaim;
import java.util.Arrays;
import java.util.function.LongPredicate;

/**
 * The order in which one claim tries the identities of its range, from one read of the range's rows. First comes
 * the lowest free identity, so that a lone process gets the low end of the range. A claimant that loses that one
 * meets others claiming at the same moment; if they all moved on to the next-lowest identity, one of them would
 * win each round and n of them would make about n²/2 attempts. So the rest of the order starts at a point of the
 * range picked by a hash of the claimant's holder value and walks up from there, wrapping round at the end of the
 * range: concurrent claimants spread over the range and nearly all of them win their first identity there, about
 * 2n attempts for n claimants (while the range is far from full).
 *
 * <p>An identity is free when it has no row or when its row is claimable (its lease lapsed more than the grace
 * ago). The read only suggests candidates; the caller's conditional write decides. Not thread-safe: one per claim.
 */
final class ClaimCandidates {

    /** No further candidate. Identities are never negative ({@link NodeClaim}). */
    static final long NONE = -1;

    private final long min;
    private final long max;
    /** The identities that have a row, ascending. */
    private final long[] rows;
    /** Whether the row of the same index may be taken over. */
    private final boolean[] claimable;
    private final long spreadStart;
    private long lowest = NONE;
    /** The next identity the spread walk looks at; {@link #NONE} before the walk starts. */
    private long cursor = NONE;
    private boolean started;
    private boolean walked;

    /**
     * @param claim the range
     * @param rowIdentities the identities of the range that have a row, ascending
     * @param rowExpiries the rows' expiries, index for index
     * @param claimableExpiry whether a row with that expiry may be taken over
     * @param holder the claimant's holder value, which picks where the spread walk starts
     */
    ClaimCandidates(NodeClaim claim, long[] rowIdentities, long[] rowExpiries, LongPredicate claimableExpiry,
            String holder) {
        this.min = claim.min();
        this.max = claim.max();
        this.rows = rowIdentities;
        this.claimable = new boolean[rowIdentities.length];
        for (int i = 0; i < rowIdentities.length; i++) {
            claimable[i] = claimableExpiry.test(rowExpiries[i]);
        }
        // max - min + 1 overflows to 2^63 only for the full range, which the unsigned remainder still handles.
        this.spreadStart = min + Long.remainderUnsigned(mix(holder.hashCode()), max - min + 1);
    }

    /**
     * Returns the next identity to try: the lowest free one first, then the others from the spread point on.
     *
     * @return the identity, or {@link #NONE} when every free identity of the read was offered
     */
    long next() {
        if (!started) {
            started = true;
            lowest = lowestFree();
            if (lowest != NONE) {
                return lowest;
            }
        }
        while (!walked) {
            long candidate = cursor == NONE ? spreadStart : cursor;
            cursor = candidate == max ? min : candidate + 1;
            walked = cursor == spreadStart;
            if (candidate != lowest && isFree(candidate)) {
                return candidate;
            }
        }
        return NONE;
    }

    /**
     * Tells whether an identity has a row, which a claim takes over by an update, or none, which it inserts.
     *
     * @param identity an identity of the range
     * @return whether the read found a row for it
     */
    boolean hasRow(long identity) {
        return Arrays.binarySearch(rows, identity) >= 0;
    }

    private long lowestFree() {
        long candidate = min;
        for (int i = 0; i < rows.length && rows[i] == candidate && !claimable[i]; i++) {
            if (candidate == max) {
                return NONE;
            }
            candidate++;
        }
        return candidate;
    }

    private boolean isFree(long identity) {
        int index = Arrays.binarySearch(rows, identity);
        return index < 0 || claimable[index];
    }

    /** SplitMix64's finaliser: holder values that differ in one character land far apart. */
    private static long mix(long value) {
        long z = (value ^ (value >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
