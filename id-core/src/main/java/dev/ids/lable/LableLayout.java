package dev.ids.lable;

import dev.ids.DecodedId;
import dev.ids.internal.Checks;
import java.util.Objects;

/**
 * Where each component sits in a Lable ID's 64 bits, and how the mode changes where the timestamp goes: bit-reversed
 * from the top in SPREAD mode, shifted above the sequence in TIME_SEQUENTIAL mode.
 *
 * <p>Kept apart from {@link LableId} so that the value class reads as its API while the shifts, the mode bit and the
 * packing, which the generator shares, live in one place. It works on the raw {@code long} and refers to no
 * {@code LableId}, so the dependency runs one way only.
 */
final class LableLayout {

    /** The largest timestamp, in milliseconds since the Unix epoch: 2^42 - 1. */
    static final long MAX_TIMESTAMP = (1L << 42) - 1;
    /** The largest sequence number within one millisecond. */
    static final int MAX_SEQUENCE = 63;
    /** The largest generator id. */
    static final int MAX_GENERATOR_ID = 63;
    /** The largest cluster id. */
    static final int MAX_CLUSTER_ID = 15;

    private static final int TIMESTAMP_SHIFT = 22;
    private static final long TIMESTAMP_FIELD = -1L << TIMESTAMP_SHIFT;
    private static final int SEQUENCE_SHIFT = 16;
    private static final long MODE_BIT = 1L << 12;
    private static final int GENERATOR_SHIFT = 4;

    private LableLayout() {
    }

    /** Checks each component's range, naming the first that is out of it, and the mode, then packs them. */
    static long pack(long timestampMs, int sequence, int generatorId, int clusterId, LableMode mode) {
        Checks.inRange("timestamp (ms)", timestampMs, 0, MAX_TIMESTAMP);
        Checks.inRange("sequence", sequence, 0, MAX_SEQUENCE);
        Checks.inRange("generator id", generatorId, 0, MAX_GENERATOR_ID);
        Checks.inRange("cluster id", clusterId, 0, MAX_CLUSTER_ID);
        Objects.requireNonNull(mode, "mode");
        return compose(timestampMs, sequence, lowBits(generatorId, clusterId, mode), mode);
    }

    /** Packs the components; the caller has checked their ranges. {@code low} holds mode, generator and cluster. */
    static long compose(long timestampMs, int sequence, long low, LableMode mode) {
        long time = mode == LableMode.SPREAD ? Long.reverse(timestampMs) : timestampMs << TIMESTAMP_SHIFT;
        return time | (long) sequence << SEQUENCE_SHIFT | low;
    }

    /** Returns bytes 6 and 7 for a mode, generator id and cluster id; the caller has checked their ranges. */
    static long lowBits(int generatorId, int clusterId, LableMode mode) {
        return (mode == LableMode.TIME_SEQUENTIAL ? MODE_BIT : 0) | (long) generatorId << GENERATOR_SHIFT | clusterId;
    }

    /** The lowest TIME_SEQUENTIAL value of a millisecond: sequence, generator and cluster 0. */
    static long lowestTimeSequential(long timestampMs) {
        return compose(timestampMs, 0, MODE_BIT, LableMode.TIME_SEQUENTIAL);
    }

    /** The highest TIME_SEQUENTIAL value of a millisecond: sequence, generator and cluster at their maximum. */
    static long highestTimeSequential(long timestampMs) {
        long low = lowBits(MAX_GENERATOR_ID, MAX_CLUSTER_ID, LableMode.TIME_SEQUENTIAL);
        return compose(timestampMs, MAX_SEQUENCE, low, LableMode.TIME_SEQUENTIAL);
    }

    /** The timestamp in milliseconds, undoing the bit reversal of SPREAD mode. */
    static long timestampMillis(long bits) {
        long field = bits & TIMESTAMP_FIELD;
        return (bits & MODE_BIT) == 0 ? Long.reverse(field) : field >>> TIMESTAMP_SHIFT;
    }

    static int sequence(long bits) {
        return (int) (bits >>> SEQUENCE_SHIFT) & MAX_SEQUENCE;
    }

    static int generatorId(long bits) {
        return (int) (bits >>> GENERATOR_SHIFT) & MAX_GENERATOR_ID;
    }

    static int clusterId(long bits) {
        return (int) bits & MAX_CLUSTER_ID;
    }

    static LableMode mode(long bits) {
        return (bits & MODE_BIT) == 0 ? LableMode.SPREAD : LableMode.TIME_SEQUENTIAL;
    }

    /** Adds the components and the raw bit fields, reserved ones included, to a decoded view. */
    static DecodedId.Builder describe(DecodedId.Builder builder, long bits) {
        return builder
                .component("timestamp", timestampMillis(bits))
                .component("sequence", sequence(bits))
                .component("generatorId", generatorId(bits))
                .component("clusterId", clusterId(bits))
                .component("mode", mode(bits).name())
                // in SPREAD mode the timestamp field holds the time's bits in reverse order
                .field("timestamp", 42, bits >>> TIMESTAMP_SHIFT)
                .field("sequence", 6, sequence(bits))
                .field("reserved", 3, (bits >>> 13) & 0x7)
                .field("mode", 1, (bits & MODE_BIT) == 0 ? 0 : 1)
                .field("reserved", 2, (bits >>> 10) & 0x3)
                .field("generatorId", 6, generatorId(bits))
                .field("clusterId", 4, clusterId(bits));
    }
}
