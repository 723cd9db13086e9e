package dev.ids.node;

import dev.ids.internal.ExceptionMessages;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The failed attempts of a {@link ReclaimingNodeLease} to claim its identity again: counted for metrics and health,
 * and warned about once an outage, and again when the reason changes (a store that answers again to say that another
 * process holds the identity now, as it took the identity over meanwhile, is news). Failures are recorded on the
 * checker thread; the count is read on any.
 */
final class ReclaimFailures {

    private final NodeClaim sameIdentity;
    private final AtomicLong count = new AtomicLong();
    /** Re-claims failed since the last that succeeded (the count above is a meter's, never reset). */
    private final OutageLog outage;
    /** The kind of the last failure, to warn again when the reason changes; confined to the checker thread. */
    private @Nullable Class<?> lastFailure;

    ReclaimFailures(NodeClaim sameIdentity, System.Logger log) {
        this.sameIdentity = sameIdentity;
        this.outage = new OutageLog(log);
    }

    /** Counts a failed re-claim, and warns about it when it is news. */
    void failed(RuntimeException e) {
        count.incrementAndGet();
        Class<?> reason = e.getClass();
        boolean news = reason != lastFailure;
        lastFailure = reason;
        outage.failed(news, attempt -> "The lease on node identity " + sameIdentity.min() + " in namespace '"
                + sameIdentity.namespace() + "' ended and cannot be claimed again yet (attempt " + attempt
                + "; generators on it refuse IDs until it is): " + ExceptionMessages.of(e));
    }

    /** Ends the outage: the next is warned about again. */
    void reclaimed() {
        outage.ended();
        lastFailure = null;
    }

    /** The failed re-claims so far, never reset. */
    long count() {
        return count.get();
    }
}
