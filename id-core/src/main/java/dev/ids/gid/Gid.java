package dev.ids.gid;

import dev.ids.DecodedId;
import dev.ids.InvalidIdException;
import dev.ids.TwoWordId;
import dev.ids.internal.BigEndian;
import dev.ids.internal.TwoWords;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A Graft Identifier (GID): 16 bytes naming a Volume, Log or Segment, sortable by creation time (its layout: the
 * {@linkplain dev.ids.gid package description}).
 *
 * <p>Values are immutable and ordered by their bytes as unsigned numbers; {@link #equals(Object)} agrees with that
 * order. Parsing is strict: every string {@link #parse(String)} accepts is the {@link #toString()} of the result,
 * and {@link #fromBytes(byte[])} rejects bytes no generator produces (a bad prefix, byte 7 without its top bit).
 *
 * <p>Serializable: the serial form is the binary form of {@link #toBytes()} (under 70 bytes a value), checked on
 * reading as {@link #fromBytes(byte[])} checks it.
 */
public final class Gid extends TwoWordId<Gid> {

    /** The scheme name used in messages and the decoded view. */
    public static final String SCHEME = GidLayout.SCHEME;

    /** Size of a GID in bytes. */
    public static final int BYTES = GidLayout.BYTES;

    /** Size of the random part (bytes 7..15) in bytes. */
    public static final int RANDOM_BYTES = GidLayout.RANDOM_BYTES;

    /** The largest timestamp a GID can hold: 2^48 - 1 ms, in the year 10889. */
    public static final long MAX_TIMESTAMP_MILLIS = GidLayout.MAX_TIMESTAMP_MILLIS;

    /** How the layout and the text decoder build a GID: from the checked words, with no other allocation. */
    private static final TwoWords<Gid> OF = Gid::new;

    private static final long serialVersionUID = 1L;

    /** Wraps bytes 0..7 and 8..15, big-endian; callers have checked them. */
    Gid(long high, long low) {
        super(high, low);
    }

    /**
     * Creates a GID from its type, time and the 9 bytes of its random part (Graft's current layout).
     *
     * @param type the type, which gives the prefix byte
     * @param timestampMillis milliseconds since the Unix epoch, 0 to 2^48 - 1
     * @param random bytes 7..15; the first must have its top bit set (0x80 to 0xFF)
     * @return the GID
     * @throws IllegalArgumentException naming the component when a value is out of range
     */
    public static Gid of(GidType type, long timestampMillis, byte[] random) {
        return GidLayout.withRandom(type, timestampMillis, random, OF);
    }

    /**
     * Creates a GID in Graft's original layout: the prefix, the time, the prefix again (byte 7) and 64 random bits.
     *
     * @param type the type, which gives the prefix byte
     * @param timestampMillis milliseconds since the Unix epoch, 0 to 2^48 - 1
     * @param random64 bytes 8..15, big-endian
     * @return the GID
     * @throws IllegalArgumentException when the timestamp is out of range
     */
    public static Gid of(GidType type, long timestampMillis, long random64) {
        return new Gid(GidLayout.originalHigh(type, timestampMillis), random64);
    }

    /**
     * Returns the lowest GID of a type whose embedded time is the millisecond of an instant: the start of a
     * time-range query.
     *
     * @param type the type
     * @param instant the instant, from 1970-01-01T00:00:00Z to before 2^48 ms after it
     * @return the GID with that time and random part {@code 80 00 .. 00}
     * @throws IllegalArgumentException when the instant lies outside that range
     */
    public static Gid min(GidType type, Instant instant) {
        return new Gid(GidLayout.highAt(type, instant, 0x80), 0L);
    }

    /**
     * Returns the highest GID of a type whose embedded time is the millisecond of an instant: the end (inclusive)
     * of a time-range query.
     *
     * @param type the type
     * @param instant the instant, from 1970-01-01T00:00:00Z to before 2^48 ms after it
     * @return the GID with that time and random part {@code ff ff .. ff}
     * @throws IllegalArgumentException when the instant lies outside that range
     */
    public static Gid max(GidType type, Instant instant) {
        return new Gid(GidLayout.highAt(type, instant, 0xFF), -1L);
    }

    /**
     * Decodes 16 bytes of any GID type.
     *
     * @param bytes the bytes
     * @return the GID
     * @throws InvalidIdException when the input is null or not 16 bytes, the prefix is invalid or unknown, or byte
     *     7 lacks its top bit; the message holds the bytes in hex
     */
    public static Gid fromBytes(byte[] bytes) {
        return fromBytes(bytes, null);
    }

    /**
     * Decodes 16 bytes of a GID of one type.
     *
     * @param bytes the bytes
     * @param expected the type the GID must have, or {@code null} for any
     * @return the GID
     * @throws InvalidIdException as {@link #fromBytes(byte[])}, and when the GID has another type
     */
    public static Gid fromBytes(byte[] bytes, @Nullable GidType expected) {
        return GidLayout.fromBytes(bytes, expected, OF);
    }

    /**
     * Converts a {@link UUID} holding the 16 bytes of a GID (as {@link #toUuid()} makes) back, checking it as
     * {@link #fromBytes(byte[])} does.
     *
     * @param uuid the UUID
     * @return the GID
     * @throws InvalidIdException when the UUID is null or its bytes are not a valid GID; the message holds the
     *     UUID's string
     */
    public static Gid fromUuid(UUID uuid) {
        return GidLayout.fromUuid(uuid, OF);
    }

    /**
     * Parses the canonical string of a GID of any type, strictly.
     *
     * @param text 24 characters: 10 base58 digits, {@code '-'}, 13 base58 digits
     * @return the GID, whose {@link #toString()} equals {@code text}
     * @throws InvalidIdException when the text is null, of another length, lacks the {@code '-'} at index 10, has
     *     a character outside the alphabet, a group that overflows its 7 or 9 bytes, an invalid or unknown prefix,
     *     or a byte 7 without its top bit; the message holds the text
     */
    public static Gid parse(String text) {
        return Objects.requireNonNull(GidText.decode(text, null, OF, true), "decode throws rather than return null");
    }

    /**
     * Parses the canonical string of a GID of one type, strictly.
     *
     * @param text the string
     * @param expected the type the GID must have, or {@code null} for any
     * @return the GID
     * @throws InvalidIdException as {@link #parse(String)}, and when the GID has another type
     */
    public static Gid parse(String text, @Nullable GidType expected) {
        return Objects.requireNonNull(GidText.decode(text, expected, OF, true),
                "decode throws rather than return null");
    }

    /**
     * Tells whether {@link #parse(String)} would accept a string, without throwing.
     *
     * @param text the string, may be {@code null}
     * @return whether it is the canonical string of a GID
     */
    public static boolean isValid(@Nullable String text) {
        return GidText.decode(text, null, OF, false) != null;
    }

    /**
     * Tells whether {@link #parse(String, GidType)} would accept a string, without throwing.
     *
     * @param text the string, may be {@code null}
     * @param expected the type the GID must have, or {@code null} for any
     * @return whether it is the canonical string of a GID of that type
     */
    public static boolean isValid(@Nullable String text, @Nullable GidType expected) {
        return GidText.decode(text, expected, OF, false) != null;
    }

    /**
     * Returns the type named by the prefix.
     *
     * @return the type
     */
    public GidType type() {
        return GidType.ofValidPrefix(prefix());
    }

    /**
     * Returns the prefix byte (byte 0).
     *
     * @return {@code 0x80}, {@code 0xA0} or {@code 0xC0}
     */
    public int prefix() {
        return GidLayout.prefix(high());
    }

    /**
     * Returns the embedded time (bytes 1..6).
     *
     * @return milliseconds since the Unix epoch, 0 to 2^48 - 1
     */
    public long timestampMillis() {
        return GidLayout.timestampMillis(high());
    }

    /**
     * Returns the embedded time as an instant.
     *
     * @return the instant, to the millisecond
     */
    @Override
    public Instant timestamp() {
        return Instant.ofEpochMilli(timestampMillis());
    }

    /**
     * Returns the random part (bytes 7..15); in Graft's original layout byte 7 is a copy of the prefix.
     *
     * @return a new array of 9 bytes, the first with its top bit set
     */
    public byte[] randomBytes() {
        return GidLayout.randomBytes(high(), low());
    }

    /**
     * Returns the most significant 8 bytes (0..7), big-endian.
     *
     * @return bytes 0..7 as a long
     */
    public long mostSignificantBits() {
        return high();
    }

    /**
     * Returns the least significant 8 bytes (8..15), big-endian: the 64 random bits.
     *
     * @return bytes 8..15 as a long
     */
    public long leastSignificantBits() {
        return low();
    }

    /**
     * Returns the 16 bytes.
     *
     * @return a new array
     */
    public byte[] toBytes() {
        return BigEndian.twoWords(high(), low());
    }

    /**
     * Returns the 16 bytes as a UUID (most significant bits = bytes 0..7), for stores with a UUID column type. The
     * UUID is not of any RFC 4122 version; it orders like the GID only where the store compares UUIDs as unsigned
     * bytes.
     *
     * @return the UUID
     */
    public UUID toUuid() {
        return new UUID(high(), low());
    }

    /**
     * Returns Graft's short form: the 13 base58 digits of the random part. It does not round-trip (the type and
     * time are left out) and is meant for logs.
     *
     * @return the 13 characters after the {@code '-'} of {@link #toString()}
     */
    public String toShortString() {
        return GidCodec.encodeRandom((int) high() & 0xFF, low());
    }

    /**
     * Returns the decoded view: scheme {@code gid}, components {@code prefix}, {@code type}, {@code timestamp}
     * (ms) and {@code random} (hex of bytes 7..15); the layout holds {@code prefix} (8 bits), {@code timestamp}
     * (48) and {@code random} (72, as hex).
     *
     * @return the decoded view
     */
    @Override
    public DecodedId decoded() {
        return GidLayout.decoded(toString(), high(), low());
    }

    /**
     * Returns the canonical string: {@code base58(bytes[0..7]) + "-" + base58(bytes[7..16])}, 24 characters.
     *
     * @return the canonical string
     */
    @Override
    public String toString() {
        return GidCodec.encode(high(), low());
    }
}
