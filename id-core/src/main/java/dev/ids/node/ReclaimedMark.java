package dev.ids.node;

import dev.ids.clock.IdClock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The high-water marks a {@link ReclaimingNodeLease} keeps across its re-claims: the latest mark this holder knows the
 * store to have (read at a claim or written by an advance), and, after a re-claim that found a higher one, the mark up
 * to which another holder may have issued IDs meanwhile. The lease is not held while the wall clock stands at or
 * before that mark, even after it passed it once (a clock stepped back). Thread-safe.
 */
final class ReclaimedMark {

    private final IdClock clock;
    private final AtomicLong known = new AtomicLong();
    /** The mark another holder left, found by a re-claim; 0 when none. */
    private final AtomicLong notHeldUntilMillis = new AtomicLong();

    ReclaimedMark(IdClock clock, long firstMark) {
        this.clock = clock;
        this.known.set(firstMark);
    }

    /** Records a mark this holder wrote. */
    void advanced(long epochMillis) {
        known.accumulateAndGet(epochMillis, Math::max);
    }

    /** The latest mark this holder knows of, the lost lease's last one included. */
    long knownWith(long lostLeaseMark) {
        return Math.max(known.get(), lostLeaseMark);
    }

    /**
     * Records the mark a re-claim found; one above what this holder knew is another holder's.
     *
     * @return whether it was above
     */
    boolean reclaimed(long knownBefore, long found) {
        if (found > knownBefore) {
            notHeldUntilMillis.accumulateAndGet(found, Math::max);
        }
        known.accumulateAndGet(found, Math::max);
        return found > knownBefore;
    }

    /**
     * Whether the clock has passed the mark another holder left, if any. Compared on every call, never cleared: a
     * clock stepped back below the mark after passing it would otherwise let the generator issue IDs the other holder
     * may have issued. Reads the wall clock only after a re-claim that found such a mark.
     */
    boolean passed() {
        return passed(notHeldUntilMillis.get());
    }

    private boolean passed(long until) {
        return until == 0 || clock.wallTimeMillis() > until;
    }

    /** Why the lease is not held for the other holder's mark, or {@code null} once the clock passed it. */
    @Nullable String waitReason() {
        long until = notHeldUntilMillis.get();
        return passed(until) ? null : "claimed again after its lease ended, so it waits until the clock passes the "
                + "high-water mark " + Instant.ofEpochMilli(until) + " up to which another holder may have issued IDs";
    }
}
