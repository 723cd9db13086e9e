package dev.ids.sno;

import dev.ids.DecodedId;
import dev.ids.InvalidIdException;
import dev.ids.TwoWordId;
import dev.ids.internal.Checks;
import dev.ids.internal.Hex;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A sno: a 10-byte identifier that sorts by time, from muyo/sno.
 *
 * <pre>
 *  byte    0        1        2        3        4         5        6        7        8        9
 *      +--------+--------+--------+--------+-------+-+--------+--------+--------+--------+--------+
 *      |               units (39 bits)             |T|metabyte|    partition    |    sequence     |
 *      +--------+--------+--------+--------+-------+-+--------+--------+--------+--------+--------+
 *
 *  units      4 ms intervals since 2010-01-01T00:00:00Z (floor), 0..2^39-1 (until 2079-09-07T15:47:35.551Z)
 *  T          the tick-tock bit, flipped by a generator when its wall clock falls back into a used unit
 *  metabyte   8 bits the caller chooses, 0..255
 *  partition  16 bits naming the generator (or group of generators), 0..65535
 *  sequence   16 bits, 0..65535, restarting at the generator's minimum in each 4 ms unit
 * </pre>
 *
 * <p>All multi-byte fields are big-endian. The canonical text is 16 characters of the {@link SnoCodec} base32
 * alphabet ({@code 23456789abcdefghijklmnopqrstuvwx}), e.g. {@code brpk4q72xwf2m63l}; strings sort like the bytes.
 * Every 80-bit value is a valid sno. Instances are immutable; {@link #compareTo} follows the unsigned
 * big-endian order of {@link #toBytes()}, and {@link #equals(Object)} agrees with it.
 *
 * <p>Serializable: the serial form is the binary form of {@link #toBytes()} (under 70 bytes a value), checked on
 * reading as {@link #fromBytes(byte[])} checks it.
 */
public final class Sno extends TwoWordId<Sno> {

    /** The scheme's name in messages and the decoded view. */
    public static final String SCHEME = "sno";

    /** The number of bytes of the binary form. */
    public static final int BYTES = 10;

    /** The sno epoch: 2010-01-01T00:00:00Z. */
    public static final Instant EPOCH = Instant.ofEpochSecond(1_262_304_000L);

    /** The length of one time unit, in milliseconds. */
    public static final int UNIT_MILLIS = 4;

    /** The largest partition. */
    public static final int MAX_PARTITION = 0xFFFF;

    /** The largest sequence number; generators use 0 to this by default. */
    public static final int MAX_SEQUENCE = 0xFFFF;

    /** The largest {@linkplain #units() unit count}, 2^39 - 1. */
    public static final long MAX_UNITS = (1L << 39) - 1;

    /** The start of the last representable unit: 2079-09-07T15:47:35.548Z. */
    public static final Instant MAX_TIMESTAMP = Instant.ofEpochMilli(1_262_304_000_000L + MAX_UNITS * UNIT_MILLIS);

    static final long EPOCH_MILLIS = 1_262_304_000_000L;
    /** The last millisecond (since 2010) that falls in a representable unit. */
    static final long MAX_MILLIS = MAX_UNITS * UNIT_MILLIS + UNIT_MILLIS - 1;


    private static final long serialVersionUID = 1L;

    /** Wraps bytes 0..4 ({@code units << 1 | tick-tock}) and 5..9 ({@code metabyte << 32 | partition << 16 | seq}). */
    Sno(long time, long payload) {
        super(time, payload);
    }

    /**
     * Builds a sno from its components.
     *
     * @param units 4 ms intervals since 2010-01-01T00:00:00Z, 0..2^39-1
     * @param tickTock the tick-tock bit, 0 or 1
     * @param metabyte the metabyte, 0..255
     * @param partition the partition, 0..65535
     * @param sequence the sequence, 0..65535
     * @return the sno
     * @throws IllegalArgumentException naming the component, its range and the value when one is out of range
     */
    public static Sno of(long units, int tickTock, int metabyte, int partition, int sequence) {
        Checks.inRange("units", units, 0, MAX_UNITS);
        Checks.inRange("tickTock", tickTock, 0, 1);
        Checks.inRange("metabyte", metabyte, 0, 255);
        Checks.inRange("partition", partition, 0, 65535);
        Checks.inRange("sequence", sequence, 0, 65535);
        return create(units, tickTock, metabyte, partition, sequence);
    }

    /** Builds a sno from components already known to be in range. */
    static Sno create(long units, int tickTock, int metabyte, int partition, int sequence) {
        return new Sno(units << 1 | tickTock, (long) metabyte << 32 | (long) partition << 16 | sequence);
    }

    /**
     * Reads a sno from its 10 bytes. Every 10-byte value is a valid sno.
     *
     * @param bytes exactly 10 bytes, big-endian
     * @return the sno
     * @throws InvalidIdException when {@code bytes} is null or not 10 bytes long
     */
    public static Sno fromBytes(byte[] bytes) {
        SnoCodec.checkLength(bytes);
        return new Sno(SnoCodec.block(bytes, 0), SnoCodec.block(bytes, 5));
    }

    /**
     * Parses the canonical 16-character form. Strict: only the 32 characters of the alphabet, lower case, exactly
     * 16 of them; no whitespace.
     *
     * @param text the text
     * @return the sno whose {@link #toString()} equals {@code text}
     * @throws InvalidIdException naming the text and what is wrong with it
     */
    public static Sno parse(String text) {
        return parse((CharSequence) text);
    }

    static Sno parse(CharSequence text) {
        if (text != null && text.length() == SnoCodec.LENGTH) {
            long high = SnoCodec.decodeBlock(text, 0);
            long low = SnoCodec.decodeBlock(text, 8);
            if (high >= 0 && low >= 0) {
                return new Sno(high, low);
            }
        }
        throw SnoCodec.invalid(text);
    }

    /**
     * Tells whether a text is the canonical form of a sno.
     *
     * @param text the text, may be null
     * @return whether {@link #parse(String)} would accept it
     */
    public static boolean isValid(@Nullable String text) {
        return SnoCodec.isValid(text);
    }

    /**
     * Returns the lowest sno whose embedded high() is the 4 ms unit containing an instant (tick-tock, metabyte,
     * partition and sequence all zero), for the lower bound of a high()-range query.
     *
     * @param instant an instant from 2010-01-01T00:00:00Z to 2079-09-07T15:47:35.551999999Z
     * @return the lowest sno of that unit
     * @throws IllegalArgumentException when the instant lies outside that range
     */
    public static Sno min(Instant instant) {
        return create(unitsOf(instant), 0, 0, 0, 0);
    }

    /**
     * Returns the highest sno whose embedded high() is the 4 ms unit containing an instant (tick-tock 1, metabyte
     * 255, partition and sequence 65535), for the upper bound of a high()-range query.
     *
     * @param instant an instant from 2010-01-01T00:00:00Z to 2079-09-07T15:47:35.551999999Z
     * @return the highest sno of that unit
     * @throws IllegalArgumentException when the instant lies outside that range
     */
    public static Sno max(Instant instant) {
        return create(unitsOf(instant), 1, 255, 65535, 65535);
    }

    /**
     * Returns the high() unit an instant falls in: floor((milliseconds since 2010-01-01T00:00:00Z) / 4).
     *
     * @param instant the instant
     * @return its unit count
     * @throws IllegalArgumentException when no sno can embed that instant
     */
    static long unitsOf(Instant instant) {
        Objects.requireNonNull(instant, "instant");
        long seconds = instant.getEpochSecond();
        long lastSecond = (EPOCH_MILLIS + MAX_MILLIS) / 1000;
        long millis = seconds < EPOCH.getEpochSecond() || seconds > lastSecond
                ? -1
                : seconds * 1000 + instant.getNano() / 1_000_000 - EPOCH_MILLIS;
        if (millis < 0 || millis > MAX_MILLIS) {
            throw new IllegalArgumentException("instant out of range [" + EPOCH + ", "
                    + Instant.ofEpochMilli(EPOCH_MILLIS + MAX_MILLIS).plusNanos(999_999) + "]: " + instant);
        }
        return millis / UNIT_MILLIS;
    }

    /**
     * Returns the count of 4 ms intervals since 2010-01-01T00:00:00Z.
     *
     * @return the units, 0..2^39-1
     */
    public long units() {
        return high() >>> 1;
    }

    /**
     * Returns the tick-tock bit.
     *
     * @return 0 or 1
     */
    public int tickTock() {
        return (int) (high() & 1);
    }

    /**
     * Returns the metabyte.
     *
     * @return 0..255
     */
    public int metabyte() {
        return (int) (low() >>> 32);
    }

    /**
     * Returns the partition.
     *
     * @return 0..65535
     */
    public int partition() {
        return (int) (low() >>> 16) & 0xFFFF;
    }

    /**
     * Returns the sequence.
     *
     * @return 0..65535
     */
    public int sequence() {
        return (int) low() & 0xFFFF;
    }

    /**
     * Returns the embedded high(): 2010-01-01T00:00:00Z plus {@code units() * 4} ms.
     *
     * @return the start of the 4 ms unit the sno was stamped in
     */
    @Override
    public Instant timestamp() {
        return Instant.ofEpochMilli(EPOCH_MILLIS + units() * UNIT_MILLIS);
    }

    /**
     * Returns the 10 bytes, big-endian.
     *
     * @return a new array
     */
    public byte[] toBytes() {
        return SnoCodec.bytes(high(), low());
    }

    /**
     * Returns the decoded view: scheme {@code sno}, canonical string, hex, timestamp and the components
     * {@code units}, {@code tickTock}, {@code metabyte}, {@code partition}, {@code sequence}, which the layout
     * places in 39, 1, 8, 16 and 16 bits.
     *
     * @return the decoded view
     */
    @Override
    public DecodedId decoded() {
        return DecodedId.builder(SCHEME, toString(), Hex.of(toBytes()), timestamp())
                .component("units", units())
                .component("tickTock", tickTock())
                .component("metabyte", metabyte())
                .component("partition", partition())
                .component("sequence", sequence())
                .field("units", 39, units())
                .field("tickTock", 1, tickTock())
                .field("metabyte", 8, metabyte())
                .field("partition", 16, partition())
                .field("sequence", 16, sequence())
                .build();
    }

    /**
     * Returns the canonical 16-character form.
     *
     * @return the encoded sno, e.g. {@code brpk4q72xwf2m63l}
     */
    @Override
    public String toString() {
        return SnoCodec.encode(high(), low());
    }
}
