package dev.ids.sno;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import java.time.Instant;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

class SnoProperties {

    private static final long MAX_UNITS = (1L << 39) - 1;
    private static final String ALPHABET = "23456789abcdefghijklmnopqrstuvwx";

    @Property
    void componentsSurviveBytesAndText(@ForAll @LongRange(min = 0, max = MAX_UNITS) long units,
            @ForAll @IntRange(min = 0, max = 1) int tick, @ForAll @IntRange(min = 0, max = 255) int meta,
            @ForAll @IntRange(min = 0, max = 65535) int partition, @ForAll @IntRange(min = 0, max = 65535) int seq) {
        Sno sno = Sno.of(units, tick, meta, partition, seq);
        Sno back = Sno.parse(SnoCodec.encode(Sno.fromBytes(sno.toBytes()).toBytes()));

        assertThat(back).isEqualTo(sno);
        assertThat(back.units()).isEqualTo(units);
        assertThat(back.tickTock()).isEqualTo(tick);
        assertThat(back.metabyte()).isEqualTo(meta);
        assertThat(back.partition()).isEqualTo(partition);
        assertThat(back.sequence()).isEqualTo(seq);
        assertThat(back.toString()).hasSize(16).matches("[2-9a-x]{16}");
        // Independent arithmetic: the embedded time is the epoch plus 4 ms per unit.
        assertThat(back.timestamp()).isEqualTo(Instant.parse("2010-01-01T00:00:00Z").plusMillis(units * 4));
        // The first 5 bytes are units << 1 | tick, big-endian.
        byte[] bytes = sno.toBytes();
        long block = 0;
        for (int i = 0; i < 5; i++) {
            block = block << 8 | (bytes[i] & 0xFF);
        }
        assertThat(block).isEqualTo(units << 1 | tick);
        assertThat(((bytes[6] & 0xFF) << 8) | (bytes[7] & 0xFF)).isEqualTo(partition);
    }

    @Property
    void everyTenBytesAreASnoThatRoundTrips(@ForAll @Size(10) byte[] bytes) {
        Sno sno = Sno.fromBytes(bytes);
        assertThat(sno.toBytes()).isEqualTo(bytes);
        assertThat(Sno.parse(sno.toString())).isEqualTo(sno);
    }

    @Property
    void orderOfValuesIsTheOrderOfBytesAndOfStrings(@ForAll @Size(10) byte[] a, @ForAll @Size(10) byte[] b) {
        Sno x = Sno.fromBytes(a);
        Sno y = Sno.fromBytes(b);
        int byBytes = Integer.signum(Arrays.compareUnsigned(a, b));

        assertThat(Integer.signum(x.compareTo(y))).isEqualTo(byBytes);
        assertThat(Integer.signum(x.toString().compareTo(y.toString()))).isEqualTo(byBytes);
        assertThat(x.equals(y)).isEqualTo(byBytes == 0);
    }

    @Property
    void orderFollowsTimeThenTickTockThenTheRest(@ForAll @LongRange(min = 0, max = MAX_UNITS - 1) long units,
            @ForAll @IntRange(min = 0, max = 65535) int seq) {
        Sno earlier = Sno.of(units, 1, 255, 65535, 65535);
        Sno later = Sno.of(units + 1, 0, 0, 0, seq);
        Sno tock = Sno.of(units, 1, 0, 0, 0);
        Sno tick = Sno.of(units, 0, 255, 65535, 65535);

        assertThat(earlier).isLessThan(later);
        assertThat(tick).isLessThan(tock);
    }

    @Property
    void mutatedStringsAreRejectedOrCanonical(@ForAll @Size(10) byte[] bytes,
            @ForAll("mutations") Mutation mutation) {
        String valid = Sno.fromBytes(bytes).toString();
        String mutated = mutation.apply(valid);
        Sno parsed;
        try {
            parsed = Sno.parse(mutated);
        } catch (InvalidIdException e) {
            assertThat(e.getMessage()).contains(Chars.quote(mutated));
            assertThat(Sno.isValid(mutated)).isFalse();
            return;
        }
        assertThat(parsed.toString()).isEqualTo(mutated);
        assertThat(Sno.isValid(mutated)).isTrue();
    }

