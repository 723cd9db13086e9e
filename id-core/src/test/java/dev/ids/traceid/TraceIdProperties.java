package dev.ids.traceid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

class TraceIdProperties {

    private static final long WRAP = 1L << 25;
    private static final BigInteger TWO_POW_63 = BigInteger.ONE.shiftLeft(63);

    @Provide
    Arbitrary<TraceId> traceIds() {
        return Combinators.combine(
                        Arbitraries.longs().between(0, WRAP - 1).edgeCases(e -> e.includeOnly(0L, WRAP - 1)),
                        Arbitraries.integers().between(0, 65535),
                        Arbitraries.integers().between(0, 4095),
                        Arbitraries.integers().between(1, 1023))
                .as(TraceId::of);
    }

    @Property
    void componentsSurviveBytesAndString(
            @ForAll @LongRange(min = 0, max = (1L << 25) - 1) long timestamp,
            @ForAll @IntRange(min = 0, max = 65535) int nodeNo,
            @ForAll @IntRange(min = 0, max = 4095) int chunkNo,
            @ForAll @IntRange(min = 1, max = 1023) int counter) {
        TraceId id = TraceId.of(timestamp, nodeNo, chunkNo, counter);
        TraceId back = TraceId.parse(TraceId.fromBytes(id.toBytes()).toString());

        assertThat(back).isEqualTo(id);
        assertThat(back.timestampSeconds()).isEqualTo(timestamp);
        assertThat(back.nodeNo()).isEqualTo(nodeNo);
        assertThat(back.chunkNo()).isEqualTo(chunkNo);
        assertThat(back.counter()).isEqualTo(counter);
        // The layout formula of the spec, in arbitrary-precision arithmetic.
        BigInteger expected = BigInteger.valueOf(timestamp).multiply(BigInteger.TWO.pow(38))
                .add(BigInteger.valueOf(nodeNo).multiply(BigInteger.TWO.pow(22)))
                .add(BigInteger.valueOf(chunkNo).multiply(BigInteger.TWO.pow(10)))
                .add(BigInteger.valueOf(counter));
        assertThat(id.toString()).isEqualTo(expected.toString());
        assertThat(TraceId.fromLong(id.toLong())).isEqualTo(id);
    }

    @Property
    void orderOfValuesIsTheOrderOfTheirBytesAndNumbers(@ForAll("traceIds") TraceId a, @ForAll("traceIds") TraceId b) {
        int byValue = Integer.signum(a.compareTo(b));
        assertThat(Integer.signum(Arrays.compareUnsigned(a.toBytes(), b.toBytes()))).isEqualTo(byValue);
        assertThat(new BigInteger(a.toString()).compareTo(new BigInteger(b.toString()))).isEqualTo(byValue);
        assertThat(a.equals(b)).isEqualTo(byValue == 0);
    }

    @Property(tries = 2000)
    void mutatedStringsAreRejectedOrCanonical(@ForAll("traceIds") TraceId id,
            @ForAll @IntRange(min = 0, max = 2) int kind, @ForAll @IntRange(min = 0, max = 30) int position,
            @ForAll("mutationChars") char c) {
        StringBuilder text = new StringBuilder(id.toString());
        int at = position % (text.length() + (kind == 1 ? 1 : 0));
        switch (kind) {
            case 0 -> text.setCharAt(at, c);
            case 1 -> text.insert(at, c);
            default -> text.deleteCharAt(at);
        }
        String mutated = text.toString();
        boolean accepted;
        try {
            assertThat(TraceId.parse(mutated).toString()).isEqualTo(mutated);
            accepted = true;
        } catch (InvalidIdException e) {
            assertThat(e.getMessage()).contains(Chars.quote(mutated));
            accepted = false;
        }
        assertThat(accepted).as("acceptance of '%s'", mutated).isEqualTo(oracleAccepts(mutated));
        assertThat(TraceId.isValid(mutated)).isEqualTo(accepted);
    }

