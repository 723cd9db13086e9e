package dev.ids.node;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Checks a generator's lease at the cost its fast path can bear. The lease's state is read for every ID (a volatile
 * read: a lease found lost, ended, suspended or fenced refuses at once); its deadline, which needs a reading of the
 * monotonic clock, is checked once per time unit of the IDs: by the first call that covers a time later
 * than every time checked before, after the clock reading that gave that time.
 *
 * <p>Why a call that skips the deadline issues no ID stamped after it: its slot lies in a time unit at or before
 * that of a call which read the clock within its unit and then found the lease held, so the deadline came after the
 * wall clock showed a time of that unit, at or after the start every such ID is stamped with; and the high-water
 * mark, above which any successor starts, covers it. The argument, step by step for a paused thread, a stepped wall
 * clock and a renewal that never comes back, is in docs/LEASES.md ("The fast path").
 */
final class HeldCheck {

    private final NodeLease lease;
    private final FenceRefusals refusals;
    /**
     * The latest ID time, in milliseconds since the Unix epoch, for which the lease was found held after the clock
     * reading that gave it; raised lock-free, never lowered.
     */
    private final AtomicLong checkedThrough = new AtomicLong(Long.MIN_VALUE);

    HeldCheck(NodeLease lease, FenceRefusals refusals) {
        this.lease = lease;
        this.refusals = refusals;
    }

    /**
     * Returns the latest ID time the lease was checked held for; {@code Long.MIN_VALUE} before the first check.
     *
     * @return the time, in milliseconds since the Unix epoch
     */
    long checkedThrough() {
        return checkedThrough.get();
    }

    /**
     * Refuses unless the lease may issue an ID for the time: its state for every call, its deadline once the time
     * lies beyond every time checked so far.
     *
     * @param epochMillis the latest time the ID about to leave holds, read from the clock before this call
     * @param checked {@link #checkedThrough()}, read after that clock reading (a stale one costs a needless check)
     * @throws dev.ids.IdGenerationException when the lease is not held
     */
    void requireHeldFor(long epochMillis, long checked) {
        if (epochMillis <= checked && !lease.isFoundNotHeld()) {
            return;
        }
        refusals.requireHeld();
        long latest = checkedThrough.get();
        while (epochMillis > latest && !checkedThrough.compareAndSet(latest, epochMillis)) {
            latest = checkedThrough.get();
        }
    }

    /**
     * Refuses once the lease is known not to be held, without reading a clock: for IDs drawn from a slot whose time
     * {@link #requireHeldFor(long)} passed, while the clock still stands within that slot's time.
     *
     * @throws dev.ids.IdGenerationException when the lease is known not to be held
     */
    void requireNotFoundNotHeld() {
        if (lease.isFoundNotHeld()) {
            refusals.requireHeld();
        }
    }

    /**
     * Refuses unless the lease is held now, reading the clock: for calls whose ID's time was not checked.
     *
     * @throws dev.ids.IdGenerationException when the lease is not held
     */
    void requireHeld() {
        refusals.requireHeld();
    }
}
