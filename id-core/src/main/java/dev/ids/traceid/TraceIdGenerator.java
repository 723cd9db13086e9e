package dev.ids.traceid;

import dev.ids.IdGenerationException;
import dev.ids.IdGenerator;
import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.clock.IdClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.generator.WaitingGeneratorBuilder;
import dev.ids.internal.Checks;
import dev.ids.internal.OrderedMap;
import dev.ids.sequence.LeasedSequence;
import dev.ids.sequence.TimeSequence;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Generates {@link TraceId}s for one node, as elfo does but without its repeats.
 *
 * <h2>One shared chunk</h2>
 * An ID is a <em>chunk</em>, one (second, chunk number) pair, and a counter 1 to 1023 within it. Chunks come from
 * one {@link TimeSequence} per generator, which hands out chunk numbers 0 to 4095 afresh in every second, never
 * the same pair twice, and always a later pair than the one before. All threads draw from one current chunk: a
 * call reads it, checks that the wall clock has not passed the chunk's second, and takes the next counter with one
 * atomic increment. A call that finds the chunk used up, or its second over, takes the refill lock; unless another
 * thread has replaced the chunk meanwhile, it leases the next chunk, closes the old one, keeps counter 1 for itself
 * and installs the new chunk for everyone. A chunk is thus replaced only once all its counters are taken or its
 * second is over: a second consumes as many chunks as its IDs fill, 1023 to a chunk, however many threads draw
 * them and however short-lived they are (a thread per task costs nothing extra), and a saturated generator issues
 * all 4096 &times; 1023 = 4,190,208 IDs of a second before it waits for the next one.
 *
 * <p>No thread keeps a chunk of its own. The node's capacity, about one ID per 240 ns for all threads together, is
 * several times below what one contended atomic increment serves, so striped or per-thread chunks would buy no
 * throughput; they would cost chunks (a thread that stops drawing strands the rest of its chunk) and the order
 * below, and per-thread state costs memory and a lookup on every fresh thread.
 *
 * <h2>Why no ID repeats</h2>
 * Chunks are leased from the sequence only, which never hands out a (second, chunk number) pair twice, even when
 * the clock steps back; each leased chunk is installed at most once. Within a chunk, every counter comes from one
 * atomic increment of the chunk's next counter, which returns each value to exactly one caller; values above 1023
 * are never issued, and closing a chunk pushes its next counter far above 1023. All IDs carry the same node number.
 * An ID therefore repeats only when its 25-bit timestamp wraps, after 2<sup>25</sup> seconds.
 *
 * <h2>Order</h2>
 * Only the lock holder leases chunks, and it installs each one as it leases it, so the current chunk only ever
 * moves to later pairs. Hence: when one call returns before another starts (on the same thread, or on threads that
 * synchronize between the two calls), the later call's ID is greater, as long as the timestamp does not wrap. The
 * later call finds either the same chunk, whose counter it increments after the earlier call did, or a later chunk.
 * In particular the IDs one thread draws from one generator strictly increase. IDs of concurrent calls follow no
 * particular order.
 *
 * <h2>Clock and capacity</h2>
 * <ul>
 *   <li>While the wall clock stands at or behind the current chunk's second, calls keep drawing from it (never
 *       going back to an earlier second).</li>
 *   <li>When the 4096 chunks of a second are all leased, the lock holder waits for the next second, and the
 *       listener hears of a capacity wait; calls that need a chunk meanwhile wait for the lock, in the order
 *       they came, and then draw from the new chunk. elfo masks a process-wide counter instead and repeats
 *       IDs.</li>
 *   <li>When the wall clock steps back, the sequence goes on from the chunks left in the latest second it used,
 *       then waits for the clock to pass that second, and the listener hears of the regression (when the next
 *       chunk is leased). A wait longer than the maximum wait fails at once with {@link IdGenerationException};
 *       no ID is ever issued twice. elfo would stamp the earlier second and could repeat IDs.</li>
 * </ul>
 *
 * <p>The fast path reads the current chunk and the clock, takes one atomic increment and returns: lock-free, with
 * no allocation but the returned ID, and no per-thread state.
 *
 * <p>Uniqueness holds within the generator (and across generators of distinct node numbers) for one
 * 2<sup>25</sup>-second period of the timestamp: the scheme's IDs repeat after about 388 days by design.
 */
public final class TraceIdGenerator implements MonitoredIdGenerator<TraceId> {

    private static final long MILLIS_PER_SECOND = 1000;
    /** Added to a chunk's next counter as it is replaced: no call takes a counter from it after that. */
    private static final long CLOSED = 1L << 32;
    private static final VarHandle NEXT_COUNTER;

