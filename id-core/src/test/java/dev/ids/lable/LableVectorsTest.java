package dev.ids.lable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ids.DecodedId;
import dev.ids.InvalidIdException;
import dev.ids.testing.Vectors;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every entry of {@code vectors/lable.json}. The {@code by_layout} entries describe LableOrg's layouts; this
 * project's layout is v2m's (mode bit in byte 6) with 6 generator bits, so an input is accepted exactly when the
 * v2m reading succeeds, rebuilds the same bytes and finds a generator id of at most 63.
 */
class LableVectorsTest {

    private static final HexFormat HEX = HexFormat.of();

    static List<JsonNode> valid() {
        return Vectors.valid("lable");
    }

    static List<JsonNode> invalidComponents() {
        return Vectors.invalid("lable").stream().filter(v -> v.has("input_components")).toList();
    }

    static List<JsonNode> invalidComponentsWithBytes() {
        return Vectors.invalid("lable").stream().filter(v -> v.has("components")).toList();
    }

    static List<JsonNode> bytesByLayout() {
        return Vectors.invalid("lable").stream().filter(v -> v.has("input_hex")).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void validVectorBuildsFromComponentsAndRoundTrips(JsonNode vector) {
        JsonNode c = vector.get("components");
        String hex = vector.get("hex").asText();
        LableId id = LableId.of(c.get("timestamp_ms").asLong(), c.get("sequence").asInt(),
                c.get("generator_id").asInt(), c.get("cluster_id").asInt(), LableMode.valueOf(c.get("mode").asText()));

        assertThat(HEX.formatHex(id.toBytes())).isEqualTo(hex);
        assertThat(id.toString()).isEqualTo(hex);
        assertThat(id.toLong()).isEqualTo(Long.parseUnsignedLong(hex, 16));
        assertComponents(LableId.fromBytes(HEX.parseHex(hex)), c);
        assertComponents(LableId.parse(hex), c);
        assertComponents(LableId.fromLong(Long.parseUnsignedLong(hex, 16)), c);
        assertThat(LableId.parse(hex)).isEqualTo(id);
        assertThat(LableId.isValid(hex)).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void decodedViewMatchesTheVector(JsonNode vector) {
        JsonNode c = vector.get("components");
        String hex = vector.get("hex").asText();
        DecodedId decoded = LableId.parse(hex).decoded();

        assertThat(decoded.scheme()).isEqualTo("lable");
        assertThat(decoded.canonical()).isEqualTo(hex);
        assertThat(decoded.hex()).isEqualTo(hex);
        assertThat(decoded.timestamp()).isEqualTo(Instant.ofEpochMilli(c.get("timestamp_ms").asLong()));
        assertThat(decoded.components()).containsExactly(
                Map.entry("timestamp", c.get("timestamp_ms").asLong()),
                Map.entry("sequence", c.get("sequence").asLong()),
                Map.entry("generatorId", c.get("generator_id").asLong()),
                Map.entry("clusterId", c.get("cluster_id").asLong()),
                Map.entry("mode", c.get("mode").asText()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidComponents")
    void outOfRangeComponentsAreRefused(JsonNode vector) {
        JsonNode c = vector.get("input_components");
        long timestamp = c.get("timestamp_ms").asLong();
        int sequence = c.get("sequence").asInt();
        int generator = c.get("generator_id").asInt();
        int cluster = c.get("cluster_id").asInt();
        String offending = timestamp < 0 ? String.valueOf(timestamp)
                : sequence > 63 ? String.valueOf(sequence)
                : generator < 0 || generator > 63 ? String.valueOf(generator)
                : String.valueOf(cluster);

        for (LableMode mode : LableMode.values()) {
            assertThatThrownBy(() -> LableId.of(timestamp, sequence, generator, cluster, mode))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageEndingWith(": " + offending);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidComponentsWithBytes")
    void laterLayoutsGeneratorIdsAreRefusedFromComponentsAndFromBytes(JsonNode vector) {
        JsonNode c = vector.get("components");
        String hex = vector.get("hex").asText();
        assertThat(c.get("generator_id").asInt()).isGreaterThan(63);

        assertThatThrownBy(() -> LableId.of(c.get("timestamp_ms").asLong(), c.get("sequence").asInt(),
                c.get("generator_id").asInt(), c.get("cluster_id").asInt(), LableMode.valueOf(c.get("mode").asText())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("generator id").hasMessageContaining(c.get("generator_id").asText());
        assertThatThrownBy(() -> LableId.fromBytes(HEX.parseHex(hex)))
                .isInstanceOf(InvalidIdException.class).hasMessageContaining(hex);
        assertThatThrownBy(() -> LableId.parse(hex))
                .isInstanceOf(InvalidIdException.class).hasMessageContaining(hex);
        assertThat(LableId.isValid(hex)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bytesByLayout")
    void bytesAreAcceptedExactlyWhenTheModeBitLayoutWithSixGeneratorBitsReadsThem(JsonNode vector) {
        JsonNode input = vector.get("input_hex");
        if (input.isNull()) {
            assertThatThrownBy(() -> LableId.fromBytes(null))
                    .isInstanceOf(InvalidIdException.class).hasMessageContaining("null");
            return;
        }
        String hex = input.asText();
        JsonNode v2m = vector.get("by_layout").get("v2m");
        boolean accepted = !v2m.has("error")
                && v2m.get("generator_id").asInt() <= 63
                && v2m.get("rebuilt_hex").asText().equals(hex);

        if (accepted) {
            JsonNode expected = v2m;
            assertComponents(LableId.fromBytes(HEX.parseHex(hex)), expected);
            assertComponents(LableId.parse(hex), expected);
            assertThat(LableId.parse(hex).toString()).isEqualTo(hex);
        } else {
            assertThatThrownBy(() -> LableId.fromBytes(HEX.parseHex(hex)))
                    .isInstanceOf(InvalidIdException.class).hasMessageContaining("'" + hex + "'");
            assertThatThrownBy(() -> LableId.parse(hex))
                    .isInstanceOf(InvalidIdException.class).hasMessageContaining("'" + hex + "'");
            if (hex.length() == 16) {
                assertThatThrownBy(() -> LableId.fromLong(Long.parseUnsignedLong(hex, 16)))
                        .isInstanceOf(InvalidIdException.class).hasMessageContaining("'" + hex + "'");
            }
            assertThat(LableId.isValid(hex)).isFalse();
        }
    }

    private static void assertComponents(LableId id, JsonNode c) {
        assertThat(id.timestampMillis()).as("timestamp").isEqualTo(c.get("timestamp_ms").asLong());
        assertThat(id.timestamp()).isEqualTo(Instant.ofEpochMilli(c.get("timestamp_ms").asLong()));
        assertThat(id.sequence()).as("sequence").isEqualTo(c.get("sequence").asInt());
        assertThat(id.generatorId()).as("generator id").isEqualTo(c.get("generator_id").asInt());
        assertThat(id.clusterId()).as("cluster id").isEqualTo(c.get("cluster_id").asInt());
        assertThat(id.mode()).as("mode").isEqualTo(LableMode.valueOf(c.get("mode").asText()));
    }
}
