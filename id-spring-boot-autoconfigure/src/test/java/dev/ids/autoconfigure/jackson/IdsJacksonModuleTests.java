package dev.ids.autoconfigure.jackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.ids.gid.Gid;
import dev.ids.gid.GidType;
import dev.ids.lable.LableId;
import dev.ids.lable.LableMode;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The module on a plain {@link JsonMapper}, without Spring, with values from the reference vectors in
 * {@code /work/shared/vectors}: the expected strings and components are the vectors', not this code's.
 */
class IdsJacksonModuleTests {

    /** elfo "first_id_node1": second 1700000000 truncated to 25 bits, node 1, chunk 0, counter 1. */
    private static final String TRACE_ID = "6123839962065403905";

    /** Lable "ordinary_2014_spread": 1400000000000 ms, sequence 5, generator 42, cluster 3, SPREAD. */
    private static final String LABLE = "000d016fa28502a3";

    /** Graft "Log_2025": Log GID of 1735689600000 ms. */
    private static final String GID = "74gfrC8X75-4Fwt5S13qxVrN";

    /** sno "from_bytes_4e6f2160a0ff9a0a1033": metabyte 255, partition 39434, sequence 4147. */
    private static final String SNO = "brpk4q72xwf2m63l";

    /** Gink "doc_example": timestamp 1642579230975519 µs, medallion 1923190821165, offset 11. */
    private static final String MUID = "5D5EAC793E61F-1BFC71B112D-0000000B";

    private static final String THINGS_JSON = """
            {"traceId":"%s","lable":"%s","gid":"%s","sno":"%s","muid":"%s"}"""
            .formatted(TRACE_ID, LABLE, GID, SNO, MUID);

    private final JsonMapper mapper = JsonMapper.builder().addModule(new IdsJacksonModule()).build();

    private final JsonMapper numberMapper = JsonMapper.builder().addModule(new IdsJacksonModule(false)).build();

    record Things(TraceId traceId, LableId lable, Gid gid, Sno sno, Muid muid) {
    }

    @Test
    void readsEveryIdFromItsCanonicalString() {
        Things things = mapper.readValue(THINGS_JSON, Things.class);
        assertThat(things.traceId().timestampSeconds()).isEqualTo(1_700_000_000L & 0x1FFFFFF);
        assertThat(things.traceId().nodeNo()).isEqualTo(1);
        assertThat(things.traceId().counter()).isEqualTo(1);
        assertThat(things.lable().timestampMillis()).isEqualTo(1_400_000_000_000L);
        assertThat(things.lable().sequence()).isEqualTo(5);
        assertThat(things.lable().generatorId()).isEqualTo(42);
        assertThat(things.lable().clusterId()).isEqualTo(3);
        assertThat(things.lable().mode()).isEqualTo(LableMode.SPREAD);
        assertThat(things.gid().type()).isEqualTo(GidType.LOG);
        assertThat(things.gid().timestamp()).isEqualTo(Instant.parse("2025-01-01T00:00:00Z"));
        assertThat(things.sno().metabyte()).isEqualTo(255);
        assertThat(things.sno().partition()).isEqualTo(39434);
        assertThat(things.sno().sequence()).isEqualTo(4147);
        assertThat(things.muid().timestampMicros()).isEqualTo(1_642_579_230_975_519L);
        assertThat(things.muid().medallion()).isEqualTo(1_923_190_821_165L);
        assertThat(things.muid().offset()).isEqualTo(11);
    }

    @Test
    void writesEveryIdAsItsCanonicalString() {
        Things things = new Things(TraceId.parse(TRACE_ID), LableId.parse(LABLE), Gid.parse(GID), Sno.parse(SNO),
                Muid.parse(MUID));
        assertThat(mapper.writeValueAsString(things)).isEqualTo(THINGS_JSON);
    }

    @Test
    void writesTraceIdAsNumberWhenAskedTo() {
        JsonNode json = numberMapper.valueToTree(Map.of("traceId", TraceId.parse(TRACE_ID)));
        assertThat(json.get("traceId").isIntegralNumber()).isTrue();
        assertThat(json.get("traceId").longValue()).isEqualTo(6_123_839_962_065_403_905L);
        assertThat(numberMapper.writeValueAsString(TraceId.parse(TRACE_ID))).isEqualTo(TRACE_ID);
    }

    @Test
    void writesTraceIdAsStringByDefault() {
        assertThat(mapper.writeValueAsString(TraceId.parse(TRACE_ID))).isEqualTo('"' + TRACE_ID + '"');
    }

    @Test
    void readsTraceIdFromStringOrNumberWhicheverWayItWrites() {
        for (JsonMapper either : new JsonMapper[] {mapper, numberMapper}) {
            assertThat(either.readValue('"' + TRACE_ID + '"', TraceId.class).nodeNo()).isEqualTo(1);
            assertThat(either.readValue(TRACE_ID, TraceId.class).nodeNo()).isEqualTo(1);
        }
    }

