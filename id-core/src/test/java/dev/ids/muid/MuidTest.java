package dev.ids.muid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.InvalidIdException;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class MuidTest {

    @Test
    void specDocumentExampleEncodesAsTheDocumentShows() {
        // docs/muid.md: 1642579230975519 µs is 5D5EAC793E61F; medallion 1923190821165 is 1BFC71B112D.
        Muid muid = Muid.of(1642579230975519L, 1923190821165L, 11);

        assertThat(muid.toString()).isEqualTo("5D5EAC793E61F-1BFC71B112D-0000000B");
        assertThat(muid.timestamp()).isEqualTo(Instant.parse("2022-01-19T08:00:30.975519Z"));
        assertThat(Muid.parse("5D5EAC793E61F-1BFC71B112D")).isEqualTo(Muid.of(1642579230975519L, 1923190821165L, 0));
        assertThat(Muid.parse("5D5EAC793E61F")).isEqualTo(Muid.of(1642579230975519L, 0, 0));
    }

    @Test
    void globalValuesAreMinusOneAndAllOnes() {
        Muid global = Muid.of(-1, -1, -1);

        assertThat(global.toString()).isEqualTo("FFFFFFFFFFFFF-FFFFFFFFFFF-FFFFFFFF");
        assertThat(global.toUuid()).isEqualTo(new UUID(-1L, -1L));
        assertThat(global.timestampMicros()).isEqualTo(-1);
        assertThat(global.medallion()).isEqualTo(-1);
        assertThat(global.offset()).isEqualTo(-1);
        assertThat(global.timestamp()).isEqualTo(Instant.parse("1969-12-31T23:59:59.999999Z"));
        assertThat(Muid.of((1L << 52) - 1, (1L << 44) - 1, (1L << 32) - 1)).isEqualTo(global);
    }

    @Test
    void componentsOutOfRangeAreRefusedNamingComponentRangeAndValue() {
        assertThatThrownBy(() -> Muid.of(-2, 0, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("timestamp out of range [-1, 4503599627370495]: -2");
        assertThatThrownBy(() -> Muid.of(0, 1L << 44, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("medallion out of range [-1, 17592186044415]: 17592186044416");
        assertThatThrownBy(() -> Muid.of(0, 0, -2147483649L)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("offset out of range [-2147483648, 4294967295]: -2147483649");
    }

    @Test
    void bytesAreBigEndianAndMustBeSixteen() {
        Muid muid = Muid.of(1, 2, 3);
        byte[] expected = new byte[16];
        expected[6] = 0x10; // timestamp 1 ends at bit 76: byte 6, high nibble
        expected[11] = 2;
        expected[15] = 3;

        assertThat(muid.toBytes()).isEqualTo(expected);
        assertThatThrownBy(() -> Muid.fromBytes(new byte[17])).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("'0000000000000000000000000000000000'").hasMessageContaining("16 bytes");
        assertThatThrownBy(() -> Muid.fromBytes(null)).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("'null'");
    }

    @Test
    void parseRejectsEverythingButTheThreeFormsWithClearMessages() {
        assertThatThrownBy(() -> Muid.parse(null)).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("'null'");
        assertThatThrownBy(() -> Muid.parse("5D5EAC793E61F-1BFC71B112D-0000000")).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("got 33");
        assertThatThrownBy(() -> Muid.parse("5D5EAC793E61F_1BFC71B112D-0000000B"))
                .isInstanceOf(InvalidIdException.class).hasMessageContaining("expected '-' at index 13");
        assertThatThrownBy(() -> Muid.parse("5D5EAC793E61F-1BFC71B112D-0000000b"))
                .isInstanceOf(InvalidIdException.class).hasMessageContaining("index 33 is lower case");
        assertThatThrownBy(() -> Muid.parse("5D5EAC793E61F-1BFC71B112D-0000000\u0662"))
                .isInstanceOf(InvalidIdException.class).hasMessageContaining("U+0662 at index 33");
        assertThatThrownBy(() -> Muid.parse("5D5EAC793E61F-1BFC71B112D-")).isInstanceOf(InvalidIdException.class);
        assertThatThrownBy(() -> Muid.parse("5D5EAC793E61F-")).isInstanceOf(InvalidIdException.class);
        assertThat(Muid.isValid(null)).isFalse();
        assertThat(Muid.isValid("+D5EAC793E61F")).isFalse();
    }

    @Test
    void minAndMaxSpanOneMicrosecond() {
        Instant instant = Instant.parse("2022-01-19T08:00:30.975519999Z");

        assertThat(Muid.min(instant).toString()).isEqualTo("5D5EAC793E61F-00000000000-00000000");
        assertThat(Muid.max(instant).toString()).isEqualTo("5D5EAC793E61F-FFFFFFFFFFF-FFFFFFFF");
        assertThatThrownBy(() -> Muid.min(Instant.EPOCH.minusNanos(1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("instant");
        assertThatThrownBy(() -> Muid.max(Instant.EPOCH.plusNanos(((1L << 52) - 1) * 1000)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("instant");
        assertThat(Muid.max(Instant.EPOCH.plusNanos(((1L << 52) - 2) * 1000)).toString())
                .isEqualTo("FFFFFFFFFFFFE-FFFFFFFFFFF-FFFFFFFF");
    }

    @Test
    void decodedViewAsJson() {
        assertThat(Muid.parse("5D5EAC793E61F-1BFC71B112D-FFFFFFFF").decoded().toJson()).isEqualTo(
                "{\"scheme\":\"muid\",\"canonical\":\"5D5EAC793E61F-1BFC71B112D-FFFFFFFF\","
                        + "\"hex\":\"5d5eac793e61f1bfc71b112dffffffff\",\"timestamp\":\"2022-01-19T08:00:30.975519Z\","
                        + "\"components\":{\"timestamp\":1642579230975519,\"medallion\":1923190821165,\"offset\":-1},"
                        // the layout holds the raw bits: offset -1 is 32 ones
                        + "\"layout\":[{\"name\":\"timestamp\",\"offset\":0,\"bits\":52,\"value\":1642579230975519},"
                        + "{\"name\":\"medallion\",\"offset\":52,\"bits\":44,\"value\":1923190821165},"
                        + "{\"name\":\"offset\",\"offset\":96,\"bits\":32,\"value\":4294967295}]}");
    }

    @Test
    void bytesIsTheLengthOfThePackedForm() {
        Muid muid = Muid.of(Muid.MAX_TIMESTAMP, Muid.MAX_MEDALLION, 7);

        assertThat(Muid.BYTES).isEqualTo(muid.toBytes().length);
        assertThatThrownBy(() -> Muid.fromBytes(new byte[Muid.BYTES - 1])).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("exactly " + Muid.BYTES + " bytes, got " + (Muid.BYTES - 1));
    }
}
