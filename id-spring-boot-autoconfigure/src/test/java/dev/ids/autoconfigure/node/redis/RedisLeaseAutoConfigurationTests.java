package dev.ids.autoconfigure.node.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdScheme;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.actuate.IdsEndpoint;
import dev.ids.autoconfigure.actuate.IdsEndpointAutoConfiguration;
import dev.ids.autoconfigure.node.StarterLeaseStore;
import dev.ids.node.ListedLease;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.redis.RedisNodeLeaseProvider;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Node identities leased from Redis through the application's Spring Data Redis Lettuce connection: chosen in auto
 * mode when no SQL store applies, or by {@code ids.node.provider=redis}; the machine's own Redis without persistence
 * refused at start-up. Each test uses a key prefix of its own, whose marks are seeded a second in the past, as a
 * claim that finds no mark starts about 20 s ahead (id-redis's tests cover that start).
 */
class RedisLeaseAutoConfigurationTests {

    private static final String[] NO_GENERATORS = {"ids.trace-id.enabled=false", "ids.lable.enabled=false",
        "ids.gid.enabled=false", "ids.sno.enabled=false", "ids.muid.enabled=false"};

    private static TestRedisServer server;

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class));

    @BeforeAll
    static void startServer() throws Exception {
        server = TestRedisServer.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private static LettuceConnectionFactory lettuce(int port) {
        LettuceConnectionFactory factory = new LettuceConnectionFactory(
                new RedisStandaloneConfiguration("127.0.0.1", port));
        factory.afterPropertiesSet();
        return factory;
    }

    /** A new key prefix whose identities 0 to 3 of every scheme have a mark a second in the past. */
    private static String seededPrefix() {
        String prefix = "boot-" + UUID.randomUUID().toString().substring(0, 8);
        RedisClient client = RedisClient.create("redis://127.0.0.1:" + server.port());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            String mark = Long.toString(System.currentTimeMillis() - 1_000);
            for (IdScheme scheme : IdScheme.values()) {
                for (int identity = 0; identity < 4; identity++) {
                    connection.sync().set("{" + prefix + ":" + scheme.schemeName() + "}:mark:" + identity, mark);
                }
            }
        } finally {
            client.shutdown();
        }
        return prefix;
    }

    @Test
    void anApplicationWithOnlyRedisLeasesItsIdentitiesFromItInAutoMode() {
        String prefix = seededPrefix();
        contextRunner.withBean(LettuceConnectionFactory.class, () -> lettuce(server.port()))
                .withPropertyValues("ids.node.redis.key-prefix=" + prefix, "ids.node.redis.lease-length=20s")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    RedisNodeLeaseProvider provider = context.getBean(RedisNodeLeaseProvider.class);
                    assertThat(provider.leaseLength()).isEqualTo(Duration.ofSeconds(20));
                    assertThat(context.getBean(StarterLeaseStore.class).description()).startsWith("redis (keys "
                            + prefix);
                    assertThat(context.getBean(SnoGenerator.class).partition()).isZero();
                    assertThat(context.getBean(TraceIdGenerator.class).nodeNo()).isEqualTo(1);
                    context.getBean(SnoGenerator.class).next();
                    assertThat(provider.listLeases("sno")).filteredOn(ListedLease::held)
                            .extracting(ListedLease::identity).containsExactly(0L);
                });
    }

    @Test
    void theIdsEndpointShowsRedisHeldIdentitiesWithTheirHoldersExpiriesAndSkew() {
        String prefix = seededPrefix();
        ApplicationContextRunner runner = contextRunner
                .withConfiguration(AutoConfigurations.of(IdsEndpointAutoConfiguration.class))
                .withBean(LettuceConnectionFactory.class, () -> lettuce(server.port()))
                .withPropertyValues("ids.node.redis.key-prefix=" + prefix,
                        "management.endpoints.web.exposure.include=ids");
        runner.run(context -> runner.run(other -> {
            assertThat(context).hasNotFailed();
            assertThat(other).hasNotFailed();
            IdsEndpoint endpoint = context.getBean(IdsEndpoint.class);
            IdsEndpoint.IdentityDescriptor identity = endpoint.generators().generators().stream()
                    .filter(generator -> generator.scheme().equals("sno")).findFirst().orElseThrow().identity();
            assertThat(identity.source()).isEqualTo("redis");
            assertThat(identity.lease().store()).isEqualTo("redis");
            assertThat(identity.lease().held()).isTrue();
            assertThat(identity.lease().clockSkew()).as("measured against the server's TIME").isNotNull();
            IdsEndpoint.LeasesDescriptor leases = endpoint.leases();
            assertThat(leases.store()).isEqualTo("redis");
            List<IdsEndpoint.LeaseRowDescriptor> sno = leases.leases().stream()
                    .filter(row -> row.namespace().equals("sno") && !row.released()).toList();
            assertThat(sno).extracting(IdsEndpoint.LeaseRowDescriptor::identity).containsExactly(0L, 1L);
            assertThat(sno).extracting(IdsEndpoint.LeaseRowDescriptor::thisInstance).containsExactly(true, false);
            assertThat(sno).allSatisfy(row -> assertThat(Instant.parse(row.expiresAt())).isAfter(Instant.now()));
        }));
    }

    @Test
    void aDataSourceKeepsTheJdbcStoreFirstInAutoMode() {
        contextRunner.withBean(LettuceConnectionFactory.class, () -> lettuce(server.port()))
                .withBean(DataSource.class, org.h2.jdbcx.JdbcDataSource::new).withPropertyValues(NO_GENERATORS)
                .run(context -> assertThat(context.getBean(NodeLeaseProvider.class))
                        .isNotInstanceOf(RedisNodeLeaseProvider.class));
    }

    @Test
    void theMachinesOwnRedisWithoutPersistenceIsRefusedAtStartUpNamingTheSettings() {
        org.junit.jupiter.api.Assumptions.assumeTrue(TestRedisServer.reachable(6379), "no Redis on 6379");
        contextRunner.withBean(LettuceConnectionFactory.class, () -> lettuce(6379))
                .withPropertyValues("ids.node.redis.key-prefix=refused-" + UUID.randomUUID())
                .run(context -> {
                    assertThat(context).hasFailed();
                    Throwable failure = context.getStartupFailure();
                    while (!(failure instanceof IdsConfigurationException) && failure.getCause() != null) {
                        failure = failure.getCause();
                    }
                    assertThat(failure).isInstanceOf(IdsConfigurationException.class)
                            .hasMessageContaining("the Redis server at 127.0.0.1:6379")
                            .hasMessageContaining("appendonly no");
                    assertThat(((IdsConfigurationException) failure).getAction())
                            .contains("Set appendonly yes and appendfsync always on every Redis master")
                            .contains("ids.node.redis.durability=trusted");
                });
    }

    @Test
    void chosenWithoutALettuceConnectionTheStartUpFailsNamingWhatToAdd() {
        contextRunner.withPropertyValues("ids.node.provider=redis").run(context -> assertThat(context).hasFailed()
                .getFailure().rootCause().hasMessageContaining("no (single) LettuceConnectionFactory bean"));
    }

    @Test
    void chosenWithoutTheRedisModuleTheStartUpFailsNamingIt() {
        contextRunner.withClassLoader(new FilteredClassLoader("dev.ids.redis"))
                .withPropertyValues("ids.node.provider=redis").run(context -> assertThat(context).hasFailed()
                        .getFailure().rootCause().hasMessageContaining("the ids Redis module (dev.ids:id-redis)"));
    }

    @Test
    void aDurabilityThatIsNeitherCheckedNorTrustedFailsTheStartUp() {
        contextRunner.withBean(LettuceConnectionFactory.class, () -> lettuce(server.port()))
                .withPropertyValues("ids.node.provider=redis", "ids.node.redis.durability=maybe")
                .withPropertyValues(NO_GENERATORS)
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("ids.node.redis.durability = maybe is invalid"));
    }

    @Test
    void withoutRedisAndWithoutAnyOtherStoreAutoModeMakesNoRedisProvider() {
        contextRunner.withPropertyValues(NO_GENERATORS)
                .run(context -> assertThat(context).doesNotHaveBean(RedisNodeLeaseProvider.class));
    }
}