    @Provide
    Arbitrary<Character> mutationChars() {
        return Arbitraries.oneOf(Arbitraries.chars().range('0', '9'), Arbitraries.of('-', '+', ' ', 'a', 'x', '\t',
                '\u0660', '\uFF11', '.', '_'));
    }

    /** Canonical decimal of 1..2^63-1 with a counter (low 10 bits) other than 0, decided with BigInteger. */
    private static boolean oracleAccepts(String text) {
        if (text.isEmpty() || !text.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
            return false;
        }
        BigInteger value = new BigInteger(text);
        return value.toString().equals(text) && value.signum() > 0 && value.compareTo(TWO_POW_63) < 0
                && value.mod(BigInteger.valueOf(1024)).signum() != 0;
    }

    @Property
    void arbitraryLongsAreAcceptedExactlyWhenAGeneratorCouldIssueThem(@ForAll long raw) {
        boolean valid = raw > 0 && raw % 1024 != 0;
        boolean accepted;
        try {
            assertThat(TraceId.fromLong(raw).toLong()).isEqualTo(raw);
            accepted = true;
        } catch (InvalidIdException e) {
            assertThat(e.getMessage()).contains(Long.toUnsignedString(raw));
            accepted = false;
        }
        assertThat(accepted).isEqualTo(valid);
        assertThat(TraceId.isValid(Long.toUnsignedString(raw))).isEqualTo(valid);
    }

    @Property
    void instantIsTheLatestSecondAtOrBeforeTheReferenceWithThoseBits(@ForAll("traceIds") TraceId id,
            @ForAll @LongRange(min = 0, max = 8_000_000_000L) long referenceSecond,
            @ForAll @IntRange(min = 0, max = 999_999_999) int nanos) {
        Instant reference = Instant.ofEpochSecond(referenceSecond, nanos);
        Instant resolved = id.timestamp(reference);

        assertThat(resolved.getNano()).isZero();
        assertThat(resolved).isBeforeOrEqualTo(reference);
        assertThat(resolved.getEpochSecond()).isGreaterThan(referenceSecond - WRAP);
        assertThat(Math.floorMod(resolved.getEpochSecond(), WRAP)).isEqualTo(id.timestampSeconds());

        Instant near = id.timestampNear(reference);
        assertThat(Math.floorMod(near.getEpochSecond(), WRAP)).isEqualTo(id.timestampSeconds());
        assertThat(Math.abs(near.getEpochSecond() - referenceSecond)).isLessThanOrEqualTo(WRAP / 2);
    }

    @Property
    void freshnessIsTheShorterDistanceAroundTheWrap(@ForAll("traceIds") TraceId id,
            @ForAll @LongRange(min = 0, max = 8_000_000_000L) long nowSecond,
            @ForAll @LongRange(min = 0, max = 1L << 25) long maxLagSeconds) {
        long nowWrapped = nowSecond % WRAP;
        long forward = (id.timestampSeconds() - nowWrapped + WRAP) % WRAP;
        long backward = (nowWrapped - id.timestampSeconds() + WRAP) % WRAP;
        boolean expected = forward <= maxLagSeconds || backward <= maxLagSeconds;

        assertThat(id.isFresh(Instant.ofEpochSecond(nowSecond, 500_000_000), Duration.ofSeconds(maxLagSeconds)))
                .isEqualTo(expected);
    }

    @Property
    void minAndMaxOfAnInstantBoundEveryIdOfItsSecond(@ForAll("traceIds") TraceId id) {
        Instant instant = Instant.ofEpochSecond(1_700_000_000L / WRAP * WRAP + id.timestampSeconds(), 123);
        assertThat(TraceId.min(instant)).isLessThanOrEqualTo(id);
        assertThat(TraceId.max(instant)).isGreaterThanOrEqualTo(id);
        assertThat(TraceId.min(instant).timestampSeconds()).isEqualTo(id.timestampSeconds());
        assertThat(TraceId.max(instant).timestampSeconds()).isEqualTo(id.timestampSeconds());
    }
}
