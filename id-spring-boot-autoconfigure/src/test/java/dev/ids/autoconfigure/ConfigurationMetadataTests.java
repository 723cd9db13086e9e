package dev.ids.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableIdGenerator;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import dev.ids.sno.SnoGenerator;
import dev.ids.sequence.TimeSequence;
import dev.ids.zookeeper.ZooKeeperNodeLeaseProvider;
import java.time.Duration;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.convert.DurationStyle;

/**
 * Checks the configuration metadata that IDEs complete from: every property described, and every default shown
 * equal to the default the core library really applies (the defaults live in the core; the metadata only tells).
 */
class ConfigurationMetadataTests {

    private static Map<String, JsonNode> properties() throws Exception {
        try (InputStream in = ConfigurationMetadataTests.class
                .getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("generated metadata").isNotNull();
            Map<String, JsonNode> byName = new HashMap<>();
            new ObjectMapper().readTree(in).get("properties").forEach(p -> byName.put(p.get("name").asText(), p));
            return byName;
        }
    }

    @Test
    void everyPropertyHasADescription() throws Exception {
        assertThat(properties().values()).isNotEmpty().allSatisfy(property ->
                assertThat(property.path("description").asText()).as(property.get("name").asText()).isNotBlank());
    }

    @Test
    void documentedDefaultsAreTheCoreDefaults() throws Exception {
        Map<String, JsonNode> properties = properties();
        for (String scheme : new String[] {"trace-id", "lable", "sno", "muid"}) {
            assertThat(DurationStyle.detectAndParse(
                    properties.get("ids." + scheme + ".max-wait").get("defaultValue").asText()))
                    .isEqualTo(TimeSequence.DEFAULT_MAX_WAIT);
        }
        LableIdGenerator lable = LableIdGenerator.builder().generatorId(0).build();
        assertThat(properties.get("ids.lable.mode").get("defaultValue").asText())
                .isEqualTo(lable.mode().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        assertThat(properties.get("ids.lable.cluster-id").get("defaultValue").asInt()).isEqualTo(lable.clusterId());
        assertThat(properties.get("ids.gid.type").get("defaultValue").asText())
                .isEqualTo(GidGenerator.builder().build().type().name().toLowerCase(Locale.ROOT));
        SnoGenerator sno = SnoGenerator.builder().partition(0).build();
        assertThat(properties.get("ids.sno.sequence-min").get("defaultValue").asInt()).isEqualTo(sno.sequenceMin());
        assertThat(properties.get("ids.sno.sequence-max").get("defaultValue").asInt()).isEqualTo(sno.sequenceMax());
    }

    @Test
    void documentedLeaseDefaultsAreTheProvidersDefaults() throws Exception {
        Map<String, JsonNode> properties = properties();
        JdbcNodeLeaseProvider jdbc = JdbcNodeLeaseProvider.builder(new org.h2.jdbcx.JdbcDataSource()).build();
        assertThat(properties.get("ids.node.jdbc.table-name").get("defaultValue").asText())
                .isEqualTo(jdbc.tableName());
        assertThat(duration(properties, "ids.node.jdbc.lease-length")).isEqualTo(jdbc.leaseLength());
        assertThat(duration(properties, "ids.node.jdbc.reclaim-grace")).isEqualTo(jdbc.reclaimGrace());
        assertThat(properties.get("ids.node.jdbc.create-table").get("defaultValue").asBoolean()).isTrue();
        assertThat(properties.get("ids.node.jdbc.renewal-period").has("defaultValue"))
                .as("the renewal period defaults to a third of the lease length, not a fixed value").isFalse();
        assertThat(properties.get("ids.node.zookeeper.root-path").get("defaultValue").asText())
                .isEqualTo(ZooKeeperNodeLeaseProvider.DEFAULT_ROOT_PATH);
        assertThat(duration(properties, "ids.node.zookeeper.session-timeout"))
                .isEqualTo(ZooKeeperNodeLeaseProvider.DEFAULT_SESSION_TIMEOUT);
        assertThat(duration(properties, "ids.node.zookeeper.connection-timeout"))
                .isEqualTo(ZooKeeperNodeLeaseProvider.DEFAULT_CONNECTION_TIMEOUT);
        assertThat(properties).containsKey("ids.node.provider").containsKey("ids.node.zookeeper.connect-string");
        assertThat(duration(properties, "ids.node.reclaim-period"))
                .isEqualTo(dev.ids.node.ReclaimingNodeLease.DEFAULT_CHECK_PERIOD);
    }

    private static Duration duration(Map<String, JsonNode> properties, String name) {
        return DurationStyle.detectAndParse(properties.get(name).get("defaultValue").asText());
    }

    @Test
    void switchesDefaultToOn() throws Exception {
        Map<String, JsonNode> properties = properties();
        for (String scheme : new String[] {"trace-id", "lable", "gid", "sno", "muid"}) {
            assertThat(properties.get("ids." + scheme + ".enabled").get("defaultValue").asBoolean()).isTrue();
        }
    }
}
