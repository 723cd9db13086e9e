package dev.ids.traceid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ids.DecodedId;
import dev.ids.InvalidIdException;
import dev.ids.internal.Hex;
import dev.ids.testing.Vectors;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TraceIdVectorsTest {

    private static final long WRAP = 1L << 25;

    static Stream<Arguments> valid() {
        return Vectors.valid("trace_id").stream().map(v -> Arguments.of(Named.of(v.get("name").asText(), v)));
    }

    static Stream<Arguments> invalid() {
        return Vectors.invalid("trace_id").stream().map(v -> Arguments.of(Named.of(v.get("name").asText(), v)));
    }

    private static TraceId fromComponents(JsonNode components) {
        return TraceId.of(components.get("timestamp").asLong(), components.get("node_no").asInt(),
                components.get("chunk_no").asInt(), components.get("counter").asInt());
    }

    private static void assertComponents(TraceId id, JsonNode components) {
        assertThat(id.timestampSeconds()).isEqualTo(components.get("timestamp").asLong());
        assertThat(id.nodeNo()).isEqualTo(components.get("node_no").asInt());
        assertThat(id.chunkNo()).isEqualTo(components.get("chunk_no").asInt());
        assertThat(id.counter()).isEqualTo(components.get("counter").asInt());
    }

    @ParameterizedTest
    @MethodSource("valid")
    void validVectorEncodesToTheListedFormsAndDecodesBack(JsonNode vector) {
        JsonNode components = vector.get("components");
        TraceId id = fromComponents(components);

        assertThat(id.toLong()).isEqualTo(Long.parseLong(vector.get("u64_decimal").asText()));
        assertThat(Hex.of(id.toBytes())).isEqualTo(vector.get("hex").asText());
        assertThat(id.toString()).isEqualTo(vector.get("string").asText());

        TraceId parsed = TraceId.parse(vector.get("string").asText());
        assertThat(parsed).isEqualTo(id).hasSameHashCodeAs(id);
        assertComponents(parsed, components);
        assertComponents(TraceId.fromBytes(Hex.parse(vector.get("hex").asText())), components);
        assertComponents(TraceId.fromLong(Long.parseLong(vector.get("u64_decimal").asText())), components);
        assertThat(TraceId.isValid(vector.get("string").asText())).isTrue();
    }

    @ParameterizedTest
    @MethodSource("valid")
    void validVectorLittleEndianWireFormIsTheByteReverseOfTheBytes(JsonNode vector) {
        byte[] wire = Hex.parse(vector.get("wire_le_hex").asText());
        byte[] reversed = new byte[8];
        for (int i = 0; i < 8; i++) {
            reversed[i] = wire[7 - i];
        }
        assertThat(TraceId.fromBytes(reversed).toString()).isEqualTo(vector.get("string").asText());
    }

    @ParameterizedTest
    @MethodSource("valid")
    void unixSecondsOfAVectorWrapTo25BitsAndResolveBack(JsonNode vector) {
        if (!vector.has("unix_secs")) {
            return;
        }
        long unixSeconds = vector.get("unix_secs").asLong();
        TraceId id = TraceId.parse(vector.get("string").asText());

        assertThat(id.timestampSeconds()).isEqualTo(unixSeconds % WRAP);
        Instant reference = Instant.ofEpochSecond(unixSeconds, 999_999_999);
        assertThat(id.timestamp(reference)).isEqualTo(Instant.ofEpochSecond(unixSeconds));
        assertThat(id.timestampNear(Instant.ofEpochSecond(unixSeconds + 1000))).isEqualTo(Instant.ofEpochSecond(unixSeconds));
        assertThat(id.decoded(reference).timestamp()).isEqualTo(Instant.ofEpochSecond(unixSeconds));
    }

    @ParameterizedTest
    @MethodSource("valid")
    void decodedViewMatchesTheVector(JsonNode vector) {
        JsonNode components = vector.get("components");
        Instant reference = Instant.parse("2026-03-01T12:00:00Z");
        DecodedId decoded = TraceId.parse(vector.get("string").asText()).decoded(reference);

        assertThat(decoded.scheme()).isEqualTo("trace-id");
        assertThat(decoded.canonical()).isEqualTo(vector.get("string").asText());
        assertThat(decoded.hex()).isEqualTo(vector.get("hex").asText());
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("timestamp", components.get("timestamp").asLong());
        expected.put("nodeNo", components.get("node_no").asLong());
        expected.put("chunkNo", components.get("chunk_no").asLong());
        expected.put("counter", components.get("counter").asLong());
        assertThat(decoded.components()).containsExactlyEntriesOf(expected);
        // The latest second at or before the reference whose low 25 bits are the timestamp.
        long referenceSecond = reference.getEpochSecond();
        long candidate = (referenceSecond & ~(WRAP - 1)) | components.get("timestamp").asLong();
        long expectedSecond = candidate > referenceSecond ? candidate - WRAP : candidate;
        assertThat(decoded.timestamp()).isEqualTo(Instant.ofEpochSecond(expectedSecond));
        assertThat(decoded.toJson()).startsWith("{\"scheme\":\"trace-id\",\"canonical\":\"" + vector.get("string").asText())
                .contains("\"components\":{\"timestamp\":" + components.get("timestamp").asLong() + ",\"nodeNo\":");
    }

    @ParameterizedTest
    @MethodSource("invalid")
    void invalidVectorIsRejectedWithAMessageNamingTheInput(JsonNode vector) {
        List<String> checked = new ArrayList<>();
        if (vector.has("input_string")) {
            String input = vector.get("input_string").asText();
            assertRejected(input, input);
            checked.add("string");
        }
        if (vector.has("input_u64")) {
            String input = vector.get("input_u64").asText();
            assertRejected(input, input);
            BigInteger value = new BigInteger(input);
            if (value.bitLength() <= 64) {
                long raw = value.longValue();
                assertThatThrownBy(() -> TraceId.fromLong(raw)).isInstanceOf(InvalidIdException.class)
                        .hasMessageContaining(input);
                byte[] bytes = BigInteger.ONE.shiftLeft(64).add(value).toByteArray();
                byte[] eight = java.util.Arrays.copyOfRange(bytes, bytes.length - 8, bytes.length);
                assertThatThrownBy(() -> TraceId.fromBytes(eight)).isInstanceOf(InvalidIdException.class)
                        .hasMessageContaining(Hex.of(eight));
            }
            checked.add("u64");
        }
        if (vector.has("input_components")) {
            JsonNode components = vector.get("input_components");
            assertThatThrownBy(() -> fromComponents(components)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(outOfRangeComponent(components));
            checked.add("components");
        }
        if (vector.has("components")) {
            // A value elfo could represent but no generator issues (counter 0): every form is refused.
            JsonNode components = vector.get("components");
            assertThatThrownBy(() -> fromComponents(components)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(outOfRangeComponent(components));
            String string = vector.get("string").asText();
            assertRejected(string, string);
            long raw = Long.parseLong(vector.get("u64_decimal").asText());
            assertThatThrownBy(() -> TraceId.fromLong(raw)).isInstanceOf(InvalidIdException.class)
                    .hasMessageContaining(vector.get("u64_decimal").asText()).hasMessageContaining("counter");
            String hex = vector.get("hex").asText();
            assertThatThrownBy(() -> TraceId.fromBytes(Hex.parse(hex))).isInstanceOf(InvalidIdException.class)
                    .hasMessageContaining(hex);
            checked.add("components");
        }
        assertThat(checked).as("vector %s names an input this test understands", vector.get("name")).isNotEmpty();
    }

    /** Names the first component outside the ranges of SPECS.md section 1, with its value. */
    private static String outOfRangeComponent(JsonNode components) {
        long[][] ranges = {{0, WRAP - 1}, {0, 65535}, {0, 4095}, {1, 1023}};
        String[] vectorNames = {"timestamp", "node_no", "chunk_no", "counter"};
        String[] javaNames = {"timestamp", "nodeNo", "chunkNo", "counter"};
        for (int i = 0; i < 4; i++) {
            long value = components.get(vectorNames[i]).asLong();
            if (value < ranges[i][0] || value > ranges[i][1]) {
                return javaNames[i] + " out of range [" + ranges[i][0] + ", " + ranges[i][1] + "]: " + value;
            }
        }
        throw new AssertionError("no component out of range in " + components);
    }

    private static void assertRejected(String input, String shownAs) {
        assertThat(TraceId.isValid(input)).isFalse();
        assertThatThrownBy(() -> TraceId.parse(input)).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("trace-id").hasMessageContaining("'" + shownAs + "'");
    }

    @Test
    void nullIsRejectedAsNull() {
        assertThat(TraceId.isValid(null)).isFalse();
        assertThatThrownBy(() -> TraceId.parse(null)).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("'null'");
        assertThatThrownBy(() -> TraceId.fromBytes(null)).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("'null'");
    }

    @Test
    void policyRejectionsNameTheirReason() {
        assertThat(message("")).contains("empty");
        assertThat(message("0")).contains("zero");
        assertThat(message("01")).contains("leading zero");
        assertThat(message("-1")).contains("'-' at index 0");
        assertThat(message("+1")).contains("'+' at index 0");
        assertThat(message("1 ")).contains("U+0020 at index 1");
        assertThat(message("1\n")).contains("U+000A at index 1");
        assertThat(message("１")).contains("index 0"); // full-width digit one
        assertThat(message("9223372036854775808")).contains("too large");
        assertThat(message("99999999999999999999")).contains("too large");
        assertThat(message("1024")).contains("counter");
        assertThat(TraceId.parse("9223372036854775807").toLong()).isEqualTo(Long.MAX_VALUE);
        assertThat(TraceId.parse("1025").counter()).isEqualTo(1);
    }

    @Test
    void bytesOfTheWrongLengthOrWithTheTopBitSetAreRejected() {
        assertThatThrownBy(() -> TraceId.fromBytes(new byte[7])).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("'00000000000000'").hasMessageContaining("expected 8 bytes, got 7");
        assertThatThrownBy(() -> TraceId.fromBytes(new byte[9])).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("got 9");
        byte[] topBit = {(byte) 0x80, 0, 0, 0, 0, 0, 0, 1};
        assertThatThrownBy(() -> TraceId.fromBytes(topBit)).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("'8000000000000001'").hasMessageContaining("highest bit");
    }

    private static String message(String input) {
        try {
            TraceId.parse(input);
        } catch (InvalidIdException e) {
            assertThat(e.input()).isEqualTo(input);
            return e.getMessage();
        }
        throw new AssertionError("accepted: " + input);
    }
}
