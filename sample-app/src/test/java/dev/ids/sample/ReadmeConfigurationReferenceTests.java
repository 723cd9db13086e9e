package dev.ids.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Keeps the README's configuration reference equal to the starter's configuration metadata (generated from the
 * {@code @ConfigurationProperties} Javadoc): a property added, removed or re-described fails this test. Run it with
 * {@code -Dids.readme.update=true} to rewrite the table from the metadata instead.
 */
class ReadmeConfigurationReferenceTests {

    static final String BEGIN = "<!-- configuration-reference:begin -->\n";

    static final String END = "<!-- configuration-reference:end -->";

    @Test
    void readmeConfigurationReferenceListsEveryPropertyOfTheMetadata() throws Exception {
        Path readme = Paths.get("").toAbsolutePath().getParent().resolve("README.md");
        String text = Files.readString(readme);
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        assertThat(begin).as("%s in the README", BEGIN.strip()).isNotNegative();
        assertThat(end).as("%s after it", END).isGreaterThan(begin);
        String expected = table(metadataProperties());

        if (Boolean.getBoolean("ids.readme.update")) {
            Files.writeString(readme, text.substring(0, begin + BEGIN.length()) + expected + text.substring(end));
            return;
        }
        assertThat(text.substring(begin + BEGIN.length(), end))
                .as("the README's configuration reference; rewrite it with -Dids.readme.update=true")
                .isEqualTo(expected);
    }

    @Test
    void theTableHasARowPerPropertyWithItsDefault() throws Exception {
        String table = table(metadataProperties());

        assertThat(table).contains("| `ids.sno.partition` |  | Partition every sno carries")
                .contains("| `ids.lable.mode` | `time-sequential` |").contains("| `ids.jackson.trace-id-as-string` | `true` |")
                .contains("| `management.health.ids.enabled` | `true` |");
        assertThat(table.lines().filter(line -> line.startsWith("| `"))).hasSize(metadataProperties().size());
    }

    @Test
    void descriptionsBecomeMarkdownThatShowsTheirCodeAndAngleBrackets() {
        assertThat(cell("Injectable with {@code @Qualifier(\"<name>\")},\n   under pool/<id> | x"))
                .isEqualTo("Injectable with `@Qualifier(\"<name>\")`, under pool/&lt;id&gt; \\| x");
    }

    /** The properties of the starter's metadata: the metadata file on the class path that has {@code ids.*} ones. */
    private static List<JsonNode> metadataProperties() throws Exception {
        JsonMapper json = new JsonMapper();
        List<JsonNode> found = new ArrayList<>();
        for (URL url : Collections.list(ReadmeConfigurationReferenceTests.class.getClassLoader()
                .getResources("META-INF/spring-configuration-metadata.json"))) {
            try (InputStream in = url.openStream()) {
                List<JsonNode> properties = new ArrayList<>();
                json.readTree(in).path("properties").forEach(properties::add);
                if (properties.stream().anyMatch(p -> p.get("name").stringValue().startsWith("ids."))) {
                    found.addAll(properties);
                }
            }
        }
        assertThat(found).as("the starter's configuration metadata on the class path").isNotEmpty();
        found.sort((a, b) -> a.get("name").stringValue().compareTo(b.get("name").stringValue()));
        return found;
    }

    private static String table(List<JsonNode> properties) {
        StringBuilder table = new StringBuilder("| property | default | what it does |\n|---|---|---|\n");
        for (JsonNode property : properties) {
            JsonNode defaultValue = property.path("defaultValue");
            table.append("| `").append(property.get("name").stringValue()).append("` | ")
                    .append(defaultValue.isMissingNode() || defaultValue.isNull() ? ""
                            : "`" + defaultValue.asString() + "`")
                    .append(" | ").append(cell(property.path("description").asString())).append(" |\n");
        }
        return table.toString();
    }

    /** Markdown for a Javadoc description: code in backticks, angle brackets outside code as entities. */
    static String cell(String javadoc) {
        String text = javadoc.replaceAll("\\s+", " ").strip().replaceAll("\\{@code ([^}]*)}", "`$1`")
                .replaceAll("\\{@link(?:plain)? ([^}]*)}", "$1");
        StringBuilder cell = new StringBuilder();
        String[] parts = text.split("`", -1);
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            cell.append(i % 2 == 1 ? "`" + part + "`" : part.replace("<", "&lt;").replace(">", "&gt;"));
        }
        return cell.toString().replace("|", "\\|");
    }
}
