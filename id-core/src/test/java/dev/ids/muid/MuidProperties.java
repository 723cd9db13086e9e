package dev.ids.muid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import java.math.BigInteger;
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

class MuidProperties {

    private static final long TS_LIMIT = 1L << 52;
    private static final long MED_LIMIT = 1L << 44;

    @Provide
    Arbitrary<Muid> muids() {
        Arbitrary<Long> timestamps = Arbitraries.longs().between(-1, TS_LIMIT - 1)
                .edgeCases(c -> c.includeOnly(-1L, 0L, TS_LIMIT - 2, TS_LIMIT - 1));
        Arbitrary<Long> medallions = Arbitraries.longs().between(-1, MED_LIMIT - 1);
        Arbitrary<Long> offsets = Arbitraries.longs().between(Integer.MIN_VALUE, (1L << 32) - 1);
        return Combinators.combine(timestamps, medallions, offsets).as(Muid::of);
    }

    /** The packed value computed independently, with big integers, from the reference's formula. */
    private static BigInteger packed(long timestamp, long medallion, long offset) {
        BigInteger ts = BigInteger.valueOf(timestamp).mod(BigInteger.ONE.shiftLeft(52));
        BigInteger med = BigInteger.valueOf(medallion).mod(BigInteger.ONE.shiftLeft(44));
        BigInteger off = BigInteger.valueOf(offset).mod(BigInteger.ONE.shiftLeft(32));
        return ts.shiftLeft(76).or(med.shiftLeft(32)).or(off);
    }

    @Property
    void componentsPackAsTheReferenceFormulaSays(@ForAll @LongRange(min = -1, max = (1L << 52) - 1) long timestamp,
            @ForAll @LongRange(min = -1, max = (1L << 44) - 1) long medallion,
            @ForAll @LongRange(min = Integer.MIN_VALUE, max = (1L << 32) - 1) long offset) {
        Muid muid = Muid.of(timestamp, medallion, offset);
        byte[] expected = new byte[16];
        byte[] big = packed(timestamp, medallion, offset).toByteArray();
        int copy = Math.min(big.length, 16);
        System.arraycopy(big, big.length - copy, expected, 16 - copy, copy);

        assertThat(muid.toBytes()).isEqualTo(expected);
        assertThat(muid.timestampMicros()).isEqualTo(timestamp == TS_LIMIT - 1 ? -1 : timestamp);
        assertThat(muid.medallion()).isEqualTo(medallion == MED_LIMIT - 1 ? -1 : medallion);
        assertThat(muid.offset()).isEqualTo((int) offset);
        assertThat(muid.toString()).isEqualTo(String.format("%013X-%011X-%08X",
                timestamp & (TS_LIMIT - 1), medallion & (MED_LIMIT - 1), offset & 0xFFFFFFFFL));
    }

    @Property
    void componentsBytesStringAndParseGiveTheSameValue(@ForAll("muids") Muid muid) {
        Muid fromBytes = Muid.fromBytes(muid.toBytes());
        Muid parsed = Muid.parse(fromBytes.toString());
        Muid rebuilt = Muid.of(parsed.timestampMicros(), parsed.medallion(), parsed.offset());

        assertThat(fromBytes).isEqualTo(muid);
        assertThat(parsed).isEqualTo(muid);
        assertThat(rebuilt).isEqualTo(muid);
        assertThat(Muid.fromUuid(muid.toUuid())).isEqualTo(muid);
        assertThat(MuidCodec.isValid(muid.toString())).isTrue();
    }

    @Property
    void orderIsTheOrderOfBytesAndOfStrings(@ForAll("muids") Muid a, @ForAll("muids") Muid b) {
        int byValue = Integer.signum(a.compareTo(b));
        assertThat(byValue).isEqualTo(Integer.signum(Arrays.compareUnsigned(a.toBytes(), b.toBytes())));
        assertThat(byValue).isEqualTo(Integer.signum(a.toString().compareTo(b.toString())));
        assertThat(a.equals(b)).isEqualTo(byValue == 0);
    }

