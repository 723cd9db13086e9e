package dev.ids.traceid;

import dev.ids.IdGenerationException;
import dev.ids.IdGenerator;
import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.clock.IdClock;
import dev.ids.generator.WaitingGeneratorBuilder;
import dev.ids.internal.Checks;
import dev.ids.internal.Classes;
import dev.ids.internal.OrderedMap;
import dev.ids.sequence.LeasedSequence;
import dev.ids.sequence.SlotSequence;
import dev.ids.sequence.TimeSequence;
import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Generates {@link TraceId}s for one node, as elfo does but without its repeats.
 *
 * <p>An ID is a <em>chunk</em>, one (second, chunk number) pair that one {@link TimeSequence} per generator hands
 * out never twice, and a counter 1 to 1023 within it. All threads draw from one current chunk with one atomic
 * increment; the call that finds it used up, or its second over, leases the next chunk under a fair lock and
 * installs it for everyone. The fast path is lock-free, with no allocation but the returned ID and no per-thread
 * state.
 *
 * <p>When one call returns before another starts, the later call's ID is greater (as long as the timestamp does
 * not wrap); in particular the IDs one thread draws strictly increase. IDs of concurrent calls follow no particular
 * order.
 *
 * <p>When the 4096 chunks of a second are all leased, calls wait for the next second, in the order they came
 * (a capacity wait); when the wall clock steps back, the generator goes on from the chunks left in the latest
 * second it used, then waits for the clock to pass it (a regression). A wait longer than the maximum wait fails
 * at once with {@link IdGenerationException}; no ID is ever issued twice. elfo masks a process-wide counter and
 * stamps an earlier second instead, and repeats IDs.
 *
 * <p>Uniqueness holds within the generator (and across generators of distinct node numbers) for one
 * 2<sup>25</sup>-second period of the timestamp: the scheme's IDs repeat after about 388 days by design. Why no ID
 * repeats within it, and why the order holds, is set out in
 * <a href="https://github.com/dev-ids/ids/blob/main/docs/TRACEID.md">docs/TRACEID.md</a>.
 */
public final class TraceIdGenerator implements MonitoredIdGenerator<TraceId> {

    private static final long MILLIS_PER_SECOND = 1000;

    private final int nodeNo;
    private final long nodeBits;
    private final IdClock clock;
    /** Hands out the (second, chunk number) pairs, fenced by the lease when there is one. */
    private final LeasedSequence<TimeSequence> chunks;
    /** Held to lease and install a chunk, in the order calls came. */
    private final RefillLock refill;
    private final long maxWaitNanos;
    private final String description;
    /**
     * The chunk all threads draw from; replaced only under {@link #refill}, and only by a later chunk. Until the
     * first lease, a placeholder that serves no clock reading and has issued nothing.
     */
    private volatile TraceIdChunk current = TraceIdChunk.placeholder();
    /** How many IDs the chunks replaced so far issued; written under {@link #refill} only. */
    private volatile long issuedByReplaced;

    private TraceIdGenerator(Builder builder, int nodeNo) {
        this.nodeNo = nodeNo;
        this.nodeBits = (long) nodeNo << TraceIdLayout.NODE_NO_SHIFT;
        this.clock = builder.clock();
        this.description = "trace-id generator (node " + nodeNo + ")";
        this.maxWaitNanos = builder.maxWait().toNanos();
        this.refill = new RefillLock(clock, builder.listener(), maxWaitNanos, description, this::storeTrouble);
        this.chunks = LeasedSequence.build(TimeSequence.builder(description)
                .clock(builder.clock())
                .listener(builder.listener())
                .timeBase(TimeSequence.Resolution.MILLIS, 0, MILLIS_PER_SECOND)
                .sequence(0, TraceId.MAX_CHUNK_NO)
                .maxWait(builder.maxWait()), builder.lease());
        // see Classes: not left to the first next(); TraceId's layout and wrapped seconds are classes of their own
        Classes.initialise(TraceId.class, TraceIdLayout.class, WrappedSeconds.class);
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
        // Per ID, not per chunk: a lease found lost stops the node at once. The chunk's cover checked the deadline,
        // and a chunk draws only while the clock stands before the end of its second.
        chunks.checkHeldWithinSlot();
        TraceIdChunk chunk = current;
        TraceId id = chunk.draw(clock.wallTimeMillis());
        return id != null ? id : drawLocked(chunk);
    }

