package dev.ids.autoconfigure.node.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdScheme;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.node.LeaseStoreAutoConfigurationTests;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.redis.RedisNodeLeaseProvider;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Node identities leased from Redis through the application's Spring Data Redis Lettuce connection: what every store
 * of its own module does ({@link LeaseStoreAutoConfigurationTests}), chosen in auto mode when no SQL store applies;
 * the machine's own Redis without persistence refused at start-up, and each setting that cannot work failing it.
 */
class RedisLeaseAutoConfigurationTests extends LeaseStoreAutoConfigurationTests<RedisNodeLeaseProvider> {

    private static TestRedisServer server;

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

    @Override
    protected String storeName() {
        return "redis";
    }

    @Override
    protected Class<RedisNodeLeaseProvider> providerType() {
        return RedisNodeLeaseProvider.class;
    }

    @Override
    protected String modulePackage() {
        return "dev.ids.redis";
    }

    @Override
    protected String moduleMention() {
        return "the ids Redis module (dev.ids:id-redis)";
    }

    @Override
    protected String seededPrefix() {
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

    /** A Lettuce connection factory bean: Redis is chosen in auto mode when no SQL store applies. */
    @Override
    protected ApplicationContextRunner reaching(ApplicationContextRunner runner, String keyPrefix) {
        return runner.withBean(LettuceConnectionFactory.class, () -> lettuce(server.port()))
                .withPropertyValues("ids.node.redis.key-prefix=" + keyPrefix);
    }

    @Override
    protected String descriptionStart(String keyPrefix) {
        return "redis (keys " + keyPrefix;
    }

    @Override
    protected Duration leaseLength(RedisNodeLeaseProvider provider) {
        return provider.leaseLength();
    }

    @Override
    protected String keyPrefix(RedisNodeLeaseProvider provider) {
        return provider.keyPrefix();
    }

    /** Against the server's {@code TIME}. */
    @Override
    protected boolean measuresClockSkew() {
        return true;
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
        Assumptions.assumeTrue(TestRedisServer.reachable(6379), "no Redis on 6379");
        contextRunner.withBean(LettuceConnectionFactory.class, () -> lettuce(6379))
                .withPropertyValues("ids.node.redis.key-prefix=refused-" + UUID.randomUUID())
                .run(context -> {
                    IdsConfigurationException failure = configurationFailure(context);
                    assertThat(failure).hasMessageContaining("the Redis server at 127.0.0.1:6379")
                            .hasMessageContaining("appendonly no");
                    assertThat(failure.getAction())
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
    void aDurabilityThatIsNeitherCheckedNorTrustedFailsTheStartUp() {
        contextRunner.withBean(LettuceConnectionFactory.class, () -> lettuce(server.port()))
                .withPropertyValues("ids.node.provider=redis", "ids.node.redis.durability=maybe")
                .withPropertyValues(NO_GENERATORS)
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("ids.node.redis.durability = maybe is invalid"));
    }
}
