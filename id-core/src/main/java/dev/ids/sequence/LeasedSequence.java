package dev.ids.sequence;

import dev.ids.IdGenerationException;
import dev.ids.clock.ClockWatch;
import dev.ids.node.LeaseFence;
import dev.ids.node.NodeLease;
import java.time.Duration;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.jspecify.annotations.Nullable;

/**
 * A slot sequence fenced by a node lease: the one place where a time-ordered generator's slots pass the lease's
 * checks. Each slot is handed out as <em>take the slot &rarr; cover its time &rarr; check held</em>: the slot
 * leaves only once the lease's high-water mark covers the last millisecond of its time unit and the lease is held
 * after the slot's clock reading, so the call refuses while the lease is not held (see {@link LeaseFence}, and
 * {@code docs/LEASES.md} for the reasoning).
 *
 * <p>Without a lease it is the bare sequence, at the cost of one null check per slot. With one, the sequence
 * starts after the lease's high-water mark, so it hands out no slot of the mark's time unit or an earlier one.
 *
 * @param <S> the sequence fenced
 */
public final class LeasedSequence<S extends SlotSequence> {

    private final S sequence;
    /** The lease's fence, or {@code null} without a lease. */
    private final @Nullable LeaseFence fence;

    private LeasedSequence(S sequence, @Nullable LeaseFence fence) {
        this.sequence = sequence;
        this.fence = fence;
    }

    /**
     * Builds a {@link TimeSequence}, fenced by a lease when one is given.
     *
     * @param sequence the sequence's settings; with a lease, its start is moved after the lease's high-water mark
     * @param lease the generator's lease, or {@code null} for a generator with a fixed identity
     * @return the sequence
     * @throws IllegalArgumentException when the lease serves another generator already
     */
    public static LeasedSequence<TimeSequence> build(TimeSequence.Builder sequence, @Nullable NodeLease lease) {
        return build(lease, sequence.description(), sequence.watch(), fence -> {
            if (fence != null) {
                // No slot of the mark's unit or earlier: the previous holder may have used them all.
                sequence.notBeforeMillis(fence.startMarkMillis());
            }
            return sequence.build();
        });
    }

    /**
     * Builds a sequence of the caller's kind, fenced by a lease when one is given.
     *
     * @param lease the generator's lease, or {@code null} for a generator with a fixed identity
     * @param description the generator and its identity, for messages
     * @param watch the generator's clock watch
     * @param sequence builds the sequence, given the lease's fence (or {@code null} without a lease), from which it
     *     must take its start ({@link LeaseFence#startMarkMillis()})
     * @param <S> the kind of sequence
     * @return the fenced sequence
     * @throws IllegalArgumentException when the lease serves another generator already
     */
    public static <S extends SlotSequence> LeasedSequence<S> build(@Nullable NodeLease lease, String description,
            ClockWatch watch, Function<@Nullable LeaseFence, S> sequence) {
        LeaseFence fence = lease == null ? null : new LeaseFence(lease, description, watch);
        return new LeasedSequence<>(sequence.apply(fence), fence);
    }

    /**
     * Returns the sequence fenced, to read its slots.
     *
     * @return the sequence
     */
    public S sequence() {
        return sequence;
    }

    /**
     * Refuses unless the lease is held now: for IDs issued without a new slot (from a slot taken before, such as a
     * TraceId chunk or a muid transaction), whose time the mark already covers.
     *
     * @throws IdGenerationException when the lease is not held
     */
    public void checkHeld() {
        if (fence != null) {
            fence.checkHeld();
        }
    }

    /**
     * The {@link #checkHeld()} of an ID drawn from a slot handed out before while the clock still stands within the
     * slot's time (a TraceId chunk): refuses once the lease is known not to be held, without reading a clock
     * ({@link LeaseFence#checkHeldWithinSlot()}).
     *
     * @throws IdGenerationException when the lease is known not to be held
     */
    public void checkHeldWithinSlot() {
        if (fence != null) {
            fence.checkHeldWithinSlot();
        }
    }

