package dev.ids.gid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.InvalidIdException;
import dev.ids.internal.Hex;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class GidTest {

    private static final byte[] RANDOM = Hex.parse("c3a1f0e2d4b69788aa");

    @Test
    void typesHaveGraftsPrefixesAndNames() {
        assertThat(GidType.VOLUME.prefix()).isEqualTo(0x80);
        assertThat(GidType.LOG.prefix()).isEqualTo(0xA0);
        assertThat(GidType.SEGMENT.prefix()).isEqualTo(0xC0);
        assertThat(GidType.ofPrefix(0xA0)).isEqualTo(GidType.LOG);
        assertThat(GidType.ofName("segment")).isEqualTo(GidType.SEGMENT);
        assertThat(GidType.LOG.displayName()).isEqualTo("Log");
    }

    @Test
    void invalidPrefixesAreRefusedWithTheReason() {
        assertThatThrownBy(() -> GidType.ofPrefix(0x20)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0x20").hasMessageContaining("top bit");
        assertThatThrownBy(() -> GidType.ofPrefix(0xA1)).hasMessageContaining("0xa1").hasMessageContaining("reserved");
        assertThatThrownBy(() -> GidType.ofPrefix(0xE0)).hasMessageContaining("0xe0")
                .hasMessageContaining("no known GID type");
        assertThatThrownBy(() -> GidType.ofPrefix(256)).hasMessageContaining("[0, 255]: 256");
        assertThatThrownBy(() -> GidType.ofName("Page")).hasMessageContaining("'Page'");
        // Unicode case folding would read the long s as an s: names are matched ignoring ASCII case only.
        assertThatThrownBy(() -> GidType.ofName("\u017Fegment")).hasMessageContaining("No GID type is named");
        assertThat(GidType.ofName("LOG")).isEqualTo(GidType.LOG);
    }

    @Test
    void componentsOutOfRangeAreRefusedByName() {
        assertThatThrownBy(() -> Gid.of(GidType.LOG, -1, RANDOM)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("timestamp (ms) out of range [0, 281474976710655]: -1");
        assertThatThrownBy(() -> Gid.of(GidType.LOG, 1L << 48, 7L))
                .hasMessage("timestamp (ms) out of range [0, 281474976710655]: 281474976710656");
        assertThatThrownBy(() -> Gid.of(GidType.LOG, 0, new byte[8])).hasMessageContaining("9 bytes")
                .hasMessageContaining("got 8");
        assertThatThrownBy(() -> Gid.of(GidType.LOG, 0, Hex.parse("7fffffffffffffffff")))
                .hasMessageContaining("random[0]").hasMessageContaining("[128, 255]: 127");
        assertThatThrownBy(() -> Gid.of(null, 0, RANDOM)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void largestTimestampIsKept() {
        Gid last = Gid.of(GidType.SEGMENT, (1L << 48) - 1, RANDOM);

        assertThat(last.timestampMillis()).isEqualTo(281_474_976_710_655L);
        assertThat(Hex.of(last.toBytes())).isEqualTo("c0ffffffffffffc3a1f0e2d4b69788aa");
        assertThat(Gid.parse(last.toString())).isEqualTo(last);
    }

    @Test
    void originalLayoutRepeatsThePrefixInByte7() {
        Gid gid = Gid.of(GidType.LOG, 1_735_689_600_000L, 0x0123456789abcdefL);

        assertThat(Hex.of(gid.toBytes())).isEqualTo("a001941f297c00a00123456789abcdef");
        assertThat(Gid.parse(gid.toString(), GidType.LOG)).isEqualTo(gid);
    }

    @Test
    void minAndMaxSpanTheRandomPartOfOneMillisecond() {
        Instant instant = Instant.parse("2025-01-01T00:00:00.000999Z");

        assertThat(Hex.of(Gid.min(GidType.LOG, instant).toBytes())).isEqualTo("a001941f297c00800000000000000000");
        assertThat(Hex.of(Gid.max(GidType.LOG, instant).toBytes())).isEqualTo("a001941f297c00ffffffffffffffffff");
        assertThatThrownBy(() -> Gid.min(GidType.LOG, Instant.EPOCH.minusNanos(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("out of range");
        assertThatThrownBy(() -> Gid.max(GidType.LOG, Instant.ofEpochMilli(1L << 48)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("out of range");
    }

    @Test
    void uuidHoldsTheSixteenBytesBigEndian() {
        Gid gid = Gid.fromBytes(Hex.parse("a001941f297c00ffeeddccbbaa998877"));

        assertThat(gid.toUuid()).isEqualTo(UUID.fromString("a001941f-297c-00ff-eedd-ccbbaa998877"));
        assertThat(Gid.fromUuid(UUID.fromString("a001941f-297c-00ff-eedd-ccbbaa998877"))).isEqualTo(gid);
        assertThatThrownBy(() -> Gid.fromUuid(UUID.fromString("a001941f-297c-0000-eedd-ccbbaa998877")))
                .isInstanceOf(InvalidIdException.class).hasMessageContaining("a001941f-297c-0000-eedd-ccbbaa998877");
        assertThatThrownBy(() -> Gid.fromUuid(null)).isInstanceOf(InvalidIdException.class);
    }

    @Test
    void accessorsReturnCopies() {
        Gid gid = Gid.of(GidType.VOLUME, 1, RANDOM);
        gid.toBytes()[0] = 0;
        gid.randomBytes()[0] = 0;

        assertThat(gid.prefix()).isEqualTo(0x80);
        assertThat(gid.randomBytes()).isEqualTo(RANDOM);
    }

    @Test
    void nullAndWrongLengthBytesAreRejected() {
        assertThatThrownBy(() -> Gid.fromBytes(null)).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("'null'");
        assertThatThrownBy(() -> Gid.fromBytes(new byte[15])).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("16 bytes, got 15");
        assertThatThrownBy(() -> Gid.fromBytes(Hex.parse("a0000000000000800000000000000000"), GidType.VOLUME))
                .hasMessageContaining("is a Log GID, expected a Volume GID");
    }

    @Test
    void controlCharactersAreShownAsCodePoints() {
        assertThatThrownBy(() -> Gid.parse("74gfrC8X75-4Fwt5S13qxVr\u0000"))
                .hasMessageContaining("U+0000 at index 23");
        assertThatThrownBy(() -> Gid.parse("74gfrC8X75-4Fwt5S13qx\u0661rN"))
                .hasMessageContaining("U+0661 at index 21");
    }

    @Test
    void decodeDigitsReadsARunOrNamesItsFirstCharacterOutsideTheAlphabet() {
        assertThat(GidCodec.decodeDigits("x211y", 1, 3)).isEqualTo(58); // "21": 1 * 58 + 0
        assertThat(GidCodec.decodeDigits("zz", 0, 2)).isEqualTo(58 * 58 - 1);
        assertThat(GidCodec.decodeDigits("12O4l", 0, 5)).isEqualTo(-1 - 2);
        assertThat(GidCodec.decodeDigits("12O4l", 3, 5)).isEqualTo(-1 - 4);
        assertThat(GidCodec.decodeDigits("1\u0131", 0, 2)).isEqualTo(-1 - 1);
        assertThatThrownBy(() -> GidCodec.decodeDigits("11111111111", 0, 11))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 10");
    }
}
