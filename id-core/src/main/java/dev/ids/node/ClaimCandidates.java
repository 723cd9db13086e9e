package dev.ids.node;

import java.util.Arrays;
import java.util.Objects;

/**
 * The order in which one claim tries the identities of its range, for a {@link NodeLeaseProvider} that reads which
 * identities are taken and then tries to take a free one by a conditional write (an insert, a compare-and-set, an
 * exclusive create), which may lose a race with another claimant.
 *
 * <p>First comes the lowest free identity, so that a lone process gets the low end of the range. A claimant that
 * loses that one meets others claiming at the same moment, as in a fleet's roll-out; if they all moved on to the
 * next-lowest identity, one of them would win each round and n of them would make about n²/2 attempts. So the rest
 * of the order starts at a point of the range picked by a hash of the claimant's text and walks up from there,
 * wrapping round at the end of the range: concurrent claimants spread over the range and nearly all of them win
 * their first identity there, about 2n attempts for n claimants while the range is far from full.
 *
 * <p>The read only suggests candidates; the provider's write decides. Use one instance per claim:
 * <pre>{@code
 * ClaimCandidates candidates = new ClaimCandidates(claim, taken, holder);
 * for (long identity = candidates.next(); identity != ClaimCandidates.NONE; identity = candidates.next()) {
 *     if (tryTake(identity)) {
 *         return identity;
 *     }
 * }
 * throw new NoFreeNodeIdentityException(claim, ...);
 * }</pre>
 * Not thread-safe.
 */
public final class ClaimCandidates {

    /** What {@link #next()} returns when every free identity was offered. Identities are never negative. */
    public static final long NONE = -1;

    private final long min;
    private final long max;
    /** The taken identities of the range, ascending, without duplicates. */
    private final long[] taken;
    private final long spreadStart;
    private long lowest = NONE;
    /** The next identity the spread walk looks at; {@link #NONE} before the walk starts. */
    private long cursor = NONE;
    private boolean started;
    private boolean walked;

    /**
     * Runs one claim of a store: tries the free identities in this order until a conditional write takes one.
     *
     * @param claiming the claim the store started
     * @param claim the namespace and range
     * @param holder the holder value of the new lease, which also spreads the order
     * @param <P> the store's proof of ownership
     * @return the identity taken
     * @throws NoFreeNodeIdentityException when every identity of the range is taken
     * @throws Exception whatever the store throws when it cannot be written
     */
    static <P> NodeLeaseStore.Claimed<P> firstTaken(NodeLeaseStore.Claiming<P> claiming, NodeClaim claim,
            String holder) throws Exception {
        ClaimCandidates candidates = new ClaimCandidates(claim, claiming.taken(), holder);
        for (long candidate = candidates.next(); candidate != NONE; candidate = candidates.next()) {
            NodeLeaseStore.Claimed<P> claimed = claiming.tryTake(candidate);
            if (claimed != null) {
                return claimed;
            }
        }
        throw new NoFreeNodeIdentityException(claim, claiming.describeTaken());
    }

    /**
     * Prepares the order of one claim.
     *
     * @param claim the range to claim from
     * @param taken the identities the claimant's read found held by others, in any order; duplicates and identities
     *        outside the range are ignored, and the array is copied
     * @param claimant a text that tells this claim apart from other claimants', such as its holder value; a hash
     *        of it picks where the walk after the lowest free identity starts
     */
    public ClaimCandidates(NodeClaim claim, long[] taken, String claimant) {
        Objects.requireNonNull(claim, "claim");
        Objects.requireNonNull(taken, "taken");
        Objects.requireNonNull(claimant, "claimant");
        this.min = claim.min();
        this.max = claim.max();
        this.taken = inRangeSortedDistinct(taken, min, max);
        // max - min + 1 overflows to 2^63 only for the full range, which the unsigned remainder still handles.
        this.spreadStart = min + Long.remainderUnsigned(mix(claimant.hashCode()), max - min + 1);
    }

    /**
     * Returns the next identity to try: the lowest free one first, then the other free ones from the claimant's
     * spread point on, each once.
     *
     * @return the identity, or {@link #NONE} when every free identity was offered
     */
    public long next() {
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
            if (candidate != lowest && Arrays.binarySearch(taken, candidate) < 0) {
                return candidate;
            }
        }
        return NONE;
    }

    /**
     * The identities of the range, ascending, once each. A loop rather than a stream: a fleet's claimants run this
     * once each, in JVMs that have not compiled streams yet, and a cold stream pipeline costs far more than the sort.
     */
    private static long[] inRangeSortedDistinct(long[] identities, long min, long max) {
        long[] inRange = new long[identities.length];
        int count = 0;
        for (long identity : identities) {
            if (identity >= min && identity <= max) {
                inRange[count++] = identity;
            }
        }
        Arrays.sort(inRange, 0, count);
        int distinct = 0;
        for (int i = 0; i < count; i++) {
            if (distinct == 0 || inRange[i] != inRange[distinct - 1]) {
                inRange[distinct++] = inRange[i];
            }
        }
        return Arrays.copyOf(inRange, distinct);
    }

    private long lowestFree() {
        long candidate = min;
        for (int i = 0; i < taken.length && taken[i] == candidate; i++) {
            if (candidate == max) {
                return NONE;
            }
            candidate++;
        }
        return candidate;
    }

    /** SplitMix64's finaliser: claimant texts that differ in one character land far apart. */
    private static long mix(long value) {
        long z = (value ^ (value >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
