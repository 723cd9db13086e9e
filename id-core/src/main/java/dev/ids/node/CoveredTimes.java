package dev.ids.node;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The latest time a {@link LeaseFence} covered, so an ID for it may have left: raised lock-free by every cover, and
 * read by the lease's close, which lowers the mark to it. A time the lease's deadline was already checked through
 * ({@link HeldCheck}) was recorded then and is not raised again, which keeps the fast path free of writes.
 */
final class CoveredTimes {

    private final HeldCheck held;
    /** The latest time covered, 0 before any; raised before the fence reads its mark. */
    private final AtomicLong latest = new AtomicLong();

    CoveredTimes(HeldCheck held) {
        this.held = held;
    }

    /**
     * Raises the latest time covered to the time, unless the lease was checked through it (recorded).
     *
     * @return the time the lease was checked through, for {@link HeldCheck#requireHeldFor}
     */
    long record(long epochMillis) {
        long checked = held.checkedThrough();
        if (epochMillis <= checked) {
            return checked;
        }
        long current = latest.get();
        while (epochMillis > current && !latest.compareAndSet(current, epochMillis)) {
            current = latest.get();
        }
        return checked;
    }

    /** The latest time covered, 0 before any. */
    long latest() {
        return latest.get();
    }
}
