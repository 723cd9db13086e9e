package dev.ids.traceid;

import dev.ids.DecodedId;
import dev.ids.InvalidIdException;
import dev.ids.OneWordId;
import dev.ids.internal.Hex;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * An elfo TraceId: a positive 63-bit value, written as plain decimal.
 *
 * <p>From the top, its 63 bits are a zero bit, the timestamp (Unix seconds modulo 2<sup>25</sup>, 25 bits), the node
 * number (16 bits), the chunk number (12 bits) and the counter (10 bits, 1 to 1023, so never 0); the
 * {@linkplain dev.ids.traceid package description} draws the layout and says what each component means. The
 * timestamp wraps every 2<sup>25</sup> s (about 388 days): IDs are unique only within one such period, and turning
 * one back into an {@link Instant} needs a reference time, see {@link #timestamp(Instant)}.
 *
 * <p>The natural order ({@link #compareTo}) is the order of the 63-bit value, which is also the order of
 * {@link #toBytes()} (big-endian, unsigned; the top bit is always 0). It follows time <em>only within one 2<sup>25</sup>-second
 * window</em>: when the timestamp wraps to 0, later IDs sort before earlier ones. Sort entries spanning a wrap by a
 * separate, fully monotonic field.
 *
 * <p>Instances are immutable and thread-safe; {@code equals} and {@code hashCode} follow the value.
 *
 * <p>Serializable: the serial form is the binary form of {@link #toBytes()} (under 70 bytes a value), checked on
 * reading as {@link #fromBytes(byte[])} checks it.
 */
public final class TraceId extends OneWordId<TraceId> {

    /** The scheme's name, as used in messages and in the decoded view. */
    public static final String SCHEME = "trace-id";

    /** The largest timestamp: 2<sup>25</sup> - 1. */
    public static final long MAX_TIMESTAMP = TraceIdLayout.MAX_TIMESTAMP;

    /** The largest node number. */
    public static final int MAX_NODE_NO = TraceIdLayout.MAX_NODE_NO;

    /** The largest chunk number. */
    public static final int MAX_CHUNK_NO = TraceIdLayout.MAX_CHUNK_NO;

    /** The largest counter (the smallest is 1). */
    public static final int MAX_COUNTER = TraceIdLayout.MAX_COUNTER;

    /** The period after which the timestamp repeats: 2<sup>25</sup> seconds, about 388 days. */
    public static final Duration WRAP_PERIOD = Duration.ofSeconds(WrappedSeconds.PERIOD);

    private static final long serialVersionUID = 1L;

    private TraceId(long raw) {
        super(raw);
    }

    /** Wraps a raw value already known to be valid. */
    static TraceId ofValidRaw(long raw) {
        return new TraceId(raw);
    }

    /**
     * Builds a TraceId from its components.
     *
     * @param timestamp the wrapped seconds, 0 to {@value #MAX_TIMESTAMP} (Unix seconds {@code & 0x1FFFFFF})
     * @param nodeNo the node number, 0 to {@value #MAX_NODE_NO}
     * @param chunkNo the chunk number, 0 to {@value #MAX_CHUNK_NO}
     * @param counter the counter, 1 to {@value #MAX_COUNTER}
     * @return the TraceId
     * @throws IllegalArgumentException naming the component, its range and the value when one is out of range
     */
    public static TraceId of(long timestamp, int nodeNo, int chunkNo, int counter) {
        return new TraceId(TraceIdLayout.pack(timestamp, nodeNo, chunkNo, counter));
    }

    /**
     * Wraps a raw 63-bit value.
     *
     * @param raw the value
     * @return the TraceId
     * @throws InvalidIdException when the highest bit is set, the value is 0 or its counter is 0 (the message shows
     *     the value as unsigned decimal)
     */
    public static TraceId fromLong(long raw) {
        return new TraceId(TraceIdCodec.check(raw));
    }

    /**
     * Reads the 8-byte big-endian form written by {@link #toBytes()}.
     *
     * @param bytes exactly 8 bytes
     * @return the TraceId
     * @throws InvalidIdException when the array is null or not 8 bytes long, or holds a value {@link #fromLong}
     *     rejects (the message shows the bytes in hex)
     */
    public static TraceId fromBytes(byte[] bytes) {
        return new TraceId(TraceIdCodec.fromBytes(bytes));
    }

    /**
     * Parses the canonical decimal form strictly: every accepted string equals {@link #toString()} of the result.
     *
     * @param text the decimal text
     * @return the TraceId
     * @throws InvalidIdException naming the text when it is empty, 0, at least 2<sup>63</sup>, signed, has leading
     *     zeros, whitespace or non-digits, or its counter is 0
     */
    public static TraceId parse(String text) {
        return new TraceId(TraceIdCodec.decodeLong(text));
    }

    /**
     * Tells whether {@link #parse(String)} would accept a text.
     *
     * @param text the text, may be {@code null}
     * @return whether it is a valid TraceId in canonical form
     */
    public static boolean isValid(@Nullable String text) {
        return TraceIdCodec.isValid(text);
    }

    /**
     * Returns the lowest TraceId whose timestamp is that of the given instant (Unix seconds {@code & 0x1FFFFFF}):
     * node 0, chunk 0, counter 1. With {@link #max(Instant)} it bounds a time-range query, valid within one
     * 2<sup>25</sup>-second window only: {@link TraceIdRange#covering} gives the two ranges of an interval across the
     * start of a window, where this one range would be empty.
     *
     * @param instant the instant
     * @return the lowest TraceId of its second
     */
    public static TraceId min(Instant instant) {
        return new TraceId(TraceIdLayout.lowest(WrappedSeconds.wrap(instant)));
    }

    /**
     * Returns the highest TraceId whose timestamp is that of the given instant: node, chunk and counter at their
     * maximum.
     *
     * @param instant the instant
     * @return the highest TraceId of its second
     */
    public static TraceId max(Instant instant) {
        return new TraceId(TraceIdLayout.highest(WrappedSeconds.wrap(instant)));
    }

    /**
     * Returns the raw timestamp component: Unix seconds modulo 2<sup>25</sup>, as stored in bits 62..38. It is what
     * {@link #of(long, int, int, int)} takes and what the decoded view's {@code timestamp} component shows.
     *
     * @return 0 to {@value #MAX_TIMESTAMP}
     */
    public long timestampSeconds() {
        return TraceIdLayout.timestamp(toLong());
    }

    /**
     * Returns the node number.
     *
     * @return 0 to {@value #MAX_NODE_NO}; 0 means unknown
     */
    public int nodeNo() {
        return TraceIdLayout.nodeNo(toLong());
    }

    /**
     * Returns the chunk number.
     *
     * @return 0 to {@value #MAX_CHUNK_NO}
     */
    public int chunkNo() {
        return TraceIdLayout.chunkNo(toLong());
    }

    /**
     * Returns the counter within the chunk.
     *
     * @return 1 to {@value #MAX_COUNTER}
     */
    public int counter() {
        return TraceIdLayout.counter(toLong());
    }

    /**
     * Returns the embedded time, resolved against the current system time: the most recent whole second at or before
     * now whose Unix seconds end in the timestamp's 25 bits. The raw component is {@link #timestampSeconds()}.
     *
     * <p>Because the seconds wrap every 2<sup>25</sup> s, the result depends on when it is called: an ID older than
     * about 388 days, or stamped by a clock ahead of this one, resolves to the wrong period. Pass a reference with
     * {@link #timestamp(Instant)} or {@link #timestampNear(Instant)} when the time of reading is not the time of
     * making.
     *
     * @return the most recent second at or before now with this timestamp
     */
    @Override
    public Instant timestamp() {
        return timestamp(Instant.now());
    }

    /**
     * Resolves the wrapped timestamp against a reference: the most recent whole second at or before the reference
     * whose Unix seconds end in the timestamp's 25 bits.
     *
     * <p>An ID stamped slightly after the reference (a clock ahead of the reader's, or a generator that kept a
     * later second after its clock stepped back) resolves to about 388 days earlier; use
     * {@link #timestampNear(Instant)} where that matters.
     *
     * @param reference the time the ID is known not to be later than, typically now
     * @return the instant, in {@code (reference - 2^25 s, reference]}
     */
    public Instant timestamp(Instant reference) {
        return WrappedSeconds.atOrBefore(timestampSeconds(), reference);
    }

    /**
     * Resolves the wrapped timestamp to the second with those 25 bits nearest the reference's second, before or
     * after it (2<sup>24</sup> s, about 194 days, each way).
     *
     * @param reference a time close to when the ID was made
     * @return the instant, in {@code [reference second - 2^24 s, reference second + 2^24 s)}
     */
    public Instant timestampNear(Instant reference) {
        return WrappedSeconds.nearest(timestampSeconds(), reference);
    }

    /**
     * Checks the timestamp as elfo's {@code TraceIdValidator} does with a maximum time difference: the distance
     * between the timestamp and the 25 low bits of {@code now}'s Unix seconds, measured modulo 2<sup>25</sup> in
     * whichever direction is shorter, must not exceed {@code maxLag} (in whole seconds). It catches IDs stamped
     * too long ago and IDs from a clock too far ahead.
     *
     * @param now the current time
     * @param maxLag the largest distance allowed, not negative; fractions of a second are ignored
     * @return whether the timestamp lies within {@code maxLag} of {@code now}
     */
    public boolean isFresh(Instant now, Duration maxLag) {
        return WrappedSeconds.isWithin(timestampSeconds(), now, maxLag);
    }

    /**
     * Returns the decoded view, with the timestamp resolved against the current system time.
     *
     * @return the decoded view
     */
    @Override
    public DecodedId decoded() {
        return decoded(Instant.now());
    }

    /**
     * Returns the decoded view: scheme {@code trace-id}, the decimal string, the 16 hex digits of the bytes, the
     * instant resolved by {@link #timestamp(Instant)}, and the components {@code timestamp} (the 25-bit seconds),
     * {@code nodeNo}, {@code chunkNo} and {@code counter}. The layout covers the 8 bytes: a {@code reserved} zero
     * bit, then 25, 16, 12 and 10 bits of the components.
     *
     * @param reference the time to resolve the wrapped timestamp against
     * @return the decoded view
     */
    public DecodedId decoded(Instant reference) {
        long raw = toLong();
        return TraceIdLayout.describe(DecodedId.builder(SCHEME, toString(), Hex.of(raw), timestamp(reference)), raw)
                .build();
    }

    /**
     * Returns the canonical form: the value in decimal, as elfo displays it.
     *
     * @return the decimal text
     */
    @Override
    public String toString() {
        return TraceIdDecimal.of(toLong());
    }
}
