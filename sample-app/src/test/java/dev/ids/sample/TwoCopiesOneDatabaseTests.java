package dev.ids.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.lable.LableIdGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.json.JsonMapper;

/**
 * Two copies of the sample application on one database, started the way the README says (a profile and a port):
 * each leases node identities of its own from the database, so their IDs cannot collide.
 */
class TwoCopiesOneDatabaseTests {

    private final List<ConfigurableApplicationContext> copies = new ArrayList<>();

    @AfterEach
    void stopCopies() {
        copies.forEach(ConfigurableApplicationContext::close);
    }

    @Test
    void copiesSharingAnH2FileGetDifferentNodeIdentities(@TempDir Path directory) throws Exception {
        String file = "--ids.sample.h2-file=" + directory.resolve("shared");
        ConfigurableApplicationContext first = start("--spring.profiles.active=shared-h2", file);
        ConfigurableApplicationContext second = start("--spring.profiles.active=shared-h2", file);

        assertDifferentIdentities(first, second);
    }

    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void copiesSharingPostgreSqlGetDifferentNodeIdentities() throws Exception {
        // a lease table of this test's own: other suites lease from the same database at the same time
        String table = "--ids.node.jdbc.table-name=sample_copies_node_lease_" + ProcessHandle.current().pid();
        ConfigurableApplicationContext first = start("--spring.profiles.active=postgres", table);
        ConfigurableApplicationContext second = start("--spring.profiles.active=postgres", table);

        assertDifferentIdentities(first, second);
    }

    private void assertDifferentIdentities(ConfigurableApplicationContext first,
            ConfigurableApplicationContext second) throws Exception {
        assertThat(first.getBean(TraceIdGenerator.class).nodeNo())
                .isNotEqualTo(second.getBean(TraceIdGenerator.class).nodeNo());
        assertThat(first.getBean(SnoGenerator.class).partition())
                .isNotEqualTo(second.getBean(SnoGenerator.class).partition());
        assertThat(first.getBean(LableIdGenerator.class).generatorId())
                .isNotEqualTo(second.getBean(LableIdGenerator.class).generatorId());
        // and the IDs each copy stores over HTTP carry its own identity
        for (ConfigurableApplicationContext copy : List.of(first, second)) {
            Sno order = Sno.parse(createdId(copy, "orders"));
            TraceId trace = TraceId.parse(createdId(copy, "traces"));
            assertThat(order.partition()).isEqualTo(copy.getBean(SnoGenerator.class).partition());
            assertThat(trace.nodeNo()).isEqualTo(copy.getBean(TraceIdGenerator.class).nodeNo());
        }
    }

    private ConfigurableApplicationContext start(String... args) {
        String[] all = Stream.concat(Stream.of("--server.port=0"), Stream.of(args)).toArray(String[]::new);
        // a seeded lease table: the copies start at once, not ~20 s each for a first claim's floor
        ConfigurableApplicationContext copy = new SpringApplicationBuilder(SampleApplication.class)
                .initializers(new SeededLeaseTable()).run(all);
        copies.add(copy);
        return copy;
    }

    private static String createdId(ConfigurableApplicationContext copy, String resource) throws Exception {
        int port = ((WebServerApplicationContext) copy).getWebServer().getPort();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/" + resource))
                .header("Content-Type", "application/json").POST(BodyPublishers.ofString("{}")).build();
        String body = HttpClient.newHttpClient().send(request, BodyHandlers.ofString()).body();
        return new JsonMapper().readTree(body).get("id").stringValue();
    }
}
