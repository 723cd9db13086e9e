package dev.ids.muid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ids.DecodedId;
import dev.ids.InvalidIdException;
import dev.ids.internal.Hex;
import dev.ids.testing.Vectors;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class MuidVectorsTest {

    private static final String FILE = "muid";

    @Test
    void vectorFileHasBothHalves() {
        assertThat(Vectors.valid(FILE)).hasSizeGreaterThanOrEqualTo(16);
        assertThat(Vectors.invalid(FILE)).hasSizeGreaterThanOrEqualTo(13);
    }

    @TestFactory
    Stream<DynamicTest> validVectorsRoundTrip() {
        return Vectors.valid(FILE).stream()
                .map(vector -> DynamicTest.dynamicTest(vector.get("name").asText(), () -> checkValid(vector)));
    }

    @TestFactory
    Stream<DynamicTest> invalidVectorsAreRejectedNamingTheInput() {
        return Vectors.invalid(FILE).stream()
                .map(vector -> DynamicTest.dynamicTest(vector.get("name").asText(), () -> checkInvalid(vector)));
    }

    private static void checkValid(JsonNode vector) {
        JsonNode expected = vector.get("components");
        String string = vector.get("string").asText();
        List<Muid> decodedForms = new ArrayList<>();

        if (vector.has("input_components")) {
            JsonNode in = vector.get("input_components");
            Muid built = Muid.of(in.get("timestamp").asLong(), in.get("medallion").asLong(), in.get("offset").asLong());
            assertComponents(built, expected);
            assertThat(Hex.of(built.toBytes())).isEqualTo(vector.get("hex").asText());
            assertThat(built.toString()).isEqualTo(string);
            decodedForms.add(built);
        }
        if (vector.has("hex")) {
            Muid fromBytes = Muid.fromBytes(Hex.parse(vector.get("hex").asText()));
            assertComponents(fromBytes, expected);
            assertThat(fromBytes.toString()).isEqualTo(string);
            assertThat(Muid.fromUuid(fromBytes.toUuid())).isEqualTo(fromBytes);
            decodedForms.add(fromBytes);
        }
        if (vector.has("parse_input")) {
            String input = vector.get("parse_input").asText();
            assertThat(Muid.isValid(input)).isTrue();
            Muid parsed = Muid.parse(input);
            assertComponents(parsed, expected);
            assertThat(parsed.toString()).isEqualTo(string);
            decodedForms.add(parsed);
        }
        assertThat(Muid.isValid(string)).isTrue();
        Muid parsed = Muid.parse(string);
        assertComponents(parsed, expected);
        assertThat(parsed.toString()).isEqualTo(string);
        decodedForms.add(parsed);

        for (Muid muid : decodedForms) {
            assertThat(muid).isEqualTo(parsed).hasSameHashCodeAs(parsed);
            assertThat(muid.compareTo(parsed)).isZero();
            assertDecoded(muid.decoded(), vector);
        }
    }

    private static void assertComponents(Muid muid, JsonNode expected) {
        assertThat(muid.timestampMicros()).as("timestamp").isEqualTo(expected.get("timestamp").asLong());
        assertThat(muid.medallion()).as("medallion").isEqualTo(expected.get("medallion").asLong());
        assertThat((long) muid.offset()).as("offset").isEqualTo(expected.get("offset").asLong());
    }

    private static void assertDecoded(DecodedId decoded, JsonNode vector) {
        JsonNode expected = vector.get("components");
        Map<String, Object> components = new LinkedHashMap<>();
        components.put("timestamp", expected.get("timestamp").asLong());
        components.put("medallion", expected.get("medallion").asLong());
        components.put("offset", expected.get("offset").asLong());

        assertThat(decoded.scheme()).isEqualTo("muid");
        assertThat(decoded.canonical()).isEqualTo(vector.get("string").asText());
        if (vector.has("hex")) {
            assertThat(decoded.hex()).isEqualTo(vector.get("hex").asText());
        } else {
            // The hex of the canonical string is its digits without the dashes, in lower case.
            assertThat(decoded.hex()).isEqualTo(vector.get("string").asText().replace("-", "").toLowerCase());
        }
        assertThat(decoded.components()).containsExactlyEntriesOf(components);
        long micros = expected.get("timestamp").asLong();
        assertThat(decoded.timestamp())
                .isEqualTo(Instant.EPOCH.plusSeconds(Math.floorDiv(micros, 1_000_000L))
                        .plusNanos(Math.floorMod(micros, 1_000_000L) * 1000L));
    }

    private static void checkInvalid(JsonNode vector) {
        if (vector.has("input_components")) {
            JsonNode in = vector.get("input_components");
            // The reference names the offending component: "ValueError: offset=4294967296 out of range".
            Matcher named = Pattern.compile("(\\w+)=(-?\\d+)").matcher(vector.get("reference_error").asText());
            assertThat(named.find()).isTrue();
            assertThatThrownBy(() -> Muid.of(in.get("timestamp").asLong(), in.get("medallion").asLong(),
                    in.get("offset").asLong()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(named.group(1))
                    .hasMessageContaining(named.group(2));
        } else if (vector.has("input_hex")) {
            String hex = vector.get("input_hex").asText();
            assertThatThrownBy(() -> Muid.fromBytes(Hex.parse(hex)))
                    .isInstanceOf(InvalidIdException.class)
                    .hasMessageContaining(hex)
                    .hasMessageContaining("muid");
        } else if (vector.has("input") && !vector.get("input").isNull()) {
            String input = vector.get("input").asText();
            assertThat(Muid.isValid(input)).isFalse();
            assertThatThrownBy(() -> Muid.parse(input))
                    .isInstanceOf(InvalidIdException.class)
                    .hasMessageContaining("'" + input + "'")
                    .hasMessageContaining("muid");
        }
    }
}
