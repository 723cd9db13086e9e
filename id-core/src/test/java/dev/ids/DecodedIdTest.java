package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
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

        // Shown as messages show it (control characters escaped), then escaped again as JSON.
        assertThat(parsed.get("input").asText()).isEqualTo("a\"b\\\\c\\nd\\u0001");
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

    @Test
    void jsonListsTheLayoutFieldsInOrder() throws Exception {
        DecodedId view = DecodedId.builder("x", "x", "f0", Instant.EPOCH).field("high", 4, 15).field("low", 4, 0)
                .build();

        JsonNode layout = JSON.readTree(view.toJson()).get("layout");

        assertThat(layout).hasSize(2);
        assertThat(layout.get(1).get("name").asText()).isEqualTo("low");
        assertThat(layout.get(1).get("offset").asInt()).isEqualTo(4);
        assertThat(layout.get(1).get("bits").asInt()).isEqualTo(4);
        assertThat(layout.get(0).get("value").asLong()).isEqualTo(15);
    }

    @Test
    void layoutThatDoesNotCoverTheBytesIsRefused() {
        assertThatThrownBy(() -> DecodedId.builder("x", "x", "f0", Instant.EPOCH).field("high", 4, 15).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("covers 4 bits but the ID has 8");
    }

    @Test
    void layoutWithAGapIsRefused() {
        List<DecodedId.Field> layout = List.of(new DecodedId.Field("high", 0, 4, 1L),
                new DecodedId.Field("low", 5, 3, 1L));

        assertThatThrownBy(() -> new DecodedId("x", "x", "f0", Instant.EPOCH, Map.of(), layout))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'low' starts at bit 5");
    }

    @Test
    void fieldValueWiderThanTheFieldIsRefused() {
        assertThatThrownBy(() -> new DecodedId.Field("mode", 0, 1, 2L))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'mode' of 1 bits cannot hold 2");
    }
}