    @Property
    void minAndMaxBoundEveryIdOfTheirUnit(@ForAll @LongRange(min = 1_262_304_000_000L, max = 3_461_327_255_551L)
            long epochMillis, @ForAll @IntRange(min = 0, max = 999_999) int nanos, @ForAll @Size(5) byte[] payload,
            @ForAll @IntRange(min = 0, max = 1) int tick) {
        Instant instant = Instant.ofEpochMilli(epochMillis).plusNanos(nanos);
        long units = Math.floorDiv(epochMillis - 1_262_304_000_000L, 4);
        byte[] bytes = new byte[10];
        System.arraycopy(payload, 0, bytes, 5, 5);
        Sno inUnit = Sno.of(units, tick, bytes[5] & 0xFF, Sno.fromBytes(bytes).partition(),
                Sno.fromBytes(bytes).sequence());

        assertThat(Sno.min(instant)).isLessThanOrEqualTo(inUnit);
        assertThat(Sno.max(instant)).isGreaterThanOrEqualTo(inUnit);
        assertThat(Sno.min(instant).timestamp()).isBeforeOrEqualTo(instant)
                .isAfter(instant.minusMillis(4));
        if (units > 0) {
            assertThat(Sno.max(instant.minusMillis(4))).isLessThan(Sno.min(instant));
        }
    }

    @Property
    void outOfRangeComponentsAreRefusedNamingThem(@ForAll("badComponents") long[] c) {
        assertThatThrownBy(() -> Sno.of(c[0], (int) c[1], (int) c[2], (int) c[3], (int) c[4]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("out of range");
    }

    @Property
    void bytesOfAnyOtherLengthAreRefused(@ForAll @Size(max = 20) byte[] bytes) {
        if (bytes.length == 10) {
            return;
        }
        assertThatThrownBy(() -> Sno.fromBytes(bytes)).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("10 bytes");
    }

    @Provide
    Arbitrary<long[]> badComponents() {
        Arbitrary<Integer> which = Arbitraries.integers().between(0, 4);
        Arbitrary<Boolean> below = Arbitraries.of(true, false);
        long[] max = {MAX_UNITS, 1, 255, 65535, 65535};
        return which.flatMap(i -> below.flatMap(low -> Arbitraries.longs()
                .between(low ? Integer.MIN_VALUE : max[i] + 1, low ? -1 : (i == 0 ? Long.MAX_VALUE : Integer.MAX_VALUE))
                .map(bad -> {
                    long[] c = {0, 0, 0, 0, 0};
                    c[i] = bad;
                    return c;
                })));
    }

    /** One change, insertion or deletion of a character, from the alphabet or elsewhere. */
    record Mutation(int kind, int position, char c) {
        String apply(String s) {
            int at = Math.floorMod(position, s.length() + (kind == 1 ? 1 : 0));
            return switch (kind) {
                case 0 -> s.substring(0, at) + c + s.substring(at + 1);
                case 1 -> s.substring(0, at) + c + s.substring(at);
                default -> s.substring(0, at) + s.substring(at + 1);
            };
        }
    }

    @Provide
    Arbitrary<Mutation> mutations() {
        Arbitrary<Character> chars = Arbitraries.oneOf(Arbitraries.of(ALPHABET.toCharArray()),
                Arbitraries.of('0', '1', 'y', 'z', 'A', 'X', ' ', '-', '\u00e9', '\u0000'), Arbitraries.chars());
        return net.jqwik.api.Combinators.combine(Arbitraries.integers().between(0, 2),
                Arbitraries.integers().between(0, 16), chars).as(Mutation::new);
    }
}
