package dev.ids.traceid;

import dev.ids.DecodedId;
import dev.ids.internal.Checks;

/**
 * Where each component sits in a TraceId's 63 bits: the field widths and shifts, packing checked components into a
 * value, and taking them out again.
 *
 * <p>Kept apart from {@link TraceId} so that the value class reads as its API while the bit arithmetic, which the
 * generator and its chunks share, lives in one place. It knows nothing of {@code TraceId} itself and works on the
 * raw {@code long}, so the dependency runs one way only.
 */
final class TraceIdLayout {

    /** The largest timestamp: 2^25 - 1. */
    static final long MAX_TIMESTAMP = (1L << 25) - 1;
    /** The largest node number. */
    static final int MAX_NODE_NO = 0xFFFF;
    /** The largest chunk number. */
    static final int MAX_CHUNK_NO = 0xFFF;
    /** The largest counter; counters start at 1. */
    static final int MAX_COUNTER = 0x3FF;

    static final int TIMESTAMP_SHIFT = 38;
    static final int NODE_NO_SHIFT = 22;
    static final int CHUNK_NO_SHIFT = 10;

    private TraceIdLayout() {
    }

    /** Checks each component's range, naming the first that is out of it, and packs them. */
    static long pack(long timestamp, int nodeNo, int chunkNo, int counter) {
        Checks.inRange("timestamp", timestamp, 0, MAX_TIMESTAMP);
        Checks.inRange("nodeNo", nodeNo, 0, MAX_NODE_NO);
        Checks.inRange("chunkNo", chunkNo, 0, MAX_CHUNK_NO);
        Checks.inRange("counter", counter, 1, MAX_COUNTER);
        return timestamp << TIMESTAMP_SHIFT | (long) nodeNo << NODE_NO_SHIFT | (long) chunkNo << CHUNK_NO_SHIFT
                | counter;
    }

    /** The lowest value of a wrapped second: node 0, chunk 0, counter 1. */
    static long lowest(long timestamp) {
        return timestamp << TIMESTAMP_SHIFT | 1;
    }

    /** The highest value of a wrapped second: every bit below the timestamp set. */
    static long highest(long timestamp) {
        return timestamp << TIMESTAMP_SHIFT | (1L << TIMESTAMP_SHIFT) - 1;
    }

    static long timestamp(long raw) {
        return raw >>> TIMESTAMP_SHIFT;
    }

    static int nodeNo(long raw) {
        return (int) (raw >>> NODE_NO_SHIFT) & MAX_NODE_NO;
    }

    static int chunkNo(long raw) {
        return (int) (raw >>> CHUNK_NO_SHIFT) & MAX_CHUNK_NO;
    }

    static int counter(long raw) {
        return (int) raw & MAX_COUNTER;
    }

    /**
     * Adds the components and the bit layout of a raw value to a decoded view: a reserved zero bit, then 25, 16, 12
     * and 10 bits, covering the 8 bytes.
     */
    static DecodedId.Builder describe(DecodedId.Builder builder, long raw) {
        return builder
                .component("timestamp", timestamp(raw))
                .component("nodeNo", nodeNo(raw))
                .component("chunkNo", chunkNo(raw))
                .component("counter", counter(raw))
                .field("reserved", 1, 0)
                .field("timestamp", 25, timestamp(raw))
                .field("nodeNo", 16, nodeNo(raw))
                .field("chunkNo", 12, chunkNo(raw))
                .field("counter", 10, counter(raw));
    }
}
