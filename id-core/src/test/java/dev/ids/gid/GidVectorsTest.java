package dev.ids.gid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ids.DecodedId;
import dev.ids.InvalidIdException;
import dev.ids.internal.Hex;
import dev.ids.testing.Vectors;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GidVectorsTest {

    static Stream<Arguments> valid() {
        return Vectors.valid("gid").stream().map(v -> Arguments.of(v.get("name").asText(), v));
    }

    static Stream<Arguments> invalid() {
        return Vectors.invalid("gid").stream().map(v -> Arguments.of(v.get("name").asText(), v));
    }

    @Test
    void vectorFilesAreNotEmpty() {
        assertThat(Vectors.valid("gid")).isNotEmpty();
        assertThat(Vectors.invalid("gid")).isNotEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void validVectorBuildsFromComponentsAndRoundTrips(String name, JsonNode vector) {
        JsonNode components = vector.get("components");
        GidType type = GidType.ofName(components.get("type").asText());
        long timestamp = components.get("timestamp_ms").asLong();
        String randomHex = components.get("random_hex").asText();
        String hex = vector.get("hex").asText();
        String string = vector.get("string").asText();

        Gid fromComponents = Gid.of(type, timestamp, Hex.parse(randomHex));

        assertThat(type.prefix()).isEqualTo(components.get("prefix").asInt());
        assertThat(Hex.of(fromComponents.toBytes())).isEqualTo(hex);
        assertThat(fromComponents.toString()).isEqualTo(string);
        assertThat(fromComponents.toShortString()).isEqualTo(vector.get("short").asText());
        assertThat(string).isEqualTo(vector.get("time_part").asText() + "-" + vector.get("random_part").asText());

        for (Gid decoded : new Gid[] {Gid.parse(string), Gid.parse(string, type), Gid.fromBytes(Hex.parse(hex)),
                Gid.fromBytes(Hex.parse(hex), type), Gid.fromUuid(fromComponents.toUuid())}) {
            assertThat(decoded).isEqualTo(fromComponents).hasSameHashCodeAs(fromComponents);
            assertThat(decoded.compareTo(fromComponents)).isZero();
            assertThat(decoded.type()).isEqualTo(type);
            assertThat(decoded.prefix()).isEqualTo(components.get("prefix").asInt());
            assertThat(decoded.timestampMillis()).isEqualTo(timestamp);
            assertThat(decoded.timestamp()).isEqualTo(Instant.ofEpochMilli(timestamp));
            assertThat(Hex.of(decoded.randomBytes())).isEqualTo(randomHex);
        }
        assertThat(Gid.isValid(string)).isTrue();
        assertThat(Gid.isValid(string, type)).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void validVectorHasTheDecodedViewOfTheSpec(String name, JsonNode vector) {
        JsonNode components = vector.get("components");
        long timestamp = components.get("timestamp_ms").asLong();

        DecodedId decoded = Gid.parse(vector.get("string").asText()).decoded();

        assertThat(decoded.scheme()).isEqualTo("gid");
        assertThat(decoded.canonical()).isEqualTo(vector.get("string").asText());
        assertThat(decoded.hex()).isEqualTo(vector.get("hex").asText());
        assertThat(decoded.timestamp()).isEqualTo(Instant.ofEpochMilli(timestamp));
        assertThat(decoded.components()).containsExactly(
                entry("prefix", components.get("prefix").asLong()),
                entry("type", components.get("type").asText()),
                entry("timestamp", timestamp),
                entry("random", components.get("random_hex").asText()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalid")
    void invalidVectorIsRejectedWithTheInputInTheMessage(String name, JsonNode vector) {
        GidType expected = vector.hasNonNull("parse_as") ? GidType.ofName(vector.get("parse_as").asText()) : null;
        if (vector.has("input_components")) {
            JsonNode c = vector.get("input_components");
            assertThatThrownBy(() -> Gid.of(GidType.ofName(c.get("type").asText()), c.get("timestamp_ms").asLong(),
                    Hex.parse(c.get("random_hex").asText()))).isInstanceOf(IllegalArgumentException.class);
        } else if (vector.has("input_hex")) {
            String hex = vector.get("input_hex").asText();
            assertThatThrownBy(() -> Gid.fromBytes(Hex.parse(hex), expected))
                    .isInstanceOf(InvalidIdException.class).hasMessageContaining(hex);
        } else {
            Assumptions.assumeTrue(vector.hasNonNull("input"), "null input: a form this project does not parse");
            String input = vector.get("input").asText();
            assertThatThrownBy(() -> Gid.parse(input, expected))
                    .isInstanceOf(InvalidIdException.class).hasMessageContaining("'" + input + "'")
                    .satisfies(e -> assertThat(((InvalidIdException) e).input()).isEqualTo(input));
            assertThat(Gid.isValid(input, expected)).isFalse();
        }
    }

    @Test
    void volumeVectorParsedAsLogNamesBothTypes() {
        assertThatThrownBy(() -> Gid.parse("5rMH4TvfZU-2dW3RcXgeX9Gb", GidType.LOG))
                .hasMessageContaining("Volume").hasMessageContaining("Log");
        assertThat(Gid.parse("5rMH4TvfZU-2dW3RcXgeX9Gb").type()).isEqualTo(GidType.VOLUME);
    }

    @Test
    void reasonsNameTheRuleBroken() {
        assertThatThrownBy(() -> Gid.parse("74gOupMzUA-2dW3RcXgeX9Gb"))
                .hasMessageContaining("'O' at index 3");
        assertThatThrownBy(() -> Gid.parse("74geupMzUA-2dW3RcXge-9Gb"))
                .hasMessageContaining("'-' at index 20");
        assertThatThrownBy(() -> Gid.parse("zzzzzzzzzz-2dW3RcXgeX9Gb")).hasMessageContaining("7 bytes");
        assertThatThrownBy(() -> Gid.parse("74geupMzUA-zzzzzzzzzzzzz")).hasMessageContaining("9 bytes");
        assertThatThrownBy(() -> Gid.parse("invalid")).hasMessageContaining("24 characters, got 7");
        assertThatThrownBy(() -> Gid.parse(null)).isInstanceOf(InvalidIdException.class).hasMessageContaining("null");
        assertThatThrownBy(() -> Gid.fromBytes(Hex.parse("81000000000000800000000000000000")))
                .hasMessageContaining("reserved");
        assertThatThrownBy(() -> Gid.fromBytes(Hex.parse("e0000000000000800000000000000000")))
                .hasMessageContaining("no known GID type");
        assertThatThrownBy(() -> Gid.fromBytes(Hex.parse("a00000000003e8000000000000000000")))
                .hasMessageContaining("byte 7 (0x00) lacks its top bit");
    }
}
