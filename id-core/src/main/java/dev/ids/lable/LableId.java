package dev.ids.lable;

import dev.ids.DecodedId;
import dev.ids.InvalidIdException;
import dev.ids.OneWordId;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A Lable eight-byte identifier (LableOrg java-uniqueid): a millisecond timestamp, a sequence number within the
 * millisecond, a generator id and a cluster id, in eight bytes.
 *
 * <p>Layout, bytes 0 to 7 (big-endian; the value as a {@code long} has byte 0 in its top bits):
 *
 * <pre>
 *  byte:    0        1        2        3        4        5        6        7
 *        TTTTTTTT TTTTTTTT TTTTTTTT TTTTTTTT TTTTTTTT TTSSSSSS ...M..GG GGGGCCCC
 *
 *  T  42 bits  timestamp, milliseconds since 1970-01-01T00:00:00Z (0 to 2^42-1, until 2109-05-15)
 *              SPREAD:          Long.reverse(timestamp), so timestamp 1 sets the top bit
 *              TIME_SEQUENTIAL: timestamp &lt;&lt; 22, so IDs sort by time
 *  S   6 bits  sequence within the millisecond (0 to 63)
 *  M   1 bit   mode: 0 = {@link LableMode#SPREAD}, 1 = {@link LableMode#TIME_SEQUENTIAL}
 *  G   6 bits  generator id (0 to 63)
 *  C   4 bits  cluster id (0 to 15)
 *  .   5 bits  reserved, always 0
 * </pre>
 *
 * <p>For generator ids up to 63 in mode SPREAD the bytes equal those of LableOrg's {@code uniqueid-core} 2.0
 * ({@code IDBuilder.build}). The mode bit is the one LableOrg's later versions use; the generator ids above 63 of
 * those versions (bits marked {@code .} in byte 6) are refused here.
 *
 * <p>The string form is the 16 lower-case hexadecimal digits of the bytes ({@link LableCodec}); it sorts like the
 * bytes. Values compare in the unsigned order of their bytes. Only {@link LableMode#TIME_SEQUENTIAL} IDs are
 * ordered by time; SPREAD IDs are spread over the whole key space on purpose, so the time-range bounds
 * ({@link #min(Instant, LableMode)}, {@link LableIdGenerator#min(Instant)}) refuse them.
 *
 * <p>Instances are immutable and thread-safe.
 *
 * <p>Serializable: the serial form is the binary form of {@link #toBytes()} (under 70 bytes a value), checked on
 * reading as {@link #fromBytes(byte[])} checks it.
 */
public final class LableId extends OneWordId<LableId> {

    /** The scheme's name in messages and in the decoded view. */
    public static final String SCHEME = "lable";

    /** The largest timestamp, in milliseconds since the Unix epoch: 2^42 - 1 (2109-05-15T07:35:11.103Z). */
    public static final long MAX_TIMESTAMP = LableLayout.MAX_TIMESTAMP;

    /** The largest sequence number within one millisecond. */
    public static final int MAX_SEQUENCE = LableLayout.MAX_SEQUENCE;

    /** The largest generator id. */
    public static final int MAX_GENERATOR_ID = LableLayout.MAX_GENERATOR_ID;

    /** The largest cluster id. */
    public static final int MAX_CLUSTER_ID = LableLayout.MAX_CLUSTER_ID;

    private static final long serialVersionUID = 1L;

    private LableId(long bits) {
        super(bits);
    }

    /**
     * Creates an ID from its components.
     *
     * @param timestampMs milliseconds since the Unix epoch, 0 to 2^42-1
     * @param sequence the sequence number within the millisecond, 0 to 63
     * @param generatorId the generator id, 0 to 63
     * @param clusterId the cluster id, 0 to 15
     * @param mode how the timestamp is stored
     * @return the ID
     * @throws IllegalArgumentException naming the component, its range and the value when one is out of range
     */
    public static LableId of(long timestampMs, int sequence, int generatorId, int clusterId, LableMode mode) {
        return new LableId(LableLayout.pack(timestampMs, sequence, generatorId, clusterId, mode));
    }

    /**
     * Creates a {@link LableMode#SPREAD} ID from its components, like LableOrg's
     * {@code IDBuilder.build(new Blueprint(timestamp, sequence, generatorId, clusterId))}.
     *
     * @param timestampMs milliseconds since the Unix epoch, 0 to 2^42-1
     * @param sequence the sequence number within the millisecond, 0 to 63
     * @param generatorId the generator id, 0 to 63
     * @param clusterId the cluster id, 0 to 15
     * @return the ID
     * @throws IllegalArgumentException naming the component, its range and the value when one is out of range
     */
    public static LableId of(long timestampMs, int sequence, int generatorId, int clusterId) {
        return of(timestampMs, sequence, generatorId, clusterId, LableMode.SPREAD);
    }

    /**
     * Returns the lowest ID of a mode in the millisecond of an instant (sequence, generator and cluster 0): with
     * {@link #max(Instant, LableMode)}, the bounds of a time-range query over {@link LableMode#TIME_SEQUENTIAL} keys
     * issued by any generator. {@link LableIdGenerator#min(Instant)} gives the same bound for the mode of the
     * generator that issues the keys.
     *
     * <p>A key space that mixes both modes also holds some SPREAD IDs between {@code min(t)} and {@code max(t)};
     * filter those by {@link #mode()}.
     *
     * @param instant the instant, truncated to its millisecond
     * @param mode the mode of the IDs queried; only {@link LableMode#TIME_SEQUENTIAL} has time ranges
     * @return the lowest time-sequential ID of that millisecond
     * @throws IllegalArgumentException for {@link LableMode#SPREAD}, whose IDs are not ordered by time, so that a
     *     range of them selects unrelated IDs (the message says which setting gives time-sequential IDs); or when the
     *     instant lies before 1970 or after 2^42-1 ms
     */
    public static LableId min(Instant instant, LableMode mode) {
        LableTimeRanges.requireTimeOrdered(mode);
        return new LableId(LableLayout.lowestTimeSequential(LableTimeRanges.millisOf(instant)));
    }

    /**
     * Returns the highest ID of a mode in the millisecond of an instant (sequence 63, generator 63, cluster 15).
     * See {@link #min(Instant, LableMode)}.
     *
     * @param instant the instant, truncated to its millisecond
     * @param mode the mode of the IDs queried; only {@link LableMode#TIME_SEQUENTIAL} has time ranges
     * @return the highest time-sequential ID of that millisecond
     * @throws IllegalArgumentException for {@link LableMode#SPREAD}, as {@link #min(Instant, LableMode)}; or when
     *     the instant lies before 1970 or after 2^42-1 ms
     */
    public static LableId max(Instant instant, LableMode mode) {
        LableTimeRanges.requireTimeOrdered(mode);
        return new LableId(LableLayout.highestTimeSequential(LableTimeRanges.millisOf(instant)));
    }

    /**
     * Reads an ID from its eight bytes.
     *
     * @param bytes the eight bytes, big-endian
     * @return the ID
     * @throws InvalidIdException naming the bytes in hexadecimal when they are {@code null}, not eight long, or set a
     *     bit outside the layout (a reserved bit, or a generator id above 63)
     */
    public static LableId fromBytes(byte[] bytes) {
        return new LableId(LableCodec.fromBytes(bytes));
    }

    /**
     * Reads an ID from its eight bytes as a big-endian {@code long} (byte 0 in the top bits).
     *
     * @param value the bytes as a long
     * @return the ID
     * @throws InvalidIdException naming the value in hexadecimal when it sets a bit outside the layout
     */
    public static LableId fromLong(long value) {
        return new LableId(LableCodec.check(value));
    }

    /**
     * Parses the canonical string form: exactly 16 lower-case hexadecimal digits whose value fits the layout.
     *
     * @param text the string
     * @return the ID, whose {@link #toString()} equals {@code text}
     * @throws InvalidIdException naming the text when it is not the string form of an ID
     */
    public static LableId parse(String text) {
        return new LableId(LableCodec.decodeLong(text));
    }

    /**
     * Tells whether {@link #parse(String)} would accept a string, without throwing.
     *
     * @param text the string, may be {@code null}
     * @return whether it is the canonical string of an ID
     */
    public static boolean isValid(@Nullable String text) {
        return LableCodec.isValid(text);
    }

    /**
     * Returns the timestamp in milliseconds since the Unix epoch.
     *
     * @return 0 to 2^42-1
     */
    public long timestampMillis() {
        return LableLayout.timestampMillis(toLong());
    }

    /**
     * Returns the embedded time.
     *
     * @return the timestamp as an instant
     */
    @Override
    public Instant timestamp() {
        return Instant.ofEpochMilli(timestampMillis());
    }

    /**
     * Returns the sequence number within the millisecond.
     *
     * @return 0 to 63
     */
    public int sequence() {
        return LableLayout.sequence(toLong());
    }

    /**
     * Returns the generator id.
     *
     * @return 0 to 63
     */
    public int generatorId() {
        return LableLayout.generatorId(toLong());
    }

    /**
     * Returns the cluster id.
     *
     * @return 0 to 15
     */
    public int clusterId() {
        return LableLayout.clusterId(toLong());
    }

    /**
     * Returns how the timestamp is stored.
     *
     * @return the mode
     */
    public LableMode mode() {
        return LableLayout.mode(toLong());
    }

    /**
     * Returns the decoded view: scheme {@code lable}, the string form, the hex of the bytes, the instant, and the
     * components {@code timestamp} (ms), {@code sequence}, {@code generatorId}, {@code clusterId} and {@code mode}
     * ({@code "SPREAD"} or {@code "TIME_SEQUENTIAL"}). The layout holds the raw bits: in SPREAD mode its 42-bit
     * {@code timestamp} field is the time's bits reversed; {@code reserved} fields are always zero.
     *
     * @return the decoded view
     */
    @Override
    public DecodedId decoded() {
        String text = toString();
        return LableLayout.describe(DecodedId.builder(SCHEME, text, text, timestamp()), toLong()).build();
    }

    /**
     * Returns the canonical string form: 16 lower-case hexadecimal digits of the bytes.
     *
     * @return the string form
     */
    @Override
    public String toString() {
        return LableCodec.encode(toLong());
    }

    /** Creates an ID from bits the caller has built from checked components. */
    static LableId ofTrustedBits(long bits) {
        return new LableId(bits);
    }
}
