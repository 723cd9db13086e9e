package dev.ids.generator;

import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.sequence.LeasedSequence;
import dev.ids.sequence.SlotSequence;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;

/**
 * What the generators that issue one ID per slot of a {@link LeasedSequence} share (Lable, muid and sno): taking
 * the slot, by a wait or only where none is needed, counting the IDs issued, and the lead of the sequence. A scheme
 * plugs in the ID a slot stands for ({@link #idAt(long)}); its class description says when {@link #next()} waits
 * and when it fails.
 *
 * @param <T> the ID value type
 * @param <S> the slot sequence the lease fences
 */
public abstract class LeasedSlotGenerator<T, S extends SlotSequence> implements MonitoredIdGenerator<T> {

    private final IdScheme scheme;
    private final LeasedSequence<S> sequence;
    private final LongAdder generated = new LongAdder();

    /**
     * Issues IDs of a scheme from a sequence.
     *
     * @param scheme the scheme of the IDs
     * @param sequence the sequence, fenced by the generator's lease when it has one
     */
    protected LeasedSlotGenerator(IdScheme scheme, LeasedSequence<S> sequence) {
        this.scheme = scheme;
        this.sequence = sequence;
    }

    @Override
    public final IdScheme scheme() {
        return scheme;
    }

    /**
     * Returns a new ID, of the next free slot: waits for the clock to reach it, in the order calls arrived and
     * never longer than the maximum wait.
     *
     * @return an ID this generator has never returned before
     * @throws dev.ids.IdGenerationException when the clock stands further behind than the maximum wait, the next
     *     free slot lies further ahead, or the clock lies outside the range the scheme's time can hold; with a
     *     lease, also when the lease is not held or its high-water mark cannot be advanced
     */
    @Override
    public final T next() {
        return issue(sequence.next());
    }

    /**
     * Returns a new ID as {@link #next()} does if that needs no wait, or {@code null} where it would wait: the
     * clock's current unit is used up, calls already wait for later units, or the clock stands behind the latest
     * unit used; with a lease, also where the lease's mark needs a write (see {@link dev.ids.IdGenerator#tryNext()}).
     *
     * @return an ID this generator has never returned before, or {@code null}
     * @throws dev.ids.IdGenerationException where {@link #next()} fails without waiting: the clock lies outside the
     *     scheme's range, or the lease is not held
     */
    @Override
    public final @Nullable T tryNext() {
        long slot = sequence.tryNext();
        return slot == SlotSequence.WOULD_WAIT ? null : issue(slot);
    }

    @Override
    public final long generatedCount() {
        return generated.sum();
    }

    /**
     * Returns how far the wall clock now stands behind the latest time this generator read from it (or went on
     * from): slots reserved ahead of the clock for waiting calls do not count, since none is returned before the
     * clock reaches its unit.
     *
     * @return the lead, never negative
     */
    @Override
    public final Duration lead() {
        return sequence.lead();
    }

    /**
     * Returns the ID a slot stands for, which {@link #next()} and {@link #tryNext()} return.
     *
     * @param slot a slot the sequence handed out
     * @return the ID
     */
    protected abstract T idAt(long slot);

    /**
     * Returns the sequence, for IDs a scheme issues in other ways (a batch, another variant of {@code next}).
     *
     * @return the sequence
     */
    protected final LeasedSequence<S> sequence() {
        return sequence;
    }

    /**
     * Returns the count of IDs issued, which IDs issued in other ways than {@link #next()} and {@link #tryNext()}
     * add to.
     *
     * @return the count
     */
    protected final LongAdder generated() {
        return generated;
    }

    private T issue(long slot) {
        T id = idAt(slot);
        generated.increment();
        return id;
    }
}
