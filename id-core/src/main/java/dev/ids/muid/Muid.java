package dev.ids.muid;

import dev.ids.DecodedId;
import dev.ids.InvalidIdException;
import dev.ids.TwoWordId;
import dev.ids.internal.BigEndian;
import dev.ids.internal.Hex;
import dev.ids.internal.TwoWords;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A Gink muid: a 128-bit identifier made of a microsecond timestamp, the medallion of the node that made it and an
 * offset within that node's transaction.
 *
 * <pre>
 * bits  127                            76 75                  32 31              0
 *       +-------------------------------+----------------------+-----------------+
 *       | timestamp: 52 bits            | medallion: 44 bits   | offset: 32 bits |
 *       | µs since 1970-01-01T00:00:00Z | node identity        | signed          |
 *       +-------------------------------+----------------------+-----------------+
 *
 * string  5D5EAC793E61F-1BFC71B112D-0000000B
 *         |-13 hex----| |-11 hex--| |-8 hex-|   upper case, big-endian
 * </pre>
 *
 * <ul>
 *   <li>A timestamp or medallion of all one bits ({@code FFFFFFFFFFFFF}, {@code FFFFFFFFFFF}) stands for -1, as
 *       in Gink's global objects; the accessors return -1 for it.</li>
 *   <li>The offset is a signed 32-bit two's complement number ({@code FFFFFFFF} is -1). Offset 0 is a transaction
 *       itself; the changes within it share its timestamp and medallion and take offsets 1, 2, 3...</li>
 *   <li>Values compare in the unsigned, big-endian order of their 16 bytes, which is also the order of their
 *       canonical strings.</li>
 *   <li>Every 16-byte array is a muid: each bit pattern stands for one triple of components.</li>
 * </ul>
 *
 * <p>As in the other schemes of this library, {@link #timestamp()} returns the embedded time as an {@link Instant};
 * the raw component (a {@code long} of microseconds) is {@link #timestampMicros()}.
 *
 * <p>Instances are immutable and thread-safe.
 *
 * <p>Serializable: the serial form is the binary form of {@link #toBytes()} (under 70 bytes a value), checked on
 * reading as {@link #fromBytes(byte[])} checks it.
 */
public final class Muid extends TwoWordId<Muid> {

    /** The scheme's name in messages and decoded views. */
    public static final String SCHEME = "muid";

    /** The length of the packed binary form ({@link #toBytes()}). */
    public static final int BYTES = 16;

    /** How {@link MuidCodec} builds a parsed muid: from the two words, with no other allocation. */
    private static final TwoWords<Muid> OF = Muid::new;

    /** The largest timestamp component an ordinary (not global) muid can hold: 2^52 - 2 µs, in the year 2112. */
    public static final long MAX_TIMESTAMP = MuidLayout.MAX_TIMESTAMP;

    /** The largest medallion an ordinary (not global) muid can hold: 2^44 - 2. */
    public static final long MAX_MEDALLION = MuidLayout.MAX_MEDALLION;

    private static final long serialVersionUID = 1L;

    /** Wraps bits 127..64 (the timestamp, the upper 12 bits of the medallion) and 63..0 (the rest). */
    Muid(long high, long low) {
        super(high, low);
    }

    /**
     * Creates a muid from its components, normalising as Gink's reference constructor does: a timestamp of
     * 16^13 - 1 becomes -1, a medallion of 16^11 - 1 becomes -1, and an offset of 2^31 or more becomes
     * {@code offset - 2^32}.
     *
     * @param timestamp microseconds since the Unix epoch, -1 to 2^52 - 1 (-1 and 2^52 - 1 both mean the global -1)
     * @param medallion the node's medallion, -1 to 2^44 - 1 (-1 and 2^44 - 1 both mean the global -1)
     * @param offset the offset within the transaction, -2^31 to 2^32 - 1
     * @return the muid
     * @throws IllegalArgumentException naming the component, its range and value when one is out of range
     */
    public static Muid of(long timestamp, long medallion, long offset) {
        return pack(timestamp, medallion, MuidLayout.checkComponents(timestamp, medallion, offset));
    }

    /** Packs components already known to be in range (-1 allowed for timestamp and medallion). */
    static Muid pack(long timestamp, long medallion, int offset) {
        return new Muid(MuidLayout.high(timestamp, medallion), MuidLayout.low(medallion, offset));
    }

    /**
     * Reads the 16-byte big-endian packed form.
     *
     * @param bytes exactly 16 bytes
     * @return the muid
     * @throws InvalidIdException when {@code bytes} is {@code null} or not 16 bytes long
     */
    public static Muid fromBytes(byte[] bytes) {
        if (bytes == null) {
            throw new InvalidIdException(SCHEME, "null", "no bytes given");
        }
        if (bytes.length != BYTES) {
            throw new InvalidIdException(SCHEME, Hex.excerpt(bytes),
                    "the packed form is exactly " + BYTES + " bytes, got " + bytes.length);
        }
        return new Muid(BigEndian.read(bytes, 0), BigEndian.read(bytes, 8));
    }

    /**
     * Converts a UUID with the same 128 bits (most significant half first) into a muid.
     *
     * @param uuid the UUID
     * @return the muid whose bytes equal the UUID's
     */
    public static Muid fromUuid(UUID uuid) {
        Objects.requireNonNull(uuid, "uuid");
        return new Muid(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
    }

    /**
     * Parses the string form. The canonical form is {@code TTTTTTTTTTTTT-MMMMMMMMMMM-OOOOOOOO} (13, 11 and 8
     * upper-case hexadecimal digits); as the Gink specification allows, {@code TTTTTTTTTTTTT-MMMMMMMMMMM}
     * (offset 0) and {@code TTTTTTTTTTTTT} (medallion and offset 0) are accepted too. Nothing else is: no lower
     * case, no whitespace, no other lengths or separators.
     *
     * @param text the string
     * @return the muid
     * @throws InvalidIdException naming the input and what is wrong with it
     */
    public static Muid parse(String text) {
        return MuidCodec.decode(text, OF);
    }

    /**
     * Tells whether {@link #parse(String)} would accept a string.
     *
     * @param text the string, may be {@code null}
     * @return {@code true} when it is a canonical or short-form muid
     */
    public static boolean isValid(@Nullable String text) {
        return MuidCodec.isValid(text);
    }

    /**
     * Returns the lowest muid whose embedded time is the given instant (truncated to microseconds): that
     * timestamp, medallion 0 and offset 0. With {@link #max(Instant)}, it bounds time-range queries over the
     * binary or string order.
     *
     * @param instant from 1970-01-01T00:00:00Z to 2^52 - 2 µs after it (2112-09-17)
     * @return the lowest muid of that microsecond
     * @throws IllegalArgumentException when the instant lies outside that range
     */
    public static Muid min(Instant instant) {
        return new Muid(MuidLayout.lowestHigh(MuidLayout.micros(instant)), 0L);
    }

    /**
     * Returns the highest muid whose embedded time is the given instant (truncated to microseconds): that
     * timestamp with all the bits of the medallion and offset set.
     *
     * @param instant from 1970-01-01T00:00:00Z to 2^52 - 2 µs after it (2112-09-17)
     * @return the highest muid of that microsecond
     * @throws IllegalArgumentException when the instant lies outside that range
     */
    public static Muid max(Instant instant) {
        return new Muid(MuidLayout.highestHigh(MuidLayout.micros(instant)), -1L);
    }

    /**
     * Returns the raw timestamp component: microseconds since the Unix epoch, or -1 for the all-ones value of Gink's
     * global objects. It is what {@link #of(long, long, long)} takes and what the decoded view's {@code timestamp}
     * component shows.
     *
     * @return the timestamp in microseconds, 0 to 2^52 - 2, or -1
     */
    public long timestampMicros() {
        return MuidLayout.timestamp(high());
    }

    /**
     * Returns the medallion: the identity of the node that made this muid, or -1 for the all-ones value.
     *
     * @return the medallion, 0 to 2^44 - 2, or -1
     */
    public long medallion() {
        return MuidLayout.medallion(high(), low());
    }

    /**
     * Returns the offset within the transaction, signed: 0 for the transaction itself, 1, 2, 3... for its changes.
     *
     * @return the offset, -2^31 to 2^31 - 1
     */
    public int offset() {
        return (int) low();
    }

    /**
     * Returns the embedded time: the Unix epoch plus {@link #timestampMicros()} microseconds. For the all-ones
     * timestamp of Gink's global objects, whose component is -1, it is one microsecond before the epoch,
     * {@code 1969-12-31T23:59:59.999999Z}, as the component says; it never throws.
     *
     * @return the embedded time
     */
    @Override
    public Instant timestamp() {
        long micros = timestampMicros();
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
    }

    /**
     * Returns the 16-byte big-endian packed form.
     *
     * @return a new array of 16 bytes
     */
    public byte[] toBytes() {
        return BigEndian.twoWords(high(), low());
    }

    /**
     * Returns a UUID with the same 128 bits, for databases and APIs that store UUIDs. (It is not a UUID of any
     * RFC 9562 version; only the bits are the same.)
     *
     * @return the UUID whose bytes equal this muid's
     */
    public UUID toUuid() {
        return new UUID(high(), low());
    }

    /**
     * Returns the muid with the same timestamp and medallion and another offset.
     *
     * @param offset the offset
     * @return a muid of the same transaction
     */
    Muid withOffset(int offset) {
        return new Muid(high(), MuidLayout.withOffset(low(), offset));
    }

    /**
     * Returns the decoded view: scheme {@code muid}, the canonical string, the hex of the bytes, the embedded time
     * and the components {@code timestamp} (µs), {@code medallion} and {@code offset} (signed). The layout holds
     * their raw bits, 52, 44 and 32 of them, unsigned (all ones where a component reads -1).
     *
     * @return the decoded view
     */
    @Override
    public DecodedId decoded() {
        DecodedId.Builder view = DecodedId.builder(SCHEME, toString(), Hex.of(toBytes()), timestamp());
        return MuidLayout.describe(view, high(), low()).build();
    }

    /**
     * Returns the canonical string: 13, 11 and 8 upper-case hexadecimal digits joined by {@code -}, for example
     * {@code 5D5EAC793E61F-1BFC71B112D-0000000B}. Always all three parts, 34 characters.
     *
     * @return the canonical string
     */
    @Override
    public String toString() {
        return MuidCodec.encode(high(), low());
    }
}
