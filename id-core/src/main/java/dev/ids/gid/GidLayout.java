package dev.ids.gid;

import dev.ids.DecodedId;
import dev.ids.InvalidIdException;
import dev.ids.internal.BigEndian;
import dev.ids.internal.Checks;
import dev.ids.internal.Hex;
import dev.ids.internal.TwoWords;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The byte layout of a GID on its two big-endian words: packing the prefix, time and byte 7 into bytes 0..7,
 * reading those fields back, and the checks that every word pair built from outside input passes (a known prefix,
 * the top bit of byte 7, a timestamp that fits 48 bits), with their messages.
 *
 * <p>Everything here works on {@code long}s and builds results through a {@link TwoWords} factory, so the value
 * type depends on the layout and never the other way round: no cycle between the two source files. The text
 * decoder ({@code GidText}) and the codec use the same checks, so bytes, UUIDs and strings are held to one rule.
 */
final class GidLayout {

    /** The scheme name, in every message. */
    static final String SCHEME = "gid";

    /** Size of a GID in bytes. */
    static final int BYTES = 16;

    /** Size of the random part (bytes 7..15) in bytes. */
    static final int RANDOM_BYTES = 9;

    /** The largest timestamp: 2^48 - 1 ms, in the year 10889. */
    static final long MAX_TIMESTAMP_MILLIS = (1L << 48) - 1;

    private static final Instant TIME_LIMIT = Instant.ofEpochMilli(MAX_TIMESTAMP_MILLIS + 1);

    private GidLayout() {
    }

    /** Packs bytes 0..7: prefix, 48-bit timestamp, byte 7; the caller has checked each. */
    static long pack(int prefix, long timestampMillis, int byte7) {
        return (long) prefix << 56 | timestampMillis << 8 | byte7;
    }

    /** The prefix (byte 0) of bytes 0..7. */
    static int prefix(long high) {
        return (int) (high >>> 56);
    }

    /** The timestamp (bytes 1..6) of bytes 0..7. */
    static long timestampMillis(long high) {
        return (high >>> 8) & MAX_TIMESTAMP_MILLIS;
    }

    /** A new array of bytes 7..15: the low byte of {@code high}, then {@code low}. */
    static byte[] randomBytes(long high, long low) {
        byte[] out = new byte[RANDOM_BYTES];
        out[0] = (byte) high;
        BigEndian.write(out, 1, low);
        return out;
    }

    /**
     * The decoded view: the fields of the layout, read from the words as the value type's accessors read them.
     *
     * @param text the canonical string of the GID
     */
    static DecodedId decoded(String text, long high, long low) {
        String random = Hex.of(randomBytes(high, low));
        return DecodedId.builder(SCHEME, text, Hex.of(BigEndian.twoWords(high, low)),
                        Instant.ofEpochMilli(timestampMillis(high)))
                .component("prefix", prefix(high))
                .component("type", GidType.ofValidPrefix(prefix(high)).displayName())
                .component("timestamp", timestampMillis(high))
                .component("random", random)
                .field("prefix", 8, prefix(high))
                .field("timestamp", 48, timestampMillis(high))
                .field("random", RANDOM_BYTES * 8, random)
                .build();
    }

    /**
     * Bytes 0..7 of Graft's original layout, the prefix repeated in byte 7.
     *
     * @throws IllegalArgumentException when the timestamp is out of range
     */
    static long originalHigh(GidType type, long timestampMillis) {
        Objects.requireNonNull(type, "type");
        Checks.inRange("timestamp (ms)", timestampMillis, 0, MAX_TIMESTAMP_MILLIS);
        return pack(type.prefix(), timestampMillis, type.prefix());
    }

