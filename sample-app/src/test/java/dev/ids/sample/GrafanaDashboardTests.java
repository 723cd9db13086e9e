package dev.ids.sample;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ids.IdGenerator;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Checks that every metric the Grafana dashboard queries is one the application exports to Prometheus. */
class GrafanaDashboardTests {

    private static final Path DASHBOARD = Path.of("grafana", "ids-dashboard.json");

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_:][A-Za-z0-9_:]*");

    /** PromQL words that are neither functions (followed by a parenthesis) nor metrics. */
    private static final Set<String> KEYWORDS = Set.of("by", "without", "on", "ignoring", "group_left",
            "group_right", "bool", "and", "or", "unless", "offset", "atan2");

    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\(\\s*([A-Za-z_:][A-Za-z0-9_:]*)\\s*[{,]");

    @Test
    void everyMetricTheDashboardQueriesIsExported() throws Exception {
        Set<String> exported;
        try (RunningApplication application = RunningApplication.startSeeded()) {
            List<IdGenerator<?>> generators = new ArrayList<>();
            application.context().getBeansOfType(IdGenerator.class).values().forEach(generators::add);
            assertThat(generators).hasSizeGreaterThanOrEqualTo(5);
            generators.forEach(IdGenerator::next);
            exported = exportedMetricNames(scrape(application.url("/actuator/prometheus")));
        }
        Set<String> queried = queriedMetricNames(new ObjectMapper().readTree(DASHBOARD.toFile()));

        Set<String> missing = new TreeSet<>(queried);
        missing.removeAll(exported);
        // ids_node_lease_remaining_seconds, ids_node_lease_renewals_total and ids_node_lease_failures_total come
        // with the node-lease metrics (branch `lease`); until they are merged, this test names those three here.
        assertThat(missing).as("metrics the dashboard queries but /actuator/prometheus does not export (expected "
                + "to fail for the three lease metrics but ids_node_lease_held until branch `lease` is merged)")
                .isEmpty();
    }

    @Test
    void dashboardChartsEachMetricOfTheStarter() throws Exception {
        Set<String> queried = queriedMetricNames(new ObjectMapper().readTree(DASHBOARD.toFile()));

        assertThat(queried).containsExactlyInAnyOrder("ids_generated_total", "ids_sequence_overflow_total",
                "ids_clock_regression_total", "ids_refused_total", "ids_wait_seconds_sum", "ids_wait_seconds_count",
                "ids_lead_seconds", "ids_node_lease_held", "ids_node_lease_remaining_seconds",
                "ids_node_lease_renewals_total", "ids_node_lease_failures_total");
    }

    @Test
    void everyPanelQueriesTheDashboardsPrometheusDataSource() throws Exception {
        JsonNode dashboard = new ObjectMapper().readTree(DASHBOARD.toFile());
        JsonNode datasource = dashboard.get("templating").get("list").get(0);
        assertThat(datasource.get("type").asText()).isEqualTo("datasource");
        assertThat(datasource.get("query").asText()).isEqualTo("prometheus");

        List<JsonNode> panels = panels(dashboard);
        assertThat(panels).filteredOn(panel -> panel.has("targets")).hasSizeGreaterThanOrEqualTo(8)
                .allSatisfy(panel -> {
                    assertThat(panel.get("datasource").get("uid").asText()).isEqualTo("${datasource}");
                    assertThat(panel.get("targets")).isNotEmpty().allSatisfy(target ->
                            assertThat(target.get("expr").asText()).isNotBlank());
                });
        Set<Integer> ids = new HashSet<>();
        assertThat(panels).allSatisfy(panel -> assertThat(ids.add(panel.get("id").asInt())).as("unique id").isTrue());
    }

    @Test
    void metricNamesAreReadFromPromqlWithoutFunctionsLabelsOrRanges() {
        Set<String> names = new TreeSet<>();
        addMetricNames("sum by (scheme, generator) (rate(a_total{job=~\"$job\", x=\"b_total\"}[5m])) / on (scheme) "
                + "group_left sum without (instance) (increase(c_seconds_count[$__range] offset 1h)) > bool 0", names);

        assertThat(names).containsExactly("a_total", "c_seconds_count");
    }

    private static Set<String> queriedMetricNames(JsonNode dashboard) {
        Set<String> names = new TreeSet<>();
        for (JsonNode panel : panels(dashboard)) {
            for (JsonNode target : panel.path("targets")) {
                addMetricNames(target.get("expr").asText(), names);
            }
        }
        for (JsonNode variable : dashboard.get("templating").get("list")) {
            Matcher labelValues = LABEL_VALUES.matcher(variable.path("definition").asText());
            while (labelValues.find()) {
                names.add(labelValues.group(1));
            }
        }
        return names;
    }

    /** Adds the metric names of a PromQL expression: what is left after strings, matchers, ranges and groupings. */
    static void addMetricNames(String expr, Set<String> names) {
        String bare = expr.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"\"")
                .replaceAll("\\{[^}]*}", " ")
                .replaceAll("\\[[^]]*]", " ")
                .replaceAll("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", " ")
                .replaceAll("\\boffset\\s+\\S+", " ")
                .replaceAll("\\$\\w+", " ");
        Matcher identifier = IDENTIFIER.matcher(bare);
        while (identifier.find()) {
            String word = identifier.group();
            boolean isFunction = bare.substring(identifier.end()).stripLeading().startsWith("(");
            boolean isNumberPart = identifier.start() > 0 && Character.isDigit(bare.charAt(identifier.start() - 1));
            if (!isFunction && !isNumberPart && !KEYWORDS.contains(word)) {
                names.add(word);
            }
        }
    }

    private static List<JsonNode> panels(JsonNode dashboard) {
        List<JsonNode> panels = new ArrayList<>();
        for (JsonNode panel : dashboard.get("panels")) {
            panels.add(panel);
            panel.path("panels").forEach(panels::add);
        }
        return panels;
    }

    private static Set<String> exportedMetricNames(String scrape) {
        Set<String> names = new TreeSet<>();
        for (String line : scrape.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.split("[{ ]", 2)[0]);
            }
        }
        return names;
    }

    private static String scrape(String url) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.body();
    }
}
