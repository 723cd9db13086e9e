package dev.ids.traceid;

import dev.ids.IdGenerationException;
import dev.ids.IdGenerator;
import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.WaitingGeneratorBuilder;
import dev.ids.clock.IdClock;
import dev.ids.internal.Checks;
import dev.ids.internal.LeaseFence;
import dev.ids.internal.OrderedMap;
import dev.ids.sequence.TimeSequence;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Generates {@link TraceId}s for one node, as elfo does but without its repeats.
 *
 * <p>Each thread holds a <em>chunk</em>: a lease on one (second, chunk number) pair, from which it issues counters
 * 1 to 1023 with no coordination at all. Chunks come from one {@link TimeSequence} per generator that hands out
 * chunk numbers 0 to 4095 afresh in every second, so no pair is ever leased twice:
 * <ul>
 *   <li>A thread takes a new chunk when its counter is used up or the wall clock has moved past the chunk's
 *       second. While the wall clock stands at or behind that second, it keeps issuing from the chunk (never going
 *       back to an earlier second).</li>
 *   <li>When the 4096 chunks of a second are all leased (more than 4096 &times; 1023 = 4,190,208 IDs in a second),
 *       the next chunk waits for the next second, and the listener hears of a sequence overflow. elfo masks a
 *       process-wide counter instead and repeats IDs.</li>
 *   <li>When the wall clock steps back, the sequence goes on from the chunks left in the latest second it used,
 *       then waits for the clock to pass that second, and the listener hears of the regression (when the next
 *       chunk is taken). A wait longer than the maximum wait fails at once with {@link IdGenerationException};
 *       no ID is ever issued twice. elfo would stamp the earlier second and could repeat IDs.</li>
 * </ul>
 *
 * <p>The fast path reads the clock, increments a field of the thread's own state and returns: wait-free, with no
 * allocation but the returned ID. Per-thread state belongs to the generator instance, so generators are
 * independent even within one thread. A thread leases a whole chunk for its first ID in a second, so capacity
 * assumes pooled threads: a thread per task would spend a chunk per thread and per second, at most 4096 threads'
 * worth in a second before the overflow wait.
 *
 * <p>Order: the IDs one thread draws from one generator strictly increase (as long as the 25-bit timestamp does not
 * wrap). Across threads, IDs are ordered by second only; within a second, they interleave by chunk.
 *
 * <p>Uniqueness holds within the generator (and across generators of distinct node numbers) for one
 * 2<sup>25</sup>-second period of the timestamp: the scheme's IDs repeat after about 388 days by design.
 */
public final class TraceIdGenerator implements MonitoredIdGenerator<TraceId> {

    private static final long MILLIS_PER_SECOND = 1000;

    private final int nodeNo;
    private final long nodeBits;
    private final IdClock clock;
    private final TimeSequence chunks;
    /** The lease's fence, or {@code null} without a lease. */
    private final LeaseFence fence;
    private final LongAdder generated = new LongAdder();
    private final ThreadLocal<Chunk> leases = ThreadLocal.withInitial(Chunk::new);

    /** One thread's lease: the ID bits above the counter, the second leased, and the last counter issued. */
    private static final class Chunk {
        /** The first millisecond after the chunk's second: the chunk serves readings below it. */
        long endMillis = Long.MIN_VALUE;
        long bits;
        int counter = TraceId.MAX_COUNTER;
    }

    private TraceIdGenerator(Builder builder, int nodeNo) {
        this.nodeNo = nodeNo;
        this.nodeBits = (long) nodeNo << TraceId.NODE_NO_SHIFT;
        this.clock = builder.clock();
        String description = "trace-id generator (node " + nodeNo + ")";
        this.fence = builder.lease() == null ? null
                : new LeaseFence(builder.lease(), description, builder.listener(), builder.clock(), builder.maxWait());
        TimeSequence.Builder sequence = TimeSequence.builder(description)
                .clock(builder.clock())
                .listener(builder.listener())
                .timeBase(TimeSequence.Resolution.MILLIS, 0, MILLIS_PER_SECOND)
                .sequence(0, TraceId.MAX_CHUNK_NO)
                .maxWait(builder.maxWait());
        if (fence != null) {
            // No chunk of the mark's second or earlier: the previous holder may have used them all.
            sequence.notBefore(fence.startMarkMillis());
        }
        this.chunks = sequence.build();
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
        if (fence != null) {
            fence.checkHeld(); // per ID, not per chunk: a fenced node must stop at once
        }
        Chunk chunk = leases.get();
        int counter = chunk.counter;
        if (counter < TraceId.MAX_COUNTER && clock.wallTimeMillis() < chunk.endMillis) {
            chunk.counter = ++counter;
            generated.increment();
            return TraceId.ofValidRaw(chunk.bits | counter);
        }
        return takeChunk(chunk);
    }

    /** Leases the next free (second, chunk number) pair and issues its first counter. */
    private TraceId takeChunk(Chunk chunk) {
        long slot = chunks.next();
        long second = chunks.unitOf(slot);
        if (fence != null) {
            // Before the chunk is usable, so a failed advance leaves the chunk unused and this thread's state as it was.
            fence.cover(second * MILLIS_PER_SECOND + MILLIS_PER_SECOND - 1);
        }
        chunk.endMillis = (second + 1) * MILLIS_PER_SECOND;
        chunk.bits = TraceId.wrap(second) << TraceId.TIMESTAMP_SHIFT | nodeBits
                | (long) chunks.sequenceOf(slot) << TraceId.CHUNK_NO_SHIFT;
        chunk.counter = 1;
        generated.increment();
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

    @Override
    public long generatedCount() {
        return generated.sum();
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