    /**
     * Bytes 0..7 for the millisecond of an instant, with a given byte 7: the bounds of a time-range query.
     *
     * @throws IllegalArgumentException when the instant lies outside the times a GID can hold
     */
    static long highAt(GidType type, Instant instant, int byte7) {
        // The type is checked before the instant, so that a call with both null names the type.
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(instant, "instant");
        if (instant.isBefore(Instant.EPOCH) || !instant.isBefore(TIME_LIMIT)) {
            throw new IllegalArgumentException("instant out of range [" + Instant.EPOCH + ", "
                    + TIME_LIMIT + "): " + instant);
        }
        return pack(type.prefix(), instant.toEpochMilli(), byte7);
    }

    /**
     * Builds a GID of Graft's current layout from its type, time and the 9 bytes of its random part.
     *
     * @throws IllegalArgumentException naming the component when a value is out of range
     */
    static <R> R withRandom(GidType type, long timestampMillis, byte[] random, TwoWords<R> result) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(random, "random");
        Checks.inRange("timestamp (ms)", timestampMillis, 0, MAX_TIMESTAMP_MILLIS);
        if (random.length != RANDOM_BYTES) {
            throw new IllegalArgumentException("random must be " + RANDOM_BYTES + " bytes (bytes 7..15), got "
                    + random.length);
        }
        Checks.inRange("random[0] (byte 7, its top bit must be set)", random[0] & 0xFF, 0x80, 0xFF);
        long low = 0;
        for (int i = 1; i < RANDOM_BYTES; i++) {
            low = low << 8 | (random[i] & 0xFF);
        }
        return result.of(pack(type.prefix(), timestampMillis, random[0] & 0xFF), low);
    }

    /**
     * Builds a GID from 16 bytes, checked as the value type's {@code fromBytes} documents.
     *
     * @param expected the type the GID must have, or {@code null} for any
     * @throws InvalidIdException naming the bytes in hex
     */
    static <R> R fromBytes(byte[] bytes, @Nullable GidType expected, TwoWords<R> result) {
        if (bytes == null) {
            throw new InvalidIdException(SCHEME, "null", "the bytes are null");
        }
        if (bytes.length != BYTES) {
            throw new InvalidIdException(SCHEME, Hex.excerpt(bytes),
                    "must be " + BYTES + " bytes, got " + bytes.length);
        }
        long high = BigEndian.read(bytes, 0);
        String problem = problem(high, expected);
        if (problem != null) {
            throw new InvalidIdException(SCHEME, Hex.of(bytes), problem);
        }
        return result.of(high, BigEndian.read(bytes, 8));
    }

    /**
     * Builds a GID from the 16 bytes a UUID holds, checked as {@link #fromBytes} checks them.
     *
     * @throws InvalidIdException naming the UUID's string
     */
    static <R> R fromUuid(UUID uuid, TwoWords<R> result) {
        if (uuid == null) {
            throw new InvalidIdException(SCHEME, "null", "the UUID is null");
        }
        String problem = problem(uuid.getMostSignificantBits(), null);
        if (problem != null) {
            throw new InvalidIdException(SCHEME, uuid.toString(), problem);
        }
        return result.of(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
    }

    /**
     * Returns what makes bytes 0..7 invalid, or {@code null}; bytes 8..15 are random and any value is valid.
     *
     * @param expected the type the GID must have, or {@code null} for any
     */
    static @Nullable String problem(long high, @Nullable GidType expected) {
        int prefix = prefix(high);
        String problem = GidType.prefixProblem(prefix);
        if (problem != null) {
            return problem;
        }
        int byte7 = (int) high & 0xFF;
        if (byte7 < 0x80) {
            return "byte 7 (" + Hex.ofByte(byte7) + ") lacks its top bit (0x80), which every GID sets so that"
                    + " its random part has 13 base58 digits";
        }
        if (expected != null && GidType.ofValidPrefix(prefix) != expected) {
            return "is a " + GidType.ofValidPrefix(prefix).displayName() + " GID, expected a "
                    + expected.displayName() + " GID";
        }
        return null;
    }
}
