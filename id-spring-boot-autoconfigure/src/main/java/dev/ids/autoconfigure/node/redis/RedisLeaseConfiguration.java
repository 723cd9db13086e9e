package dev.ids.autoconfigure.node.redis;

import static dev.ids.autoconfigure.ConfiguredValue.apply;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.node.LeaseStoreConfiguration;
import dev.ids.autoconfigure.node.LeaseTimings;
import dev.ids.autoconfigure.node.StarterLeaseStore;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.redis.RedisDurability;
import dev.ids.redis.RedisNodeLeaseProvider;
import io.lettuce.core.AbstractRedisClient;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.AllNestedConditions;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The starter's Redis lease provider, over the Lettuce client of the application's Spring Data Redis connection
 * ({@code spring.data.redis.*}) and configured by {@code ids.node.redis.*}: made when {@code ids.node.provider} is
 * {@code redis}, or in auto mode when there is one {@code LettuceConnectionFactory} bean and neither a DataSource nor
 * an R2DBC ConnectionFactory bean (the SQL stores keep precedence), and only when the application defines no
 * {@link NodeLeaseProvider} of its own. The provider opens a connection of its own from the client, so lease calls
 * never queue behind the application's. Chosen explicitly without the connection it needs, the start-up fails naming
 * the ways out; without the classes it needs, this configuration is skipped and the starter fails naming them
 * ({@link RedisLeaseStoreKind#requires}), so nothing here loads them before.
 */
@LeaseStoreConfiguration(RedisLeaseStoreKind.NAME)
@Conditional(RedisLeaseConfiguration.LettuceOrChosen.class)
@EnableConfigurationProperties(RedisLeaseProperties.class)
public class RedisLeaseConfiguration {

    static final String LETTUCE_FACTORY = "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory";

    static final String WAYS_OUT = "set ids.node.provider to jdbc (with a DataSource), zookeeper (with "
            + "ids.node.zookeeper.connect-string) or static (with the identity properties set)";

    /** Closed with the context, after the node leases (which depend on it) have released their identities. */
    @Bean
    RedisNodeLeaseProvider idsNodeLeaseProvider(RedisLeaseProperties properties,
            ObjectProvider<LettuceConnectionFactory> connectionFactories,
            ObjectProvider<RedisNodeLeaseProviderBuilderCustomizer> customizers) {
        RedisNodeLeaseProvider.Builder builder = RedisNodeLeaseProvider.builder(client(connectionFactories));
        apply("ids.node.redis.key-prefix", properties.keyPrefix(), builder::keyPrefix);
        properties.applyTo(builder, "ids.node.redis");
        apply("ids.node.redis.durability", properties.durability(),
                durability -> builder.durability(durability(durability)));
        Duration waitTimeout = properties.waitTimeout() != null ? properties.waitTimeout()
                : Duration.ofSeconds(1);
        apply("ids.node.redis.wait-for-replicas", properties.waitForReplicas(),
                replicas -> builder.waitForReplicas(replicas, waitTimeout));
        customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
        return LeaseTimings.build(builder::build, "ids.node.redis",
                ", and leave ids.node.redis.wait-for-replicas unset on a Redis Cluster");
    }

    /** Reads ids.node.redis.durability; a value that is neither fails rather than fall back to a default. */
    private static RedisDurability durability(String value) {
        for (RedisDurability durability : RedisDurability.values()) {
            if (durability.name().equalsIgnoreCase(value.trim())) {
                return durability;
            }
        }
        throw new IdsConfigurationException("ids.node.redis.durability", value, "the durability the application "
                + "vouches for must be checked or trusted", "Set ids.node.redis.durability to checked (the "
                + "default: the server's persistence settings are read) or trusted (a server that hides its "
                + "configuration keeps every acknowledged write).");
    }

    @Bean
    StarterLeaseStore idsStarterLeaseStore(RedisNodeLeaseProvider provider) {
        return new StarterLeaseStore(new RedisLeaseStoreKind(), "redis (keys " + provider.keyPrefix() + ", "
                + LeaseTimings.describe(provider) + ")");
    }

    /** The application's Lettuce client, started: Spring Data Redis creates it when its factory starts. */
    private static AbstractRedisClient client(ObjectProvider<LettuceConnectionFactory> connectionFactories) {
        LettuceConnectionFactory connectionFactory = connectionFactories.getIfUnique();
        if (connectionFactory == null) {
            throw new IdsConfigurationException("ids.node.provider", RedisLeaseStoreKind.NAME, "the redis node "
                    + "lease provider takes the Lettuce client of the application's Spring Data Redis "
                    + "connection, and there is no (single) LettuceConnectionFactory bean", "Add "
                    + "spring-boot-starter-data-redis (which connects with Lettuce by default) and set "
                    + "spring.data.redis.*, or declare a RedisNodeLeaseProvider bean, or " + WAYS_OUT + ".");
        }
        if (!connectionFactory.isRunning()) {
            connectionFactory.start();
        }
        return connectionFactory.getRequiredNativeClient();
    }

    /**
     * One Lettuce connection factory and no SQL store (auto mode), or {@code ids.node.provider=redis}: chosen
     * explicitly, a missing connection fails the start-up instead of leaving the generators without leases.
     */
    static class LettuceOrChosen extends AnyNestedCondition {

        LettuceOrChosen() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @Conditional(OnlyRedis.class)
        static class LettuceWithoutSqlStore {
        }

        @ConditionalOnProperty(name = "ids.node.provider", havingValue = RedisLeaseStoreKind.NAME)
        static class ChosenExplicitly {
        }
    }

    /** One LettuceConnectionFactory bean, and neither a DataSource nor an R2DBC ConnectionFactory bean. */
    static class OnlyRedis extends AllNestedConditions {

        OnlyRedis() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnSingleCandidate(type = LETTUCE_FACTORY)
        static class OneLettuceConnectionFactory {
        }

        @ConditionalOnMissingBean(type = "javax.sql.DataSource")
        static class NoDataSource {
        }

        @ConditionalOnMissingBean(type = "io.r2dbc.spi.ConnectionFactory")
        static class NoR2dbcConnectionFactory {
        }
    }
}