    static {
        try {
            NEXT_COUNTER = MethodHandles.lookup().findVarHandle(Chunk.class, "nextCounter", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int nodeNo;
    private final long nodeBits;
    private final IdClock clock;
    /** Hands out the (second, chunk number) pairs, fenced by the lease when there is one. */
    private final LeasedSequence<TimeSequence> chunks;
    /** Held to lease and install a chunk; fair, so calls waiting for a chunk are served in the order they came. */
    private final ReentrantLock refill = new ReentrantLock(true);
    private final long maxWaitNanos;
    private final String description;
    private final IdGeneratorListener listener;
    /**
     * The chunk all threads draw from; replaced only under {@link #refill}, and only by a later chunk. Until the
     * first lease, a placeholder that serves no clock reading and has issued nothing.
     */
    private volatile Chunk current = new Chunk(0, Long.MIN_VALUE, 1);
    /** How many IDs the chunks replaced so far issued; written under {@link #refill} only. */
    private volatile long issuedByReplaced;

    /** A leased (second, chunk number) pair: the ID bits above the counter, and the next counter to take. */
    private static final class Chunk {
        final long bits;
        /** The first millisecond after the chunk's second: the chunk serves readings below it. */
        final long endMillis;
        /**
         * The next counter to issue, advanced by {@link #NEXT_COUNTER} only. Runs past 1023 by one per call that
         * finds the chunk used up, and by {@link #CLOSED} when the chunk is replaced.
         */
        volatile long nextCounter;

        Chunk(long bits, long endMillis, long nextCounter) {
            this.bits = bits;
            this.endMillis = endMillis;
            this.nextCounter = nextCounter;
        }

        /** How many counters a chunk has issued, given a reading of its next counter taken while it was open. */
        static long issued(long nextCounter) {
            return Math.min(nextCounter - 1, TraceId.MAX_COUNTER);
        }
    }

    private TraceIdGenerator(Builder builder, int nodeNo) {
        this.nodeNo = nodeNo;
        this.nodeBits = (long) nodeNo << TraceId.NODE_NO_SHIFT;
        this.clock = builder.clock();
        this.description = "trace-id generator (node " + nodeNo + ")";
        this.maxWaitNanos = builder.maxWait().toNanos();
        this.listener = builder.listener();
        this.chunks = LeasedSequence.build(TimeSequence.builder(description)
                .clock(builder.clock())
                .listener(builder.listener())
                .timeBase(TimeSequence.Resolution.MILLIS, 0, MILLIS_PER_SECOND)
                .sequence(0, TraceId.MAX_CHUNK_NO)
                .maxWait(builder.maxWait()), builder.lease());
    }

    /**
     * Starts a builder; {@link Builder#nodeNo(int)} must be called before {@link Builder#build()}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the node number every ID of this generator carries.
     *
     * @return 0 to 65535
     */
    public int nodeNo() {
        return nodeNo;
    }

    /**
     * Returns a new TraceId.
     *
     * @return an ID this generator has never returned before
     * @throws IdGenerationException when a new chunk would need a longer wait for the clock than the maximum wait,
     *     or the wall clock lies before 1970; with a lease, also when the lease is not held or its high-water mark
     *     cannot be advanced
     */
    @Override
    public TraceId next() {
        chunks.checkHeld(); // per ID, not per chunk: a fenced node must stop at once
        Chunk chunk = current;
        TraceId id = draw(chunk);
        return id != null ? id : drawLocked(chunk);
    }

    /**
     * Takes the chunk's next counter, or returns {@code null} when the chunk is used up or closed, or its second is
     * over.
     */
    private TraceId draw(Chunk chunk) {
        if (clock.wallTimeMillis() < chunk.endMillis) {
            long counter = (long) NEXT_COUNTER.getAndAdd(chunk, 1L);
            if (counter <= TraceId.MAX_COUNTER) {
                return TraceId.ofValidRaw(chunk.bits | counter);
            }
        }
        return null;
    }

    /**
     * Under the refill lock: draws from the current chunk when another thread has replaced the finished one seen
     * before, else leases the next chunk and installs it.
     */
    private TraceId drawLocked(Chunk finished) {
        // One maximum wait for the whole call: the turn at the lock, then the wait for a free chunk.
        long deadline = clock.monotonicNanos() + maxWaitNanos;
        awaitRefillLock(deadline);
        try {
            chunks.checkHeld(); // again: the lease may have lapsed while this call waited for the lock
            Chunk chunk = current;
            if (chunk != finished) {
                TraceId id = draw(chunk);
                if (id != null) {
                    return id;
                }
            }
            return lease(deadline);
        } finally {
            refill.unlock();
        }
    }

    /**
     * Takes the refill lock in arrival order, within what is left of the call's maximum wait. An interrupt does not
     * cut the wait short (it is bounded anyway); the thread's interrupt status is kept for its caller.
     */
    private void awaitRefillLock(long deadline) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    if (refill.tryLock(Math.max(deadline - clock.monotonicNanos(), 0), TimeUnit.NANOSECONDS)) {
                        return;
                    }
                    IdGenerationException failure = new IdGenerationException(description + ": over capacity; "
                            + "the calls ahead of this one, waiting their turn for the next chunk, held it for the "
                            + "whole maximum wait of " + Duration.ofNanos(maxWaitNanos)
                            + "; refusing to wait longer");
                    listener.onRefused(failure);
                    throw failure;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Under the refill lock: leases the next free (second, chunk number) pair, closes the current chunk, installs
     * the new one and issues its counter 1.
     */
    private TraceId lease(long deadline) {
        // Covered by the lease's mark before the chunk is installed, so a failed advance leaves it unused and the
        // current chunk as it was.
        long slot = chunks.take(sequence -> sequence.nextBefore(deadline));
        long second = chunks.sequence().unitOf(slot);
        Chunk chunk = new Chunk(TraceId.wrap(second) << TraceId.TIMESTAMP_SHIFT | nodeBits
                | (long) chunks.sequence().sequenceOf(slot) << TraceId.CHUNK_NO_SHIFT, (second + 1) * MILLIS_PER_SECOND, 2);
        // Closed before it is counted, so the count is final: a call still holding it takes no counter from now on.
        long closedAt = (long) NEXT_COUNTER.getAndAdd(current, CLOSED);
        issuedByReplaced += Chunk.issued(closedAt);
        current = chunk;
        return TraceId.ofValidRaw(chunk.bits | 1);
    }

    @Override
    public IdScheme scheme() {
        return IdScheme.TRACE_ID;
    }

    @Override
    public Map<String, Object> settings() {
        return OrderedMap.of("nodeNo", nodeNo);
    }

    /**
     * Returns how many IDs this generator has issued so far, counted from its chunks' counters rather than per ID,
     * so that the fast path takes a single atomic operation: exact when no call is under way, and never lower than
     * an earlier result.
     *
     * @return the number of IDs issued
     */
    @Override
    public long generatedCount() {
        while (true) {
            long replaced = issuedByReplaced;
            Chunk chunk = current;
            long next = chunk.nextCounter;
            // A consistent reading: the chunk was open and current, and no chunk was replaced, while it was read.
            if (next < CLOSED && chunk == current && replaced == issuedByReplaced) {
                return replaced + Chunk.issued(next);
            }
            Thread.onSpinWait();
        }
    }

    @Override
    public Duration lead() {
        return chunks.lead();
    }

    /**
     * Describes this generator: its node number and clock.
     *
     * @return a short description
     */
    @Override
    public String toString() {
        return "TraceIdGenerator[nodeNo=" + nodeNo + ", clock=" + clock + "]";
    }

    /** Builds a {@link TraceIdGenerator}. */
    public static final class Builder extends WaitingGeneratorBuilder<Builder> {

        private int nodeNo = -1;

        private Builder() {
        }

        /**
         * Sets the node number, which must differ between the processes generating IDs into one space (required).
         *
         * @param nodeNo 0 to 65535; elfo reads 0 as "unknown node"
         * @return this builder
         * @throws IllegalArgumentException when out of range
         */
        public Builder nodeNo(int nodeNo) {
            this.nodeNo = Checks.inRange("nodeNo", nodeNo, 0, TraceId.MAX_NODE_NO);
            return this;
        }

        /**
         * Builds the generator.
         *
         * @return a new generator
         * @throws IllegalStateException when neither a node number nor a {@linkplain #lease lease} was set, or both
         *     were, or the lease's identity lies outside 0..65535
         */
        public TraceIdGenerator build() {
            if (lease() != null) {
                return new TraceIdGenerator(this, (int) identityFromLease("nodeNo", 0, TraceId.MAX_NODE_NO,
                        nodeNo >= 0 ? "nodeNo(" + nodeNo + ")" : null));
            }
            if (nodeNo < 0) {
                throw new IllegalStateException("nodeNo must be set (0 to " + TraceId.MAX_NODE_NO
                        + "; distinct for every process that generates TraceIds into one space), or a lease");
            }
            return new TraceIdGenerator(this, nodeNo);
        }
    }
}