    /**
     * Hands out one slot of the sequence ({@link SlotSequence#next()}), fenced.
     *
     * @return the slot
     * @throws IdGenerationException as the sequence's {@code next()}, or when the lease is not held or its mark
     *     cannot be advanced to cover the slot
     */
    public long next() {
        long callDeadline = beforeSlot(); // before the slot: the sequence must not wait for the mark itself
        return covered(sequence.next(), callDeadline);
    }

    /**
     * The non-waiting {@link #next()}: hands out one slot of the sequence ({@link SlotSequence#tryNext()}), fenced,
     * or returns {@link SlotSequence#WOULD_WAIT} where {@link #next()} would wait: for the sequence, for the clock
     * to pass the lease's start mark, or for a write of the lease's mark (the attempt is refused already when the
     * clock comes within {@link LeaseFence#MARGIN_MILLIS} of the written mark, so that a blocking caller writes
     * ahead). A slot taken but not covered by the written mark (rare: a clock far behind the latest slot) is
     * dropped, never issued.
     *
     * @return the slot, or {@link SlotSequence#WOULD_WAIT}
     * @throws IdGenerationException where {@link #next()} fails without waiting: the lease is not held, or the
     *     clock lies outside the sequence's range
     */
    public long tryNext() {
        if (fence == null) {
            return sequence.tryNext();
        }
        if (!fence.readyForAttempt()) {
            return SlotSequence.WOULD_WAIT;
        }
        long slot = sequence.tryNext();
        return slot == SlotSequence.WOULD_WAIT || fence.tryCover(sequence.lastMillisOfSlot(slot)) ? slot
                : SlotSequence.WOULD_WAIT;
    }

    /**
     * The non-waiting {@link #checkHeld()}, for IDs issued from a slot taken before.
     *
     * @return {@code false} where {@link #checkHeld()} would wait (for the clock to pass the lease's start mark)
     * @throws IdGenerationException when the lease is not held
     */
    public boolean tryCheckHeld() {
        return fence == null || fence.tryCheckHeld();
    }

    /**
     * Hands out a slot taken some other way (a deadline of the caller's, several slots at once), fenced: checks
     * the lease, lets {@code take} take the slot, then covers it.
     *
     * @param take takes the slot from the sequence, for example {@code s -> s.reserve(10)}
     * @return the slot
     * @throws IdGenerationException as {@link #next()}
     */
    public long take(ToLongFunction<S> take) {
        return take(take, Long.MAX_VALUE);
    }

    /**
     * As {@link #take(ToLongFunction)}, for a call with a deadline of its own: a wait for the lease's mark ends by it
     * too ({@link LeaseFence#cover(long, long)}).
     *
     * @param take takes the slot from the sequence, for example {@code s -> s.nextBefore(deadline)}
     * @param callDeadline when the call's maximum wait ends, on {@link System#nanoTime()}
     * @return the slot
     * @throws IdGenerationException as {@link #next()}
     */
    public long take(ToLongFunction<S> take, long callDeadline) {
        long waited = beforeSlot();
        return covered(take.applyAsLong(sequence), Math.min(callDeadline, waited));
    }

    /**
     * Tells why the lease's store keeps a write of the mark from landing ({@link LeaseFence#storeTrouble()}).
     *
     * @return the reason, or {@code null} without a lease or while the store answers
     */
    public @Nullable String storeTrouble() {
        return fence == null ? null : fence.storeTrouble();
    }

    /**
     * Waits for the lease's start mark; returns the call's deadline for the store when it waited (one maximum wait
     * for the whole call), else {@code Long.MAX_VALUE}. The lease is checked once per slot, by
     * {@link LeaseFence#cover(long)} after the slot's clock reading.
     */
    private long beforeSlot() {
        return fence == null ? Long.MAX_VALUE : fence.beforeSlot();
    }

    private long covered(long slot, long callDeadline) {
        if (fence != null) {
            // Per slot (one volatile read), since another thread may have opened this unit and still be writing
            // the mark that covers it; only the thread crossing the margin writes.
            fence.cover(sequence.lastMillisOfSlot(slot), callDeadline);
        }
        return slot;
    }

    /**
     * Returns how far the clock stands behind the latest time the sequence used.
     *
     * @return the lead, never negative
     */
    public Duration lead() {
        return sequence.lead();
    }
}
