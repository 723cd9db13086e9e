package dev.ids.traceid;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.jspecify.annotations.Nullable;

/**
 * One leased (second, chunk number) pair of a {@link TraceIdGenerator}: the ID bits above the counter, the end of
 * its second, and the next counter to take. Every counter comes from one atomic increment, which returns each value
 * to exactly one caller; values above {@link TraceId#MAX_COUNTER} are never issued, and closing the chunk pushes its
 * next counter far above that, so no call takes a counter from it afterwards.
 */
final class TraceIdChunk {

    /** Added to a chunk's next counter as it is replaced: no call takes a counter from it after that. */
    private static final long CLOSED = 1L << 32;
    private static final VarHandle NEXT_COUNTER;

    static {
        try {
            NEXT_COUNTER = MethodHandles.lookup().findVarHandle(TraceIdChunk.class, "nextCounter", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long bits;
    /** The first millisecond after the chunk's second: the chunk serves readings below it. */
    private final long endMillis;
    /**
     * The next counter to issue, advanced by {@link #NEXT_COUNTER} only. Runs past 1023 by one per call that finds
     * the chunk used up, and by {@link #CLOSED} when the chunk is replaced.
     */
    private volatile long nextCounter;

    private TraceIdChunk(long bits, long endMillis, long nextCounter) {
        this.bits = bits;
        this.endMillis = endMillis;
        this.nextCounter = nextCounter;
    }

    /** The chunk before the first lease: it serves no clock reading and has issued nothing. */
    static TraceIdChunk placeholder() {
        return new TraceIdChunk(0, Long.MIN_VALUE, 1);
    }

    /**
     * A freshly leased chunk whose counter 1 the caller issues itself ({@link #first()}).
     *
     * @param second the chunk's second, since the Unix epoch
     * @param chunkNo the chunk number within the second
     * @param nodeBits the node number, in place
     */
    static TraceIdChunk leased(long second, int chunkNo, long nodeBits) {
        return new TraceIdChunk(WrappedSeconds.wrap(second) << TraceIdLayout.TIMESTAMP_SHIFT | nodeBits
                | (long) chunkNo << TraceIdLayout.CHUNK_NO_SHIFT, (second + 1) * 1000, 2);
    }

    /**
     * Takes the chunk's next counter, or returns {@code null} when the chunk is used up or closed, or its second is
     * over at {@code nowMillis}.
     */
    @Nullable TraceId draw(long nowMillis) {
        if (nowMillis < endMillis) {
            long counter = (long) NEXT_COUNTER.getAndAdd(this, 1L);
            if (counter <= TraceId.MAX_COUNTER) {
                return TraceId.ofValidRaw(bits | counter);
            }
        }
        return null;
    }

    /** The ID of counter 1, which a {@linkplain #leased leased} chunk keeps for the call that leased it. */
    TraceId first() {
        return TraceId.ofValidRaw(bits | 1);
    }

    /**
     * Closes the chunk, so that no call takes a counter from it from now on.
     *
     * @return how many counters it issued, final since it is closed
     */
    long close() {
        return issued((long) NEXT_COUNTER.getAndAdd(this, CLOSED));
    }

    /**
     * Returns how many counters the chunk has issued so far, or -1 when it is closed.
     *
     * @return the count, or -1
     */
    long issuedWhileOpen() {
        long next = nextCounter;
        return next < CLOSED ? issued(next) : -1;
    }

    /** How many counters a chunk has issued, given a reading of its next counter taken while it was open. */
    private static long issued(long nextCounter) {
        return Math.min(nextCounter - 1, TraceId.MAX_COUNTER);
    }
}
