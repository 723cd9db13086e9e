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
import java.security.SecureRandom;
import java.security.Security;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * Checks the configuration metadata that IDEs complete from: every property described, and every default shown
 * equal to the default the core library really applies (the defaults live in the core; the metadata only tells).
 */
class ConfigurationMetadataTests {

    private static Map<String, JsonNode> properties() throws Exception {
        return byName("properties");
    }

    private static Map<String, JsonNode> hints() throws Exception {
        return byName("hints");
    }

    private static Map<String, JsonNode> byName(String group) throws Exception {
        try (InputStream in = ConfigurationMetadataTests.class
                .getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("generated metadata").isNotNull();
            Map<String, JsonNode> byName = new HashMap<>();
            new ObjectMapper().readTree(in).path(group).forEach(p -> byName.put(p.get("name").asText(), p));
            return byName;
        }
    }

    /** The class of a property's type, without its type arguments; empty for a type not on the class path. */
    private static Optional<Class<?>> typeOf(JsonNode property) {
        String type = property.path("type").asText();
        int arguments = type.indexOf('<');
        try {
            return Optional.of(Class.forName(arguments < 0 ? type : type.substring(0, arguments)));
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
    }

    private static List<String> hintValues(JsonNode hint) {
        List<String> values = new ArrayList<>();
        hint.path("values").forEach(value -> values.add(value.get("value").asText()));
        return values;
    }

    @Test
    void everyEnumPropertyHintsEachConstantInTheFormSpringBootBinds() throws Exception {
        Map<String, JsonNode> hints = hints();
        List<JsonNode> enums = properties().values().stream()
                .filter(property -> typeOf(property).map(Class::isEnum).orElse(false)).toList();
        assertThat(enums).extracting(property -> property.get("name").asText())
                .contains("ids.lable.mode", "ids.gid.type");
        for (JsonNode property : enums) {
            String name = property.get("name").asText();
            List<String> constants = Stream.of(typeOf(property).orElseThrow().getEnumConstants())
                    .map(constant -> ((Enum<?>) constant).name().toLowerCase(Locale.ROOT).replace('_', '-'))
                    .toList();
            assertThat(hints).as("hint of " + name).containsKey(name);
            assertThat(hintValues(hints.get(name))).as(name).containsExactlyInAnyOrderElementsOf(constants);
        }
    }

    /**
     * {@code ids.node.provider} takes the name of any lease store on the class path, so it is a string; its hints
     * offer the two sources that are no store and every store the starter ships, each a registered store.
     */
    @Test
    void theProviderHintsStaticAutoAndEveryBuiltInStore() throws Exception {
        assertThat(properties().get("ids.node.provider").path("type").asText()).isEqualTo("java.lang.String");
        List<String> registered = new ArrayList<>(List.of("static", "auto"));
        SpringFactoriesLoader.forDefaultResourceLocation(getClass().getClassLoader())
                .load(dev.ids.autoconfigure.node.LeaseStoreKind.class).forEach(kind -> registered.add(kind.name()));
        assertThat(hintValues(hints().get("ids.node.provider")))
                .containsExactlyInAnyOrder("static", "auto", "jdbc", "r2dbc", "zookeeper", "etcd", "kubernetes", "redis");
        assertThat(registered)
                .contains("static", "auto", "jdbc", "r2dbc", "zookeeper", "etcd", "kubernetes", "redis");
    }

    @Test
    void everyMapPropertyHintsItsKeys() throws Exception {
        Map<String, JsonNode> hints = hints();
        List<String> maps = properties().values().stream()
                .filter(property -> typeOf(property).map(Map.class::isAssignableFrom).orElse(false))
                .map(property -> property.get("name").asText()).toList();
        assertThat(maps).hasSize(5).allSatisfy(name -> {
            JsonNode hint = hints.get(name + ".keys");
            assertThat(hint).as("hint of " + name + ".keys").isNotNull();
            assertThat(hintValues(hint)).as(name).isNotEmpty();
            assertThat(hint.path("providers").findValuesAsText("name")).as("names of your own are allowed")
                    .contains("any");
        });
    }

    @Test
    void everyHintIsOfAPropertyAndEveryValueIsDescribed() throws Exception {
        Map<String, JsonNode> properties = properties();
        assertThat(hints().values()).isNotEmpty().allSatisfy(hint -> {
            String name = hint.get("name").asText();
            assertThat(properties).as(name).containsKey(name.replaceFirst("\\.(keys|values)$", ""));
            assertThat(hint.path("values")).as(name).allSatisfy(value ->
                    assertThat(value.path("description").asText()).as(name + " " + value).isNotBlank());
        });
    }

    @Test
    void randomAlgorithmHintsAreSecureRandomAlgorithmsOfTheirPlatform() throws Exception {
        JsonNode hint = hints().get("ids.gid.random-algorithm");
        assertThat(hint).isNotNull();
        Set<String> here = Security.getAlgorithms("SecureRandom");
        assertThat(hint.path("values")).allSatisfy(value -> {
            String algorithm = value.get("value").asText();
            if (!here.contains(algorithm.toUpperCase(Locale.ROOT))) {
                assertThat(value.get("description").asText()).as(algorithm + " is not available here")
                        .containsAnyOf("Windows only", "Unix-like systems only");
            } else {
                assertThat(SecureRandom.getInstance(algorithm).getAlgorithm()).isEqualTo(algorithm);
            }
        });
        assertThat(hintValues(hint)).contains("DRBG", "NativePRNGNonBlocking");
        assertThat(hint.path("providers").findValuesAsText("name")).as("other providers' algorithms are allowed")
                .contains("any");
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
                .as("the starter's own default, which differs from the core's on purpose (docs/JPA.md)")
                .isEqualTo(new IdsProperties.Lable().getMode().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .isNotEqualTo(lable.mode().name().toLowerCase(Locale.ROOT).replace('_', '-'));
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
        assertThat(properties.get("ids.node.redis.key-prefix").get("defaultValue").asText())
                .isEqualTo(dev.ids.redis.RedisNodeLeaseProvider.DEFAULT_KEY_PREFIX);
        assertThat(duration(properties, "ids.node.redis.lease-length"))
                .isEqualTo(dev.ids.redis.RedisNodeLeaseProvider.DEFAULT_LEASE_LENGTH);
        assertThat(duration(properties, "ids.node.redis.reclaim-grace"))
                .isEqualTo(dev.ids.redis.RedisNodeLeaseProvider.DEFAULT_RECLAIM_GRACE);
        assertThat(properties.get("ids.node.etcd.key-prefix").get("defaultValue").asText())
                .isEqualTo(dev.ids.etcd.EtcdNodeLeaseProvider.DEFAULT_KEY_PREFIX);
        assertThat(duration(properties, "ids.node.etcd.lease-length"))
                .isEqualTo(dev.ids.etcd.EtcdNodeLeaseProvider.DEFAULT_LEASE_LENGTH);
        assertThat(duration(properties, "ids.node.etcd.reclaim-grace"))
                .isEqualTo(dev.ids.etcd.EtcdNodeLeaseProvider.DEFAULT_RECLAIM_GRACE);
        assertThat(properties).containsKey("ids.node.etcd.endpoints");
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