    @Test
    void numberFormRoundTrips() {
        Things things = numberMapper.readValue(THINGS_JSON, Things.class);
        String written = numberMapper.writeValueAsString(things);
        assertThat(written).contains("\"traceId\":" + TRACE_ID + ",");
        assertThat(numberMapper.readValue(written, Things.class)).isEqualTo(things);
    }

    @ParameterizedTest
    @CsvSource({
            "traceId, 61238399620654O3905",
            "traceId, 06123839962065403905",
            "lable, 000D016FA28502A3",
            "gid, 74gfrC8X75-4Fwt5S13qxVr0",
            "sno, brpk4q72xwf2m63",
            "muid, 5D5EAC793E61F-1BFC71B112D-0000000",
            "muid, ''"})
    void refusesABadStringNamingTheValueAndTheReason(String field, String bad) {
        String json = THINGS_JSON.replaceFirst("\"" + field + "\":\"[^\"]*\"", "\"" + field + "\":\"" + bad + "\"");
        assertThatExceptionOfType(InvalidFormatException.class)
                .isThrownBy(() -> mapper.readValue(json, Things.class))
                .satisfies(ex -> {
                    assertThat(ex.getValue()).isEqualTo(bad);
                    assertThat(ex.getPath()).singleElement()
                            .satisfies(reference -> assertThat(reference.getPropertyName()).isEqualTo(field));
                    // Jackson's "Cannot deserialize value of type ... from String" plus the parser's reason.
                    assertThat(ex.getOriginalMessage()).contains("from String \"" + bad + "\"")
                            .containsPattern("Invalid [a-z-]+ '" + bad + "': .+");
                });
    }

    @Test
    void refusesAHugeStringWithABoundedEscapedMessage() {
        String huge = "\\u001b[2J" + "z".repeat(1_000_000);

        assertThatExceptionOfType(InvalidFormatException.class)
                .isThrownBy(() -> mapper.readValue("{\"sno\":\"" + huge + "\"}", Things.class))
                .satisfies(ex -> {
                    assertThat(ex.getOriginalMessage()).hasSizeLessThan(700).contains("(1000004 chars)")
                            .contains("\\u001B[2J").doesNotContain("\u001b");
                    assertThat(ex.getValue()).isEqualTo("\\u001B[2J" + "z".repeat(91) + "\u2026(1000004 chars)");
                });
        // Jackson itself refuses property names over 50,000 characters.
        String longKey = "\\u001b[2J" + "z".repeat(40_000);
        assertThatExceptionOfType(InvalidFormatException.class)
                .isThrownBy(() -> mapper.readValue("{\"" + longKey + "\":1}",
                        new TypeReference<Map<Sno, Integer>>() { }))
                .satisfies(ex -> assertThat(ex.getOriginalMessage()).hasSizeLessThan(700)
                        .contains("(40004 chars)").doesNotContain("\u001b"));
    }

    @ParameterizedTest
    @CsvSource({"9223372036854775808", "-6123839962065403905", "0"})
    void refusesATraceIdNumberOutsideTheRange(String number) {
        assertThatExceptionOfType(InvalidFormatException.class)
                .isThrownBy(() -> numberMapper.readValue("{\"traceId\":" + number + "}", Things.class))
                .satisfies(ex -> assertThat(ex.getOriginalMessage()).contains("from number " + number)
                        .contains("Invalid trace-id '" + number + "'"));
    }

    @Test
    void refusesAJsonTokenOfTheWrongKind() {
        assertThatExceptionOfType(MismatchedInputException.class)
                .isThrownBy(() -> numberMapper.readValue("{\"traceId\":6.1e18}", Things.class));
        assertThatExceptionOfType(MismatchedInputException.class)
                .isThrownBy(() -> mapper.readValue("{\"sno\":12345}", Things.class));
        assertThatExceptionOfType(MismatchedInputException.class)
                .isThrownBy(() -> mapper.readValue("{\"muid\":{}}", Things.class));
    }

    @Test
    void readsNullAsNull() {
        assertThat(mapper.readValue("{\"sno\":null}", Things.class).sno()).isNull();
    }

    @Test
    void idsWorkAsMapKeys() {
        Map<Sno, Muid> map = Map.of(Sno.parse(SNO), Muid.parse(MUID));
        String json = mapper.writeValueAsString(map);
        assertThat(json).isEqualTo("{\"" + SNO + "\":\"" + MUID + "\"}");
        assertThat(mapper.readValue(json, new TypeReference<Map<Sno, Muid>>() { })).isEqualTo(map);
        Map<TraceId, Integer> byTraceId = Map.of(TraceId.parse(TRACE_ID), 1);
        assertThat(numberMapper.readValue(numberMapper.writeValueAsString(byTraceId),
                new TypeReference<Map<TraceId, Integer>>() { })).isEqualTo(byTraceId);
    }

    @Test
    void refusesABadMapKeyNamingIt() {
        assertThatExceptionOfType(InvalidFormatException.class)
                .isThrownBy(() -> mapper.readValue("{\"not-a-sno\":1}", new TypeReference<Map<Sno, Integer>>() { }))
                .satisfies(ex -> assertThat(ex.getOriginalMessage()).contains("not-a-sno")
                        .contains("Invalid sno 'not-a-sno'"));
    }
}
