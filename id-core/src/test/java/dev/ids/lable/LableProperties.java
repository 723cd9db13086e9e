package dev.ids.lable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

class LableProperties {

    private static final long MAX_TIMESTAMP = (1L << 42) - 1;
    /** The bits of bytes 6..7 outside {@code ...M..GG GGGGCCCC}: 0b1110_1100_0000_0000. */
    private static final long OUTSIDE_LAYOUT = 0b1110_1100_0000_0000L;

    @Provide
    Arbitrary<LableId> ids() {
        return Combinators.combine(
                Arbitraries.longs().between(0, MAX_TIMESTAMP),
                Arbitraries.integers().between(0, 63),
                Arbitraries.integers().between(0, 63),
                Arbitraries.integers().between(0, 15),
                Arbitraries.of(LableMode.class)).as(LableId::of);
    }

    @Property
    void componentsSurviveBytesStringAndLong(
            @ForAll @LongRange(min = 0, max = (1L << 42) - 1) long timestamp,
            @ForAll @IntRange(min = 0, max = 63) int sequence,
            @ForAll @IntRange(min = 0, max = 63) int generator,
            @ForAll @IntRange(min = 0, max = 15) int cluster,
            @ForAll LableMode mode) {
        LableId id = LableId.of(timestamp, sequence, generator, cluster, mode);

        for (LableId copy : new LableId[] {
                LableId.fromBytes(id.toBytes()), LableId.parse(id.toString()), LableId.fromLong(id.toLong())}) {
            assertThat(copy).isEqualTo(id).hasSameHashCodeAs(id);
            assertThat(copy.timestampMillis()).isEqualTo(timestamp);
            assertThat(copy.timestamp()).isEqualTo(Instant.ofEpochMilli(timestamp));
            assertThat(copy.sequence()).isEqualTo(sequence);
            assertThat(copy.generatorId()).isEqualTo(generator);
            assertThat(copy.clusterId()).isEqualTo(cluster);
            assertThat(copy.mode()).isEqualTo(mode);
        }
        assertThat(id.toString()).isEqualTo(HexFormat.of().formatHex(id.toBytes()));
        assertThat(id.toLong()).isEqualTo(ByteBuffer.wrap(id.toBytes()).getLong());
    }

    @Property
    void bytesFollowTheSpecArithmetic(
            @ForAll @LongRange(min = 0, max = (1L << 42) - 1) long timestamp,
            @ForAll @IntRange(min = 0, max = 63) int sequence,
            @ForAll @IntRange(min = 0, max = 63) int generator,
            @ForAll @IntRange(min = 0, max = 15) int cluster,
            @ForAll LableMode mode) {
        byte[] bytes = LableId.of(timestamp, sequence, generator, cluster, mode).toBytes();

        // Bit i of the timestamp (i = 0 is the lowest) lands on bit 63 - i (SPREAD) or 22 + i (TIME_SEQUENTIAL).
        for (int i = 0; i < 42; i++) {
            int position = mode == LableMode.SPREAD ? 63 - i : 22 + i;
            assertThat(bitAt(bytes, position)).as("timestamp bit %d", i).isEqualTo((int) (timestamp >>> i) & 1);
        }
        assertThat(bytes[5] & 0x3F).isEqualTo(sequence);
        assertThat(bytes[6] & 0xFF).isEqualTo((mode == LableMode.TIME_SEQUENTIAL ? 0x10 : 0) | generator >> 4);
        assertThat(bytes[7] & 0xFF).isEqualTo((generator & 0xF) << 4 | cluster);
    }

    @Property
    void orderOfValuesIsTheOrderOfTheirBytesAndStrings(@ForAll("ids") LableId a, @ForAll("ids") LableId b) {
        int byValue = Integer.signum(a.compareTo(b));

        assertThat(byValue).isEqualTo(Integer.signum(Arrays.compareUnsigned(a.toBytes(), b.toBytes())));
        assertThat(byValue).isEqualTo(Integer.signum(a.toString().compareTo(b.toString())));
        assertThat(a.equals(b)).isEqualTo(byValue == 0);
    }

