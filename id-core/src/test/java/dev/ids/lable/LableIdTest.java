package dev.ids.lable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.InvalidIdException;
import java.time.Instant;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LableIdTest {

    @Test
    void aNullInstantOfATimeRangeIsRefusedNamingTheArgument() {
        assertThatThrownBy(() -> LableId.min(null, LableMode.TIME_SEQUENTIAL))
                .isInstanceOf(NullPointerException.class).hasMessage("instant");
        assertThatThrownBy(() -> LableId.max(null, LableMode.TIME_SEQUENTIAL))
                .isInstanceOf(NullPointerException.class).hasMessage("instant");
    }

    @Test
    void componentsOutOfRangeAreNamedWithTheirRange() {
        assertThatThrownBy(() -> LableId.of(1L << 42, 0, 0, 0, LableMode.SPREAD))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("timestamp (ms) out of range [0, 4398046511103]: 4398046511104");
        assertThatThrownBy(() -> LableId.of(0, -1, 0, 0, LableMode.SPREAD))
                .hasMessage("sequence out of range [0, 63]: -1");
        assertThatThrownBy(() -> LableId.of(0, 0, 64, 0, LableMode.TIME_SEQUENTIAL))
                .hasMessage("generator id out of range [0, 63]: 64");
        assertThatThrownBy(() -> LableId.of(0, 0, 0, 16, LableMode.SPREAD))
                .hasMessage("cluster id out of range [0, 15]: 16");
        assertThatThrownBy(() -> LableId.of(0, 0, 0, 0, null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void fourArgumentFactoryMakesSpreadIds() {
        assertThat(LableId.of(1, 0, 0, 0)).isEqualTo(LableId.of(1, 0, 0, 0, LableMode.SPREAD));
        assertThat(LableId.of(1, 0, 0, 0).toString()).isEqualTo("8000000000000000");
    }

    @Test
    void timeSequentialLayoutShiftsTheTimestampAndSetsTheModeBit() {
        // 1400000000000 = 0x145_F680_B000; << 22 = 0x517D_A02C_0000_0000, sequence 5 << 16, mode 0x1000,
        // generator 42 << 4 = 0x2a0, cluster 3.
        LableId id = LableId.of(1_400_000_000_000L, 5, 42, 3, LableMode.TIME_SEQUENTIAL);

        assertThat(id.toString()).isEqualTo("517da02c000512a3");
        assertThat(LableId.parse("517da02c000512a3").mode()).isEqualTo(LableMode.TIME_SEQUENTIAL);
        assertThat(id.decoded().components()).containsEntry("mode", "TIME_SEQUENTIAL");
    }

    @Test
    void compareToIsUnsigned() {
        LableId high = LableId.parse("8000000000000000");
        LableId low = LableId.parse("7fffffffffff03ff");

        assertThat(high.toLong()).isNegative();
        assertThat(high).isGreaterThan(low);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "000000000000000", "00000000000000000", "000000000000000G", "000D016FA28502A3",
            "000d016fa28502A3", " 000d016fa28502a", "000d016fa28502a3 ", "+00d016fa28502a3", "0x0d016fa28502a3",
            "000000000000e000", "0000000000000400", "0000000000002000"})
    void parseRefusesAnythingButTheCanonicalForm(String text) {
        assertThatThrownBy(() -> LableId.parse(text))
                .isInstanceOf(InvalidIdException.class)
                .hasMessageStartingWith("Invalid lable '" + text + "': ");
        assertThat(LableId.isValid(text)).isFalse();
    }

    @Test
    void parseExplainsWhatIsWrong() {
        assertThatThrownBy(() -> LableId.parse("000D016FA28502A3"))
                .hasMessageContaining("upper-case hex digit 'D' at index 3 is not canonical");
        assertThatThrownBy(() -> LableId.parse("abc")).hasMessageContaining("got 3 characters");
        assertThatThrownBy(() -> LableId.parse("0000000000000c00")).hasMessageContaining("generator id 192");
        assertThatThrownBy(() -> LableId.parse("0000000000002000")).hasMessageContaining("reserved bits");
        assertThatThrownBy(() -> LableId.parse(null))
                .isInstanceOf(InvalidIdException.class).hasMessageContaining("'null'");
        assertThat(LableId.isValid(null)).isFalse();
    }

    @Test
    void fromBytesNamesTheInputInHex() {
        assertThatThrownBy(() -> LableId.fromBytes(new byte[] {1, 2, 3}))
                .isInstanceOf(InvalidIdException.class)
                .hasMessage("Invalid lable '010203': expected 8 bytes, got 3 bytes");
        assertThatThrownBy(() -> LableId.fromBytes(null))
                .isInstanceOf(InvalidIdException.class)
                .hasMessage("Invalid lable 'null': expected 8 bytes, got null");
        assertThatThrownBy(() -> LableId.fromBytes(new byte[] {0, 0, 0, 0, 0, 0, (byte) 0x80, 0}))
                .isInstanceOf(InvalidIdException.class).hasMessageContaining("'0000000000008000'");
    }

    @Test
    void toBytesReturnsAFreshCopy() {
        LableId id = LableId.parse("000d016fa28502a3");
        id.toBytes()[0] = 0x7f;

        assertThat(id.toString()).isEqualTo("000d016fa28502a3");
    }

    @Test
    void decodedViewIsOneJsonObject() {
        assertThat(LableId.parse("000d016fa28502a3").decoded().toJson()).isEqualTo(
                "{\"scheme\":\"lable\",\"canonical\":\"000d016fa28502a3\",\"hex\":\"000d016fa28502a3\","
                        + "\"timestamp\":\"2014-05-13T16:53:20Z\",\"components\":{\"timestamp\":1400000000000,"
                        + "\"sequence\":5,\"generatorId\":42,\"clusterId\":3,\"mode\":\"SPREAD\"},"
                        // SPREAD: the 42-bit timestamp field holds 1400000000000's bits reversed
                        + "\"layout\":[{\"name\":\"timestamp\",\"offset\":0,\"bits\":42,\"value\":872791690},"
                        + "{\"name\":\"sequence\",\"offset\":42,\"bits\":6,\"value\":5},"
                        + "{\"name\":\"reserved\",\"offset\":48,\"bits\":3,\"value\":0},"
                        + "{\"name\":\"mode\",\"offset\":51,\"bits\":1,\"value\":0},"
                        + "{\"name\":\"reserved\",\"offset\":52,\"bits\":2,\"value\":0},"
                        + "{\"name\":\"generatorId\",\"offset\":54,\"bits\":6,\"value\":42},"
                        + "{\"name\":\"clusterId\",\"offset\":60,\"bits\":4,\"value\":3}]}");
    }

    @Test
    void minAndMaxCoverOneMillisecondOfTimeSequentialIds() {
        Instant instant = Instant.parse("2014-05-13T16:53:20.000999Z");
        LableMode mode = LableMode.TIME_SEQUENTIAL;

        assertThat(LableId.min(instant, mode).toString()).isEqualTo("517da02c00001000");
        assertThat(LableId.max(instant, mode).toString()).isEqualTo("517da02c003f13ff");
        assertThat(LableId.min(Instant.EPOCH, mode).toString()).isEqualTo("0000000000001000");
        assertThat(LableId.max(Instant.ofEpochMilli((1L << 42) - 1), mode).toString()).isEqualTo("ffffffffffff13ff");
        assertThatThrownBy(() -> LableId.min(Instant.EPOCH.minusNanos(1), mode))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LableId.max(Instant.ofEpochMilli(1L << 42), mode))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("4398046511104");
        assertThatThrownBy(() -> LableId.max(Instant.MAX, mode)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void minAndMaxRefuseSpreadIdsSayingWhyAndWhichModeHasTimeRanges() {
        Instant instant = Instant.parse("2014-05-13T16:53:20Z");

        for (ThrowingCallable bound : List.<ThrowingCallable>of(() -> LableId.min(instant, LableMode.SPREAD),
                () -> LableId.max(instant, LableMode.SPREAD))) {
            assertThatThrownBy(bound).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("No time-range bound for SPREAD Lable IDs: SPREAD IDs are not ordered "
                            + "by time")
                    .hasMessageContaining("a range between two of them selects unrelated IDs")
                    .hasMessageContaining("ids.lable.mode=time-sequential")
                    .hasMessageContaining("mode(LableMode.TIME_SEQUENTIAL)");
        }
        assertThatThrownBy(() -> LableId.min(instant, null)).isInstanceOf(NullPointerException.class)
                .hasMessage("mode");
    }
}