    /**
     * Returns a new TraceId if one can be issued without a wait, or {@code null} where {@link #next()} would wait:
     * the current chunk is used up (or its second over) and the next one cannot be leased at once, because another
     * call holds or waits for the refill lock (it waits its turn, and an attempt does not jump it), the 4096 chunks
     * of the clock's second are used up, or the clock stands behind a second whose chunks are used up; with a lease,
     * also where the lease's mark needs a write or the clock has not passed its start mark (see
     * {@link IdGenerator#tryNext()}).
     *
     * @return an ID this generator has never returned before, or {@code null}
     * @throws IdGenerationException where {@link #next()} fails without waiting: the wall clock lies before 1970,
     *     or the lease is not held
     */
    @Override
    public @Nullable TraceId tryNext() {
        if (!chunks.tryCheckHeld()) {
            return null;
        }
        TraceIdChunk chunk = current;
        TraceId id = chunk.draw(clock.wallTimeMillis());
        return id != null ? id : tryRefill(chunk);
    }

    /**
     * The non-waiting {@link #drawLocked}: takes the refill lock only if it is free and no call waits for it (so
     * the fair lock's order holds), and leases the next chunk only if the sequence issues it at once.
     */
    private @Nullable TraceId tryRefill(TraceIdChunk finished) {
        if (!refill.tryInTurn()) {
            return null;
        }
        try {
            TraceId id = drawFromReplacement(finished);
            if (id != null) {
                return id;
            }
            long slot = chunks.tryNext();
            return slot == SlotSequence.WOULD_WAIT ? null : install(slot);
        } finally {
            refill.unlock();
        }
    }

    /**
     * Under the refill lock: draws from the current chunk when another thread has replaced the finished one seen
     * before, else leases the next chunk and installs it.
     */
    private TraceId drawLocked(TraceIdChunk finished) {
        // One maximum wait for the whole call: the turn at the lock, then the wait for a free chunk and for the
        // lease's mark (a real-time wait for the store, hence its own reading of the same deadline).
        long deadline = clock.monotonicNanos() + maxWaitNanos;
        long storeDeadline = System.nanoTime() + maxWaitNanos;
        refill.awaitInTurn(deadline);
        try {
            chunks.checkHeld(); // again: the lease may have lapsed while this call waited for the lock
            TraceId id = drawFromReplacement(finished);
            return id != null ? id : lease(deadline, storeDeadline);
        } finally {
            refill.unlock();
        }
    }

    /**
     * Under the refill lock: draws from the current chunk if another thread has replaced the finished one seen
     * before; {@code null} when it has not, or that chunk is used up too.
     */
    private @Nullable TraceId drawFromReplacement(TraceIdChunk finished) {
        TraceIdChunk chunk = current;
        return chunk == finished ? null : chunk.draw(clock.wallTimeMillis());
    }

    /** Why the lease's store keeps the refill lock's holder waiting, for the refusal of the calls behind it. */
    private @Nullable String storeTrouble() {
        return chunks.storeTrouble();
    }

    /**
     * Under the refill lock: leases the next free (second, chunk number) pair, closes the current chunk, installs
     * the new one and issues its counter 1.
     */
    private TraceId lease(long deadline, long storeDeadline) {
        // Covered by the lease's mark before the chunk is installed, so a failed advance leaves it unused and the
        // current chunk as it was.
        return install(chunks.take(sequence -> sequence.nextBefore(deadline), storeDeadline));
    }

    /** Under the refill lock: closes the current chunk, installs the one of a slot and issues its counter 1. */
    private TraceId install(long slot) {
        TraceIdChunk chunk = TraceIdChunk.leased(chunks.sequence().unitOf(slot), chunks.sequence().sequenceOf(slot),
                nodeBits);
        // Closed before it is counted, so the count is final: a call still holding it takes no counter from now on.
        issuedByReplaced += current.close();
        current = chunk;
        return chunk.first();
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
            TraceIdChunk chunk = current;
            long issued = chunk.issuedWhileOpen();
            // A consistent reading: the chunk was open and current, and no chunk was replaced, while it was read.
            if (issued >= 0 && chunk == current && replaced == issuedByReplaced) {
                return replaced + issued;
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
