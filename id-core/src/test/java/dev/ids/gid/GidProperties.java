package dev.ids.gid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class GidProperties {

    private static final BigInteger TWO_56 = BigInteger.ONE.shiftLeft(56);
    private static final BigInteger TWO_71 = BigInteger.ONE.shiftLeft(71);
    private static final BigInteger TWO_72 = BigInteger.ONE.shiftLeft(72);
    private static final Set<Integer> PREFIXES = Set.of(0x80, 0xA0, 0xC0);

    @Provide
    Arbitrary<Long> timestamps() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.longs().between(0, 3)),
                Tuple.of(3, Arbitraries.longs().between(1_767_225_600_000L, 1_767_225_600_003L)),
                Tuple.of(1, Arbitraries.of(0L, Gid.MAX_TIMESTAMP_MILLIS, Gid.MAX_TIMESTAMP_MILLIS - 1)),
                Tuple.of(4, Arbitraries.longs().between(0, Gid.MAX_TIMESTAMP_MILLIS)));
    }

    @Provide
    Arbitrary<byte[]> randoms() {
        Arbitrary<byte[]> any = Arbitraries.bytes().array(byte[].class).ofSize(9);
        Arbitrary<byte[]> sparse = Arbitraries.of((byte) 0, (byte) -1, (byte) 1, (byte) 0x80).array(byte[].class)
                .ofSize(9);
        return Arbitraries.oneOf(any, sparse).map(bytes -> {
            bytes[0] |= (byte) 0x80;
            return bytes;
        });
    }

    @Provide
    Arbitrary<Gid> gids() {
        Arbitrary<Gid> current = Combinators.combine(Arbitraries.of(GidType.class), timestamps(), randoms())
                .as(Gid::of);
        Arbitrary<Gid> original = Combinators.combine(Arbitraries.of(GidType.class), timestamps(),
                Arbitraries.longs()).as(Gid::of);
        return Arbitraries.oneOf(current, original);
    }

    @Property
    void componentsSurviveBytesAndString(@ForAll GidType type, @ForAll("timestamps") long timestamp,
            @ForAll("randoms") byte[] random) {
        Gid gid = Gid.of(type, timestamp, random);

        byte[] bytes = gid.toBytes();
        Gid fromBytes = Gid.fromBytes(bytes);
        Gid parsed = Gid.parse(fromBytes.toString(), type);

        assertThat(parsed).isEqualTo(gid);
        assertThat(parsed.type()).isEqualTo(type);
        assertThat(parsed.prefix()).isEqualTo(type.prefix());
        assertThat(parsed.timestampMillis()).isEqualTo(timestamp);
        assertThat(parsed.randomBytes()).isEqualTo(random);
        assertThat(Gid.fromUuid(parsed.toUuid())).isEqualTo(gid);
        // The layout, by independent arithmetic.
        assertThat(new BigInteger(1, bytes)).isEqualTo(BigInteger.valueOf(type.prefix()).shiftLeft(120)
                .or(BigInteger.valueOf(timestamp).shiftLeft(72)).or(new BigInteger(1, random)));
    }

    @Property
    void stringIsGraftsBs58OfBothGroups(@ForAll("gids") Gid gid) {
        byte[] bytes = gid.toBytes();
        String expected = Base58Reference.bs58(Arrays.copyOfRange(bytes, 0, 7)) + "-"
                + Base58Reference.bs58(Arrays.copyOfRange(bytes, 7, 16));

        assertThat(gid.toString()).isEqualTo(expected).hasSize(24);
        assertThat(gid.toShortString()).isEqualTo(expected.substring(11));
    }

    @Property
    void orderOfValuesIsOrderOfBytesAndOfStrings(@ForAll("gids") Gid a, @ForAll("gids") Gid b) {
        int byValue = Integer.signum(a.compareTo(b));

        assertThat(byValue).isEqualTo(Integer.signum(Arrays.compareUnsigned(a.toBytes(), b.toBytes())));
        assertThat(byValue).isEqualTo(Integer.signum(a.toString().compareTo(b.toString())));
        assertThat(byValue == 0).isEqualTo(a.equals(b));
    }

    @Property(tries = 200)
    void sortingByStringSortsByValue(@ForAll @Size(max = 50) List<@net.jqwik.api.From("gids") Gid> gids) {
        List<Gid> byValue = new ArrayList<>(gids);
        byValue.sort(Comparator.naturalOrder());
        List<Gid> byString = new ArrayList<>(gids);
        byString.sort(Comparator.comparing(Gid::toString));

        assertThat(byString).isEqualTo(byValue);
    }

    @Property
    void mutatedStringIsRejectedOrCanonical(@ForAll("gids") Gid gid, @ForAll @IntRange(min = 0, max = 2) int operation,
            @ForAll @IntRange(min = 0, max = 24) int position, @ForAll("mutationChars") char c) {
        String valid = gid.toString();
        int at = Math.min(position, valid.length() - (operation == 1 ? 0 : 1));
        String mutated = switch (operation) {
            case 0 -> valid.substring(0, at) + c + valid.substring(at + 1);
            case 1 -> valid.substring(0, at) + c + valid.substring(at);
            default -> valid.substring(0, at) + valid.substring(at + 1);
        };

        assertParsedIsCanonicalOrRejected(mutated);
    }

    @Property
    void stringOfAlphabetCharactersIsAcceptedExactlyWhenItsBytesAreAGid(@ForAll("layoutStrings") String text) {
        BigInteger time = Base58Reference.value(text.substring(0, 10));
        BigInteger random = Base58Reference.value(text.substring(11));
        boolean fits = time.compareTo(TWO_56) < 0 && random.compareTo(TWO_72) < 0;
        boolean valid = fits && PREFIXES.contains(time.shiftRight(48).intValue()) && random.compareTo(TWO_71) >= 0;

        Statistics.label("accepted").collect(valid);
        Statistics.label("accepted").coverage(coverage -> coverage.check(true).count(count -> count > 20));
        assertThat(Gid.isValid(text)).isEqualTo(valid);
        if (valid) {
            byte[] expected = new byte[16];
            System.arraycopy(Base58Reference.bytes(time, 7), 0, expected, 0, 7);
            System.arraycopy(Base58Reference.bytes(random, 9), 0, expected, 7, 9);
            assertThat(Gid.parse(text).toBytes()).isEqualTo(expected);
            assertThat(Gid.parse(text).toString()).isEqualTo(text);
        } else {
            assertThatThrownBy(() -> Gid.parse(text)).isInstanceOf(InvalidIdException.class).hasMessageContaining(text);
        }
    }

    @Property
    void bytesAreAcceptedExactlyWhenPrefixAndByte7AreValid(@ForAll("gidLikeBytes") byte[] bytes) {
        boolean valid = PREFIXES.contains(bytes[0] & 0xFF) && (bytes[7] & 0x80) != 0;

        if (valid) {
            Gid gid = Gid.fromBytes(bytes);
            assertThat(gid.toBytes()).isEqualTo(bytes);
            assertThat(Gid.parse(gid.toString())).isEqualTo(gid);
        } else {
            String hex = dev.ids.internal.Hex.of(bytes);
            assertThatThrownBy(() -> Gid.fromBytes(bytes)).isInstanceOf(InvalidIdException.class)
                    .hasMessageContaining(hex);
        }
    }

    @Property
    void minAndMaxBoundEveryGidOfTheirMillisecond(@ForAll("gids") Gid gid) {
        Gid min = Gid.min(gid.type(), gid.timestamp());
        Gid max = Gid.max(gid.type(), gid.timestamp());

        assertThat(min).isLessThanOrEqualTo(gid);
        assertThat(max).isGreaterThanOrEqualTo(gid);
        assertThat(min.timestampMillis()).isEqualTo(gid.timestampMillis());
        assertThat(max.timestampMillis()).isEqualTo(gid.timestampMillis());
        if (gid.timestampMillis() < Gid.MAX_TIMESTAMP_MILLIS) {
            assertThat(max).isLessThan(Gid.min(gid.type(), gid.timestamp().plusMillis(1)));
        }
    }

    static void assertParsedIsCanonicalOrRejected(String text) {
        Gid parsed;
        try {
            parsed = Gid.parse(text);
        } catch (InvalidIdException e) {
            assertThat(e.getMessage()).contains(Chars.quote(text));
            assertThat(Gid.isValid(text)).isFalse();
            Statistics.label("accepted").collect(false);
            return;
        }
        assertThat(parsed.toString()).isEqualTo(text);
        assertThat(Gid.isValid(text)).isTrue();
        Statistics.label("accepted").collect(true);
    }

    @Provide
    Arbitrary<Character> mutationChars() {
        return Arbitraries.oneOf(Arbitraries.of(Base58Reference.ALPHABET.toCharArray()),
                Arbitraries.of('0', 'O', 'I', 'l', '-', '+', '/', ' ', '\u00e9', '\u0000', '\u0661'));
    }

    @Provide
    Arbitrary<String> layoutStrings() {
        Arbitrary<String> group10 = Arbitraries.strings().withChars(Base58Reference.ALPHABET.toCharArray())
                .ofLength(10);
        Arbitrary<String> group13 = Arbitraries.strings().withChars(Base58Reference.ALPHABET.toCharArray())
                .ofLength(13);
        // Time groups that start like real ones (the first two digits of a real GID fix its prefix, mostly), and
        // random groups whose value lies around 2^71..2^72 (first digit '2' to '4') or beyond ('5' to 'z').
        Arbitrary<String> time = Arbitraries.frequencyOf(
                Tuple.of(1, group10),
                Tuple.of(6, Combinators.combine(gids(), group10).as((gid, rest) -> gid.toString().substring(0, 2)
                        + rest.substring(2))),
                Tuple.of(1, Combinators.combine(Arbitraries.of("1", "z"), group10)
                        .as((head, rest) -> head + rest.substring(1))));
        Arbitrary<String> random = Arbitraries.oneOf(group13,
                Combinators.combine(Arbitraries.of("1", "2", "3", "3", "4", "5", "z"), group13)
                        .as((head, rest) -> head + rest.substring(1)));
        return Combinators.combine(time, random).as((t, r) -> t + "-" + r);
    }

    @Provide
    Arbitrary<byte[]> gidLikeBytes() {
        Arbitrary<Integer> prefix = Arbitraries.oneOf(Arbitraries.of(0x80, 0xA0, 0xC0, 0xE0, 0x81, 0xBF, 0x00, 0x20),
                Arbitraries.integers().between(0, 255));
        return Combinators.combine(prefix, Arbitraries.bytes().array(byte[].class).ofSize(16))
                .as((p, bytes) -> {
                    bytes[0] = (byte) (int) p;
                    return bytes;
                });
    }
}
