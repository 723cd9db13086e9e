package dev.ids.sample.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.node.NodeLeases;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.r2dbc.R2dbcNodeLeaseProvider;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Two copies of the sample on one PostgreSQL, reached only through R2DBC, with nothing about node identities
 * configured ({@code ids.node.provider=auto}, no identity properties): each starts, leases identities of its own
 * through its ConnectionFactory, and the IDs each stores over HTTP carry its own identity, so they cannot collide.
 * The copies keep their tables, the lease table included, in a schema of this run's own.
 */
@RequiresDatabase(TestDatabase.POSTGRESQL)
class TwoCopiesOnePostgreSqlTests {

    private static final String SERVER = "r2dbc:postgresql://postgres@127.0.0.1:5432/test";

    private final String schema = "ids_sample_r2dbc_" + ProcessHandle.current().pid() + "_" + System.nanoTime() % 1000;

    private final ConnectionFactory postgres = ConnectionFactories.get(SERVER);

    private final List<ConfigurableApplicationContext> copies = new ArrayList<>();

    @BeforeEach
    void createSchema() {
        execute("CREATE SCHEMA " + schema);
    }

    @AfterEach
    void stopCopiesAndDropSchema() {
        copies.forEach(ConfigurableApplicationContext::close);
        execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }

    @Test
    void copiesWithNothingConfiguredLeaseDistinctIdentitiesThroughR2dbc() throws Exception {
        ConfigurableApplicationContext first = start();
        ConfigurableApplicationContext second = start();

        for (ConfigurableApplicationContext copy : List.of(first, second)) {
            assertThat(copy.getBeanNamesForType(DataSource.class)).as("no DataSource").isEmpty();
            assertThat(copy.getBean(NodeLeaseProvider.class)).isInstanceOf(R2dbcNodeLeaseProvider.class);
            assertThat(copy.getBean(NodeLeases.class).description())
                    .startsWith("r2dbc (table ids_node_lease in the PostgreSQL ConnectionFactory");
        }
        assertThat(first.getBean(SnoGenerator.class).partition())
                .isNotEqualTo(second.getBean(SnoGenerator.class).partition());
        assertThat(first.getBean(TraceIdGenerator.class).nodeNo())
                .isNotEqualTo(second.getBean(TraceIdGenerator.class).nodeNo());
        // the IDs each copy stores over HTTP carry its own identity
        for (ConfigurableApplicationContext copy : List.of(first, second)) {
            Sno shipment = Sno.parse(createdId(copy, "shipments"));
            TraceId trace = TraceId.parse(createdId(copy, "traces"));
            assertThat(shipment.partition()).isEqualTo(copy.getBean(SnoGenerator.class).partition());
            assertThat(trace.nodeNo()).isEqualTo(copy.getBean(TraceIdGenerator.class).nodeNo());
            createdId(copy, "logs"); // a GID needs no identity (random bits), but its uuid column is PostgreSQL's
        }
        // and the leases are rows in this run's schema: per scheme, one identity each copy holds (the other rows
        // are the seed's, unclaimed)
        for (String namespace : List.of("sno", "trace-id")) {
            assertThat(count("SELECT COUNT(DISTINCT node_id) FROM " + schema + ".ids_node_lease WHERE namespace = '"
                    + namespace + "' AND holder <> '" + SeededLeaseTable.HOLDER + "'")).as(namespace).isEqualTo(2);
        }
    }

    private ConfigurableApplicationContext start() {
        // a seeded lease table: the copies start at once, not ~20 s each for a first claim's floor
        ConfigurableApplicationContext copy = new SpringApplicationBuilder(SampleR2dbcApplication.class)
                .initializers(new SeededLeaseTable()).run(
                "--server.port=0", "--sample.r2dbc.url=" + SERVER + "?schema=" + schema, "--ids.node.provider=auto");
        copies.add(copy);
        return copy;
    }

    private static String createdId(ConfigurableApplicationContext copy, String resource) throws Exception {
        int port = ((WebServerApplicationContext) copy).getWebServer().getPort();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/" + resource))
                .header("Content-Type", "application/json").POST(BodyPublishers.ofString("{\"label\":\"copy\"}"))
                .build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, BodyHandlers.ofString());
        assertThat(response.statusCode()).as("POST /%s: %s", resource, response.body()).isEqualTo(201);
        return new JsonMapper().readTree(response.body()).get("id").stringValue();
    }

    private void execute(String sql) {
        Mono.usingWhen(postgres.create(), connection -> Flux.from(connection.createStatement(sql).execute())
                .flatMap(result -> result.getRowsUpdated()).then(), connection -> connection.close())
                .block(Duration.ofSeconds(10));
    }

    private long count(String sql) {
        return Mono.usingWhen(postgres.create(), connection -> Flux.from(connection.createStatement(sql).execute())
                .flatMap(result -> result.map(row -> row.get(0, Long.class))).next(),
                connection -> connection.close()).block(Duration.ofSeconds(10));
    }
}
