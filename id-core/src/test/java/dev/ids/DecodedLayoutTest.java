package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ids.lable.LableId;
import dev.ids.lable.LableMode;
import dev.ids.testing.Vectors;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The bit layout of every scheme's decoded view, checked against the bytes and components of every vector. */
class DecodedLayoutTest {

    /** Width of each scheme's binary form: TraceId's 63 bits sit in 8 bytes under a zero top bit. */
    private static final Map<IdScheme, Integer> WIDTHS = Map.of(IdScheme.TRACE_ID, 64, IdScheme.LABLE, 64,
            IdScheme.GID, 128, IdScheme.SNO, 80, IdScheme.MUID, 128);

    private static final Map<IdScheme, List<String>> FIELD_NAMES = Map.of(
            IdScheme.TRACE_ID, List.of("reserved", "timestamp", "nodeNo", "chunkNo", "counter"),
            IdScheme.LABLE, List.of("timestamp", "sequence", "reserved", "mode", "reserved", "generatorId",
                    "clusterId"),
            IdScheme.GID, List.of("prefix", "timestamp", "random"),
            IdScheme.SNO, List.of("units", "tickTock", "metabyte", "partition", "sequence"),
            IdScheme.MUID, List.of("timestamp", "medallion", "offset"));

    @ParameterizedTest
    @EnumSource(IdScheme.class)
    void layoutCoversEveryBitOfTheIdOnceInOrder(IdScheme scheme) {
        for (DecodedId decoded : decodedVectors(scheme)) {
            List<DecodedId.Field> layout = decoded.layout();
            assertThat(layout).extracting(DecodedId.Field::name).containsExactlyElementsOf(FIELD_NAMES.get(scheme));
            int next = 0;
            for (DecodedId.Field field : layout) {
                assertThat(field.offset()).as(field.name()).isEqualTo(next);
                assertThat(field.bits()).as(field.name()).isPositive();
                next += field.bits();
            }
            assertThat(next).isEqualTo(WIDTHS.get(scheme)).isEqualTo(decoded.hex().length() * 4);
        }
    }

    @ParameterizedTest
    @EnumSource(IdScheme.class)
    void fieldValuesAreTheBitsOfTheHexAtTheirPlace(IdScheme scheme) {
        for (DecodedId decoded : decodedVectors(scheme)) {
            BigInteger all = new BigInteger(decoded.hex(), 16);
            int width = decoded.hex().length() * 4;
            for (DecodedId.Field field : decoded.layout()) {
                BigInteger bits = all.shiftRight(width - field.offset() - field.bits())
                        .and(BigInteger.ONE.shiftLeft(field.bits()).subtract(BigInteger.ONE));
                Object expected = field.bits() <= 63 ? (Object) bits.longValueExact()
                        : String.format("%0" + (field.bits() + 3) / 4 + "x", bits);
                assertThat(field.value()).as(decoded.canonical() + " " + field.name()).isEqualTo(expected);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = IdScheme.class, names = {"TRACE_ID", "LABLE"})
    void reservedBitsAreZero(IdScheme scheme) {
        for (DecodedId decoded : decodedVectors(scheme)) {
            assertThat(decoded.layout()).filteredOn(field -> field.name().equals("reserved"))
                    .extracting(DecodedId.Field::value).containsOnly(0L);
        }
    }

    @ParameterizedTest
    @EnumSource(value = IdScheme.class, names = {"TRACE_ID", "GID", "SNO"})
    void fieldValuesEqualTheComponentsOfTheSameName(IdScheme scheme) {
        for (DecodedId decoded : decodedVectors(scheme)) {
            for (DecodedId.Field field : decoded.layout()) {
                if (!field.name().equals("reserved")) {
                    assertThat(field.value()).as(decoded.canonical() + " " + field.name())
                            .isEqualTo(asLong(decoded.components().get(field.name())));
                }
            }
        }
    }

    @Test
    void muidFieldsHoldTheSignedComponentsAsUnsignedBits() {
        for (DecodedId decoded : decodedVectors(IdScheme.MUID)) {
            // the components read all ones (Gink's global objects) as -1; the fields keep the bits
            long timestamp = (Long) asLong(decoded.components().get("timestamp"));
            long medallion = (Long) asLong(decoded.components().get("medallion"));
            long offset = (Long) asLong(decoded.components().get("offset"));
            assertThat(field(decoded, "timestamp")).isEqualTo(timestamp & ((1L << 52) - 1));
            assertThat(field(decoded, "medallion")).isEqualTo(medallion & ((1L << 44) - 1));
            assertThat(field(decoded, "offset")).isEqualTo(offset & 0xFFFF_FFFFL);
        }
    }

    @Test
    void lableTimestampFieldIsReversedInSpreadModeOnly() {
        int spread = 0;
        int sequential = 0;
        List<DecodedId> cases = new ArrayList<>(decodedVectors(IdScheme.LABLE));
        // the vectors are all in SPREAD mode: add the same components in TIME_SEQUENTIAL mode
        cases.add(LableId.of(1_700_000_000_123L, 17, 42, 9, LableMode.TIME_SEQUENTIAL).decoded());
        cases.add(LableId.of(1_700_000_000_123L, 17, 42, 9, LableMode.SPREAD).decoded());
        for (DecodedId decoded : cases) {
            long millis = (Long) asLong(decoded.components().get("timestamp"));
            boolean timeSequential = decoded.components().get("mode").equals("TIME_SEQUENTIAL");
            long expected = timeSequential ? millis : Long.reverse(millis) >>> 22;
            assertThat(field(decoded, "timestamp")).as(decoded.canonical()).isEqualTo(expected);
            assertThat(field(decoded, "mode")).isEqualTo(timeSequential ? 1L : 0L);
            for (String name : List.of("sequence", "generatorId", "clusterId")) {
                assertThat(field(decoded, name)).isEqualTo(asLong(decoded.components().get(name)));
            }
            if (timeSequential) {
                sequential++;
            } else {
                spread++;
            }
        }
        assertThat(spread).as("vectors in SPREAD mode").isPositive();
        assertThat(sequential).as("vectors in TIME_SEQUENTIAL mode").isPositive();
    }

    private static Object field(DecodedId decoded, String name) {
        return decoded.layout().stream().filter(field -> field.name().equals(name)).findFirst().orElseThrow()
                .value();
    }

    private static Object asLong(Object component) {
        return component instanceof Integer number ? (Object) number.longValue() : component;
    }

    private static List<DecodedId> decodedVectors(IdScheme scheme) {
        List<DecodedId> decoded = new ArrayList<>();
        for (JsonNode vector : Vectors.valid(scheme.schemeName().replace('-', '_'))) {
            String text = vector.path("string").isTextual() ? vector.get("string").asText() : vector.get("hex").asText();
            if (vector.has("parse_input")) {
                text = vector.get("parse_input").asText();
            }
            decoded.add(scheme.decode(text));
        }
        assertThat(decoded).as("vectors of " + scheme).isNotEmpty();
        return decoded;
    }
}
