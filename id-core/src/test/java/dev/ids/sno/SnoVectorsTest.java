package dev.ids.sno;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ids.DecodedId;
import dev.ids.IdGenerationException;
import dev.ids.InvalidIdException;
import dev.ids.clock.ManualClock;
import dev.ids.internal.Hex;
import dev.ids.testing.Vectors;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

class SnoVectorsTest {

    private static final List<JsonNode> VALID = Vectors.valid("sno");
    private static final List<JsonNode> INVALID = Vectors.invalid("sno");

    @TestFactory
    Stream<DynamicTest> validVectorsBuildEncodeDecodeAndParse() {
        return VALID.stream().map(v -> DynamicTest.dynamicTest(v.get("name").asText(), () -> {
            JsonNode c = v.get("components");
            Sno built = Sno.of(c.get("units").asLong(), c.get("tick").asInt(), c.get("meta").asInt(),
                    c.get("partition").asInt(), c.get("sequence").asInt());
            String hex = v.get("hex").asText();
            String text = v.get("string").asText();

            assertThat(Hex.of(built.toBytes())).isEqualTo(hex);
            assertThat(built.toString()).isEqualTo(text);
            assertThat(SnoCodec.encode(Hex.parse(hex))).isEqualTo(text);
            assertThat(Hex.of(SnoCodec.decode(text))).isEqualTo(hex);

            Sno fromBytes = Sno.fromBytes(Hex.parse(hex));
            Sno parsed = Sno.parse(text);
            for (Sno decoded : List.of(fromBytes, parsed)) {
                assertThat(decoded).isEqualTo(built).hasSameHashCodeAs(built);
                assertThat(decoded.compareTo(built)).isZero();
                assertThat(decoded.units()).isEqualTo(c.get("units").asLong());
                assertThat(decoded.tickTock()).isEqualTo(c.get("tick").asInt());
                assertThat(decoded.metabyte()).isEqualTo(c.get("meta").asInt());
                assertThat(decoded.partition()).isEqualTo(c.get("partition").asInt());
                assertThat(decoded.sequence()).isEqualTo(c.get("sequence").asInt());
                assertThat(decoded.timestamp()).isEqualTo(Instant.parse(v.get("time_utc").asText()));
                assertThat(decoded.timestamp().toEpochMilli()).isEqualTo(v.get("time_unix_ms").asLong());
            }
            assertThat(Sno.isValid(text)).isTrue();

            DecodedId view = parsed.decoded();
            assertThat(view.scheme()).isEqualTo("sno");
            assertThat(view.canonical()).isEqualTo(text);
            assertThat(view.hex()).isEqualTo(hex);
            assertThat(view.timestamp()).isEqualTo(Instant.parse(v.get("time_utc").asText()));
            assertThat(view.components()).containsExactly(
                    org.assertj.core.api.Assertions.entry("units", c.get("units").asLong()),
                    org.assertj.core.api.Assertions.entry("tickTock", (long) c.get("tick").asInt()),
                    org.assertj.core.api.Assertions.entry("metabyte", (long) c.get("meta").asInt()),
                    org.assertj.core.api.Assertions.entry("partition", (long) c.get("partition").asInt()),
                    org.assertj.core.api.Assertions.entry("sequence", (long) c.get("sequence").asInt()));
        }));
    }

    /** Entries with an "input" describe generation at a given wall time; the pre-2010 ones are refused here. */
    @TestFactory
    Stream<DynamicTest> generationVectorsAreReproducedWithAManualClock() {
        return VALID.stream().filter(v -> v.has("input")).map(v -> DynamicTest.dynamicTest(
                v.get("name").asText(), () -> {
                    JsonNode in = v.get("input");
                    Instant at = Instant.parse(in.get("utc").asText());
                    int max = in.get("snapshot_sequence_max").asInt() == 0 ? 65535
                            : in.get("snapshot_sequence_max").asInt();
                    SnoGenerator generator = SnoGenerator.builder()
                            .clock(ManualClock.at(at))
                            .partition(in.get("partition").asInt())
                            .sequenceBounds(in.get("snapshot_sequence_min").asInt(), max)
                            .build();
                    int meta = in.get("meta").asInt();
                    if (at.isBefore(Instant.parse("2010-01-01T00:00:00Z"))) {
                        // Deviation from muyo/sno, whose (t - epoch) wraps around to garbage in the 39 unit bits
                        // (the vector lists that garbage): this project refuses to stamp a time it cannot hold.
                        assertThatThrownBy(() -> generator.next(meta)).isInstanceOf(IdGenerationException.class)
                                .hasMessageContaining("outside the times a sno can hold")
                                .hasMessageContaining(at.toString());
                        return;
                    }
                    List<Integer> sequences = new ArrayList<>();
                    Sno last = null;
                    for (int i = 0; i < in.get("calls").asInt(); i++) {
                        last = generator.next(meta);
                        sequences.add(last.sequence());
                    }
                    List<Integer> expected = new ArrayList<>();
                    v.get("sequences_returned").forEach(n -> expected.add(n.asInt()));
                    assertThat(sequences).isEqualTo(expected);
                    assertThat(last.toString()).isEqualTo(v.get("string").asText());
                    assertThat(Hex.of(last.toBytes())).isEqualTo(v.get("hex").asText());
                }));
    }

    @Test
    void theVectorsIncludeTheRefusedPre2010Generations() {
        assertThat(VALID).filteredOn(v -> v.has("input")
                        && Instant.parse(v.get("input").get("utc").asText()).getEpochSecond() < 1_262_304_000L)
                .extracting(v -> v.get("name").asText())
                .contains("new_with_time_before_epoch_4ms", "new_with_time_unix_epoch_1970");
    }

    @TestFactory
    Stream<DynamicTest> invalidVectorsAreRejectedNamingTheInput() {
        return INVALID.stream().map(v -> DynamicTest.dynamicTest(v.get("name").asText(), () -> {
            if (v.hasNonNull("input_components")) {
                JsonNode c = v.get("input_components");
                assertThatThrownBy(() -> Sno.of(c.path("units").asLong(), c.path("tick").asInt(),
                        c.path("meta").asInt(), c.path("partition").asInt(), c.path("sequence").asInt()))
                        .isInstanceOf(IllegalArgumentException.class);
                return;
            }
            if (v.hasNonNull("input_hex")) {
                String hex = v.get("input_hex").asText();
                assertThatThrownBy(() -> Sno.fromBytes(Hex.parse(hex))).isInstanceOf(InvalidIdException.class)
                        .hasMessageContaining(hex);
                return;
            }
            if (!v.hasNonNull("input")) {
                return; // a form this project does not parse (here: sno's JSON unmarshalling)
            }
            String input = v.get("input").asText();
            assertThat(Sno.isValid(input)).isFalse();
            assertThat(SnoCodec.isValid(input)).isFalse();
            assertThatThrownBy(() -> Sno.parse(input)).isInstanceOf(InvalidIdException.class)
                    .hasMessageContaining("'" + input + "'");
            assertThatThrownBy(() -> SnoCodec.decode(input)).isInstanceOf(InvalidIdException.class)
                    .hasMessageContaining(input);
        }));
    }
}
