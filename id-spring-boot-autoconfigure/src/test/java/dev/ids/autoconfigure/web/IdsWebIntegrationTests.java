package dev.ids.autoconfigure.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A whole application over HTTP: IDs bound from the path, a request parameter and a JSON body, written back as
 * JSON, and bad IDs answered with 400. The responses are read with a mapper that knows nothing of the ID types.
 */
@SpringBootTest(classes = IdsWebIntegrationTests.ThingsApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {"ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513"})
class IdsWebIntegrationTests {

    private static final String SNO = "brpk4q72xwf2m63l";

    private static final String MUID = "5D5EAC793E61F-1BFC71B112D-0000000B";

    private static final String THINGS_JSON = """
            {"traceId":"6123839962065403905","lable":"000d016fa28502a3","gid":"74gfrC8X75-4Fwt5S13qxVrN",\
            "sno":"brpk4q72xwf2m63l","muid":"5D5EAC793E61F-1BFC71B112D-0000000B"}""";

    private final HttpClient http = HttpClient.newHttpClient();

    private final JsonMapper plainMapper = new JsonMapper();

    @LocalServerPort
    private int port;

    @Test
    void bindsPathVariableAndRequestParameter() throws Exception {
        HttpResponse<String> response = get("/things/" + SNO + "?muid=" + MUID);
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode json = plainMapper.readTree(response.body());
        assertThat(json.get("sno").stringValue()).isEqualTo(SNO);
        assertThat(json.get("snoPartition").intValue()).isEqualTo(39434);
        assertThat(json.get("muid").stringValue()).isEqualTo(MUID);
        assertThat(json.get("muidMedallion").longValue()).isEqualTo(1_923_190_821_165L);
    }

    @Test
    void readsAndWritesEveryIdInAJsonBody() throws Exception {
        HttpResponse<String> response = post("/things", THINGS_JSON);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(plainMapper.readTree(response.body())).isEqualTo(plainMapper.readTree(THINGS_JSON));
    }

    @Test
    void acceptsATraceIdAsAJsonNumberAndAnswersWithAString() throws Exception {
        HttpResponse<String> response = post("/things", "{\"traceId\":6123839962065403905}");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(plainMapper.readTree(response.body()).get("traceId").isString()).isTrue();
        assertThat(plainMapper.readTree(response.body()).get("traceId").stringValue())
                .isEqualTo("6123839962065403905");
    }

    @Test
    void writesGeneratedIdsFromTheConfiguredNodes() throws Exception {
        HttpResponse<String> response = get("/things/fresh");
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode json = plainMapper.readTree(response.body());
        assertThat(json.get("traceId").isString()).isTrue();
        assertThat(TraceId.parse(json.get("traceId").stringValue()).nodeNo()).isEqualTo(7);
        assertThat(Sno.parse(json.get("sno").stringValue()).partition()).isEqualTo(513);
    }

    @Test
    void answersABadPathVariableWith400() throws Exception {
        assertThat(get("/things/brpk4q72xwf2m63!?muid=" + MUID).statusCode()).isEqualTo(400);
    }

    @Test
    void answersABadRequestParameterWith400() throws Exception {
        assertThat(get("/things/" + SNO + "?muid=5d5eac793e61f-1bfc71b112d-0000000b").statusCode()).isEqualTo(400);
    }

    @Test
    void answersABadBodyValueWith400() throws Exception {
        assertThat(post("/things", THINGS_JSON.replace("74gfrC8X75-", "74gfrC8X70-")).statusCode()).isEqualTo(400);
        assertThat(post("/things", "{\"traceId\":9223372036854775808}").statusCode()).isEqualTo(400);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).GET().build(), BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String json) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(json)).build(), BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }

    record Things(TraceId traceId, LableId lable, Gid gid, Sno sno, Muid muid) {
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(ThingsController.class)
    static class ThingsApplication {
    }

    @RestController
    static class ThingsController {

        private final TraceIdGenerator traceIds;

        private final SnoGenerator snos;

        ThingsController(TraceIdGenerator traceIds, SnoGenerator snos) {
            this.traceIds = traceIds;
            this.snos = snos;
        }

        @GetMapping("/things/fresh")
        Things fresh() {
            return new Things(traceIds.next(), null, null, snos.next(), null);
        }

        @GetMapping("/things/{sno}")
        Map<String, Object> thing(@PathVariable Sno sno, @RequestParam Muid muid) {
            return Map.of("sno", sno, "snoPartition", sno.partition(), "muid", muid,
                    "muidMedallion", muid.medallion());
        }

        @PostMapping("/things")
        Things echo(@RequestBody Things things) {
            return things;
        }
    }
}
