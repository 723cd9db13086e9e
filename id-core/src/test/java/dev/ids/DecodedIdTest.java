package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DecodedIdTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void jsonHasTheFieldsOfTheDecodedViewWithComponentsInOrder() throws Exception {
        DecodedId view = DecodedId.builder("sno", "2222222422222222", "00000000020000000000",
                        Instant.parse("2010-01-01T00:00:00.004Z"))
                .component("units", 1).component("tickTock", 0).component("metabyte", 0)
                .component("partition", 0).component("sequence", 0).build();

        String json = view.toJson();
        JsonNode parsed = JSON.readTree(json);

        assertThat(parsed.get("scheme").asText()).isEqualTo("sno");
        assertThat(parsed.get("timestamp").asText()).isEqualTo("2010-01-01T00:00:00.004Z");
        assertThat(parsed.get("components").get("units").asLong()).isEqualTo(1);
        assertThat(json).contains("\"components\":{\"units\":1,\"tickTock\":0,\"metabyte\":0,\"partition\":0,"
                + "\"sequence\":0}");
    }

    @Test
    void errorJsonEscapesTheInput() throws Exception {
        String input = "a\"b\\c\nd\u0001";
        JsonNode parsed = JSON.readTree(DecodedId.errorJson(input, "bad \"input\""));

        assertThat(parsed.get("input").asText()).isEqualTo(input);
        assertThat(parsed.get("error").asText()).isEqualTo("bad \"input\"");
    }

    @Test
    void componentsAreUnmodifiable() {
        DecodedId view = new DecodedId("gid", "x", "00", Instant.EPOCH, Map.of("type", "Log"));

        assertThatThrownBy(() -> view.components().put("type", "Volume"))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void componentOfAnotherTypeIsRefused() {
        assertThatThrownBy(() -> new DecodedId("gid", "x", "00", Instant.EPOCH, Map.of("when", Instant.EPOCH)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("when");
    }
}