    @Property
    void timeSequentialIdsSortByTimestampThenSequence(@ForAll("ids") LableId a, @ForAll("ids") LableId b) {
        LableId x = LableId.of(a.timestampMillis(), a.sequence(), a.generatorId(), a.clusterId(),
                LableMode.TIME_SEQUENTIAL);
        LableId y = LableId.of(b.timestampMillis(), b.sequence(), b.generatorId(), b.clusterId(),
                LableMode.TIME_SEQUENTIAL);
        int byTime = Long.compare(x.timestampMillis() << 6 | x.sequence(), y.timestampMillis() << 6 | y.sequence());
        if (byTime != 0) {
            assertThat(Integer.signum(x.compareTo(y))).isEqualTo(Integer.signum(byTime));
        }
    }

    @Property
    void minAndMaxBracketEveryTimeSequentialIdOfTheirMillisecond(@ForAll("ids") LableId any) {
        LableId id = LableId.of(any.timestampMillis(), any.sequence(), any.generatorId(), any.clusterId(),
                LableMode.TIME_SEQUENTIAL);
        Instant instant = Instant.ofEpochMilli(id.timestampMillis()).plusNanos(999_999);

        assertThat(id).isBetween(LableId.min(instant, LableMode.TIME_SEQUENTIAL),
                LableId.max(instant, LableMode.TIME_SEQUENTIAL));
        assertThat(LableId.min(instant, LableMode.TIME_SEQUENTIAL).timestampMillis()).isEqualTo(id.timestampMillis());
        assertThat(LableId.max(instant, LableMode.TIME_SEQUENTIAL).timestampMillis()).isEqualTo(id.timestampMillis());
        if (id.timestampMillis() < MAX_TIMESTAMP) {
            assertThat(id).isLessThan(LableId.min(instant.plusMillis(1), LableMode.TIME_SEQUENTIAL));
        }
        if (id.timestampMillis() > 0) {
            assertThat(id).isGreaterThan(LableId.max(instant.minusMillis(1), LableMode.TIME_SEQUENTIAL));
        }
    }

    @Property
    void anyLongIsAcceptedExactlyWhenNoBitLiesOutsideTheLayout(@ForAll long value) {
        boolean fits = (value & OUTSIDE_LAYOUT) == 0;
        String hex = String.format("%016x", value);

        assertThat(LableId.isValid(hex)).isEqualTo(fits);
        if (fits) {
            assertThat(LableId.fromLong(value).toLong()).isEqualTo(value);
            assertThat(LableId.parse(hex).toString()).isEqualTo(hex);
        } else {
            assertThatThrownBy(() -> LableId.fromLong(value))
                    .isInstanceOf(InvalidIdException.class).hasMessageContaining(hex);
            assertThatThrownBy(() -> LableId.parse(hex))
                    .isInstanceOf(InvalidIdException.class).hasMessageContaining(hex);
        }
    }

    @Property
    void mutatedStringsAreRejectedOrCanonical(
            @ForAll("ids") LableId id,
            @ForAll @IntRange(min = 0, max = 2) int operation,
            @ForAll @IntRange(min = 0, max = 16) int index,
            @ForAll("mutationChars") char c) {
        String valid = id.toString();
        int at = Math.min(index, operation == 1 ? 16 : 15);
        String mutated = switch (operation) {
            case 0 -> valid.substring(0, at) + c + valid.substring(at + 1);
            case 1 -> valid.substring(0, at) + c + valid.substring(at);
            default -> valid.substring(0, at) + valid.substring(at + 1);
        };

        try {
            assertThat(LableId.parse(mutated).toString()).isEqualTo(mutated);
            assertThat(LableId.isValid(mutated)).isTrue();
        } catch (InvalidIdException e) {
            assertThat(e).hasMessageContaining(Chars.quote(mutated));
            assertThat(LableId.isValid(mutated)).isFalse();
        }
    }

    @Provide
    Arbitrary<Character> mutationChars() {
        return Arbitraries.oneOf(
                Arbitraries.of('0', '1', '3', '7', '9', 'a', 'c', 'f', 'A', 'F', 'g', 'G', 'x', ' ', '-', '+', '\0',
                        '\u0660', '\uff10', '\u00e9'),
                Arbitraries.chars());
    }

    private static int bitAt(byte[] bytes, int position) {
        int fromTop = 63 - position;
        return (bytes[fromTop / 8] >> (7 - fromTop % 8)) & 1;
    }
}
