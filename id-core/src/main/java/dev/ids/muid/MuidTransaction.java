package dev.ids.muid;

import dev.ids.IdGenerationException;
import dev.ids.sequence.LeasedSequence;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;

/**
 * One Gink transaction of a {@link MuidGenerator}: a fresh timestamp and the generator's medallion, shared by the
 * transaction itself ({@link #id()}, offset 0) and by its changes ({@link #next()}, offsets 1, 2, 3...).
 *
 * <p>The generator never hands out that timestamp again, so the muids of one transaction are unique among all the
 * muids of the generator, and sort after those of its earlier transactions and before those of its later ones.
 * {@link #next()} is thread-safe and lock-free; it fails once offset 2^31 - 1 has been handed out.
 */
public final class MuidTransaction {

    private final Muid id;
    private final AtomicInteger lastOffset;

    private final LongAdder generated;
    /** The generator's sequence, which fences by its lease; {@code null} in tests. */
    private final @Nullable LeasedSequence<?> sequence;

    /**
     * A transaction whose changes' muids count towards {@code generated}, the generator's count, and which refuses
     * them while the generator's lease (if any) is not held.
     */
    MuidTransaction(Muid id, LongAdder generated, LeasedSequence<?> sequence) {
        this(id, 0, generated, sequence);
    }

    /** For tests: a transaction whose offsets up to {@code lastOffset} are already used. */
    MuidTransaction(Muid id, int lastOffset) {
        this(id, lastOffset, new LongAdder(), null);
    }

    private MuidTransaction(Muid id, int lastOffset, LongAdder generated, @Nullable LeasedSequence<?> sequence) {
        this.id = id;
        this.lastOffset = new AtomicInteger(lastOffset);
        this.generated = generated;
        this.sequence = sequence;
    }

    /**
     * Returns the muid of the transaction itself: its timestamp, the medallion, offset 0.
     *
     * @return the transaction's muid
     */
    public Muid id() {
        return id;
    }

    /**
     * Returns the muid of the next change within this transaction: the transaction's timestamp and medallion and
     * the next offset, starting at 1.
     *
     * @return a muid no other call returns
     * @throws IdGenerationException when offsets 1 to 2^31 - 1 have all been handed out, or the generator's node
     *     identity lease is not held
     */
    public Muid next() {
        if (sequence != null) {
            sequence.checkHeld(); // the transaction's time is covered by the mark already: only fencing is left
        }
        while (true) {
            int last = lastOffset.get();
            if (last == Integer.MAX_VALUE) {
                throw new IdGenerationException("muid transaction " + id + ": all offsets from 1 to "
                        + Integer.MAX_VALUE + " are used; begin a new transaction");
            }
            if (lastOffset.compareAndSet(last, last + 1)) {
                generated.increment();
                return id.withOffset(last + 1);
            }
        }
    }

    /**
     * Returns how many offsets {@link #next()} has handed out, which is also the last offset used (0 for none).
     *
     * @return the number of changes issued so far
     */
    public int issued() {
        return lastOffset.get();
    }

    /**
     * Describes the transaction: its muid and the number of offsets issued.
     *
     * @return a short description
     */
    @Override
    public String toString() {
        return "MuidTransaction[" + id + ", issued=" + lastOffset.get() + "]";
    }
}