    @Property
    void orderOfNonNegativeComponentsIsTheOrderOfTheTriples(
            @ForAll @LongRange(min = 0, max = (1L << 52) - 2) long ts1, @ForAll @LongRange(min = 0, max = 3) long dt,
            @ForAll @LongRange(min = 0, max = (1L << 44) - 2) long med1, @ForAll @LongRange(min = 0, max = 3) long dm,
            @ForAll @IntRange(min = 0) int off1, @ForAll @IntRange(min = 0) int off2) {
        long ts2 = Math.min(ts1 + dt, (1L << 52) - 2);
        long med2 = Math.min(med1 + dm, (1L << 44) - 2);
        int expected = ts1 != ts2 ? Long.compare(ts1, ts2)
                : med1 != med2 ? Long.compare(med1, med2) : Integer.compare(off1, off2);
        assertThat(Integer.signum(Muid.of(ts1, med1, off1).compareTo(Muid.of(ts2, med2, off2))))
                .isEqualTo(Integer.signum(expected));
    }

    @Property(tries = 2000)
    void mutatedStringsAreRejectedOrAreCanonical(@ForAll("muids") Muid muid, @ForAll @IntRange(max = 2) int kind,
            @ForAll @IntRange(max = 34) int index, @ForAll("mutationChars") char c) {
        String original = muid.toString();
        StringBuilder mutated = new StringBuilder(original);
        switch (kind) {
            case 0 -> mutated.setCharAt(Math.min(index, 33), c);
            case 1 -> mutated.insert(index, c);
            default -> mutated.deleteCharAt(Math.min(index, 33));
        }
        String text = mutated.toString();
        Muid parsed;
        try {
            parsed = Muid.parse(text);
        } catch (InvalidIdException e) {
            assertThat(e.getMessage()).contains(Chars.quote(text));
            assertThat(Muid.isValid(text)).isFalse();
            return;
        }
        assertThat(parsed.toString()).isEqualTo(text);
        assertThat(Muid.isValid(text)).isTrue();
    }

    @Provide
    Arbitrary<Character> mutationChars() {
        return Arbitraries.oneOf(
                Arbitraries.chars().with("0123456789ABCDEFabcdefG-_ +xX\u0660\uFF10"),
                Arbitraries.chars());
    }

    @Property
    void shortFormsParseToOffsetZeroAndMedallionZero(@ForAll("muids") Muid muid) {
        String canonical = muid.toString();
        Muid withoutOffset = Muid.parse(canonical.substring(0, 25));
        Muid timestampOnly = Muid.parse(canonical.substring(0, 13));

        assertThat(withoutOffset).isEqualTo(Muid.of(muid.timestampMicros(), muid.medallion(), 0));
        assertThat(withoutOffset.toString()).isEqualTo(canonical.substring(0, 25) + "-00000000");
        assertThat(timestampOnly).isEqualTo(Muid.of(muid.timestampMicros(), 0, 0));
        assertThat(timestampOnly.toString()).isEqualTo(canonical.substring(0, 13) + "-00000000000-00000000");
    }

    @Property
    void lowerCaseIsRejected(@ForAll("muids") Muid muid) {
        String canonical = muid.toString();
        String lower = canonical.toLowerCase();
        if (!lower.equals(canonical)) {
            assertThatThrownBy(() -> Muid.parse(lower)).isInstanceOf(InvalidIdException.class)
                    .hasMessageContaining(lower).hasMessageContaining("lower case");
        }
    }

    @Property
    void minAndMaxBoundEveryMuidOfTheirMicrosecond(@ForAll @LongRange(min = 0, max = (1L << 52) - 2) long ts,
            @ForAll @LongRange(min = -1, max = (1L << 44) - 1) long medallion, @ForAll int offset,
            @ForAll @IntRange(max = 999) int nanos) {
        Muid muid = Muid.of(ts, medallion, offset);
        Instant instant = muid.timestamp().plusNanos(nanos);
        Muid min = Muid.min(instant);
        Muid max = Muid.max(instant);

        assertThat(min).isLessThanOrEqualTo(muid);
        assertThat(max).isGreaterThanOrEqualTo(muid);
        assertThat(min.timestamp()).isEqualTo(muid.timestamp());
        assertThat(max.timestamp()).isEqualTo(muid.timestamp());
        if (ts > 0) {
            assertThat(Muid.max(muid.timestamp().minusNanos(1000))).isLessThan(min);
        }
        if (ts < (1L << 52) - 2) {
            assertThat(Muid.min(muid.timestamp().plusNanos(1000))).isGreaterThan(max);
        }
    }
}
