package dev.ids.traceid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.InvalidIdException;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TraceIdCodecTest {

    /** Values around the lengths where decode switches between its grouped path and the general one. */
    @ParameterizedTest
    @ValueSource(longs = {1L, 9L, 10L, 1023L, 99_999_999_999_999_999L, 100_000_000_000_000_001L,
        100_000_000_000_000_000L + 1023L, 999_999_999_999_999_999L, 1_000_000_000_000_000_001L,
        1_000_000_000_000_000_000L + 1023L, 4_026_531_840_123_456_789L, 9_223_372_036_854_775_807L,
        9_223_372_036_854_774_785L, 8_999_999_999_999_999_999L})
    void encodesAndDecodesEveryLengthAsPlainDecimal(long raw) {
        String expected = BigInteger.valueOf(raw).toString();

        assertThat(TraceIdCodec.encode(raw)).isEqualTo(expected);
        assertThat(TraceIdCodec.decodeLong(expected)).isEqualTo(raw);
    }

    @ParameterizedTest
    @ValueSource(strings = {"9223372036854775808", "9999999999999999999", "9300000000000000001"})
    void rejectsNineteenDigitValuesPastSixtyThreeBits(String text) {
        assertThatThrownBy(() -> TraceIdCodec.decodeLong(text)).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("too large; a TraceId is a 63-bit value");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1234567890123456/89", "123456789012345:789", "12345678901234567:", "1/3456789012345678",
        "1:34567890123456789", "12345678901234567\u0661", "1-23456789012345678"})
    void rejectsANonDigitAnywhereInALongText(String text) {
        int index = text.replaceFirst("[^0-9].*$", "").length();
        assertThatThrownBy(() -> TraceIdCodec.decodeLong(text)).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("at index " + index)
                .hasMessageContaining("is not a decimal digit");
        assertThat(TraceIdCodec.isValid(text)).isFalse();
    }

    @Test
    void lengthIsTheLongestValidTextAndBytesTheBinaryForm() {
        TraceId largest = TraceId.fromLong(Long.MAX_VALUE);

        assertThat(TraceIdCodec.LENGTH).isEqualTo(largest.toString().length());
        assertThat(TraceIdCodec.isValid("1" + largest.toString())).isFalse();
        assertThat(TraceId.BYTES).isEqualTo(largest.toBytes().length);
    }

    /** The 19-digit formatter cuts the value into parts: zeros at each cut and random values read like Long's. */
    @Test
    void writesEveryNonNegativeValueAsLongToStringDoes() {
        long[] edges = {0L, 1L, 999_999_999_999_999_999L, 1_000_000_000_000_000_000L, 1_000_000_000_000_000_009L,
            1_000_000_000_100_000_000L, 1_000_000_009_900_000_000L, 9_223_372_036_854_775_807L,
            9_200_000_000_000_000_000L, 5_000_000_000_999_999_999L,
            // each side of the cuts at 10^18 and 10^9 near the top, where the reciprocals' error is largest
            8_999_999_999_999_999_999L, 9_000_000_000_000_000_000L, 9_223_372_035_999_999_999L,
            9_223_372_036_000_000_000L, 9_223_372_036_854_775_806L,
            // groups of nine at their ends: 000000000, 000000001, 099999999, 100000000, 999999999
            1_000_000_000_000_000_001L, 1_000_000_001_099_999_999L, 1_099_999_999_100_000_000L,
            1_999_999_999_999_999_999L, 2_100_000_000_999_999_999L,
            // Long.toString below 19 digits, and each side of where the 19-digit path starts
            99_999_999_999_999_999L, 100_000_000_000_000_000L, 999_999_999_999_999_998L, 123_456_789_012_345_678L};
        for (long raw : edges) {
            assertThat(TraceIdDecimal.of(raw)).isEqualTo(Long.toString(raw));
        }
        java.util.SplittableRandom random = new java.util.SplittableRandom(17);
        for (int i = 0; i < 100_000; i++) {
            long raw = random.nextLong() >>> 1 >>> random.nextInt(8);
            assertThat(TraceIdDecimal.of(raw)).isEqualTo(Long.toString(raw));
        }
    }

    /**
     * The formatter reads each group of nine digits as three triples from one fixed-point product: for every one of
     * the 10^9 groups, the triples it brings up are the group's digits.
     */
    @Test
    void theFixedPointReadsEveryGroupOfNineDigitsExactly() {
        for (long group = 0; group < 1_000_000_000L; group++) {
            long fixed = group * TraceIdDecimal.NINE_DIGITS_SCALE;
            long value = 0;
            for (int triple = 0; triple < 3; triple++) {
                long digits = fixed >>> 54;
                if (digits > 999) {
                    assertThat(digits).as("triple %d of %d", triple, group).isLessThan(1_000);
                }
                value = value * 1_000 + digits;
                fixed = (fixed & TraceIdDecimal.FRACTION) * 1_000;
            }
            if (value != group) {
                assertThat(value).as("the triples of %d", group).isEqualTo(group);
            }
        }
    }

    /** The 19-character path reads groups of digits by table: a non-digit anywhere in any group is refused. */
    @Test
    void refusesANonDigitAtEveryIndexOfNineteenCharacters() {
        String valid = "4026531840123456789";
        assertThat(TraceIdCodec.isValid(valid)).isTrue();
        for (int i = 0; i < valid.length(); i++) {
            for (char bad : new char[] {'/', ':', 'a', ' ', '\u00b9', '\u0130', '\u0660', '\uff10'}) {
                String text = valid.substring(0, i) + bad + valid.substring(i + 1);
                assertThat(TraceIdCodec.isValid(text)).as(text).isFalse();
                assertThatThrownBy(() -> TraceIdCodec.decodeLong(text)).isInstanceOf(InvalidIdException.class);
            }
        }
    }
}
