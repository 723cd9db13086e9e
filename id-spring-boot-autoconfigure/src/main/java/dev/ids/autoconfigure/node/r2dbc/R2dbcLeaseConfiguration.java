package dev.ids.autoconfigure.node.r2dbc;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.node.IdsNodeProperties;
import dev.ids.autoconfigure.node.LeaseStoreConfiguration;
import dev.ids.autoconfigure.node.StarterLeaseStore;
import dev.ids.autoconfigure.node.sql.LeaseTableProperties;
import dev.ids.autoconfigure.node.sql.LeaseTableSetup;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.r2dbc.R2dbcNodeLeaseProvider;
import io.r2dbc.spi.ConnectionFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.AllNestedConditions;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * The starter's R2DBC lease provider, the JDBC store's lease table in the application's R2DBC
 * {@link ConnectionFactory}, configured by the same {@code ids.node.jdbc.*} settings: made when
 * {@code ids.node.provider} is {@code r2dbc}, or in auto mode when there is one ConnectionFactory bean, no
 * DataSource bean (JDBC keeps precedence) and no ZooKeeper connect string, and only when the application defines no
 * {@link NodeLeaseProvider} of its own. Chosen explicitly without a ConnectionFactory, the start-up fails naming the
 * ways out; without R2DBC on the class path, this configuration is skipped and the starter fails naming what to add
 * ({@link R2dbcLeaseStoreKind#requires}).
 */
@LeaseStoreConfiguration(R2dbcLeaseStoreKind.NAME)
@Conditional(R2dbcLeaseConfiguration.ConnectionFactoryOrChosen.class)
@EnableConfigurationProperties(LeaseTableProperties.class)
public class R2dbcLeaseConfiguration {

    static final String CONNECTION_FACTORY = "io.r2dbc.spi.ConnectionFactory";

    static final String WAYS_OUT = "set ids.node.provider to jdbc (with a DataSource), zookeeper (with "
            + "ids.node.zookeeper.connect-string) or static (with the identity properties set)";

    /** Each call blocks on the thread that makes it: the claim at start-up, each lease's own renewal thread. */
    @Bean
    R2dbcNodeLeaseProvider idsNodeLeaseProvider(IdsNodeProperties properties, LeaseTableProperties settings,
            ObjectProvider<ConnectionFactory> connectionFactories,
            ObjectProvider<R2dbcNodeLeaseProviderBuilderCustomizer> customizers) {
        R2dbcNodeLeaseProvider.Builder builder = LeaseTableSetup.configure(R2dbcNodeLeaseProvider.builder(
                connectionFactory(connectionFactories)), settings, properties.names(R2dbcLeaseStoreKind.NAME));
        customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
        return LeaseTableSetup.build(builder::build, settings);
    }

    @Bean
    StarterLeaseStore idsStarterLeaseStore(R2dbcNodeLeaseProvider provider,
            ObjectProvider<ConnectionFactory> connectionFactories) {
        ConnectionFactory connectionFactory = connectionFactory(connectionFactories);
        return new StarterLeaseStore(new R2dbcLeaseStoreKind(), LeaseTableSetup.describe(
                R2dbcLeaseStoreKind.NAME, provider, connectionFactory.getMetadata().getName()
                + " ConnectionFactory"));
    }

    private static ConnectionFactory connectionFactory(ObjectProvider<ConnectionFactory> connectionFactories) {
        ConnectionFactory connectionFactory = connectionFactories.getIfUnique();
        if (connectionFactory == null) {
            throw new IdsConfigurationException("ids.node.provider", "r2dbc", "the r2dbc node lease provider "
                    + "keeps its leases in the application's R2DBC ConnectionFactory, and there is no (single) "
                    + "ConnectionFactory bean", "Configure one ConnectionFactory bean (for example "
                    + "ConnectionFactories.get(\"r2dbc:postgresql://...\")), or " + WAYS_OUT + ".");
        }
        return connectionFactory;
    }

    /**
     * One ConnectionFactory and no DataSource (auto mode), or {@code ids.node.provider=r2dbc}: chosen explicitly, a
     * missing ConnectionFactory fails the start-up instead of leaving the generators without leases.
     */
    static class ConnectionFactoryOrChosen extends AnyNestedCondition {

        ConnectionFactoryOrChosen() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @Conditional(OnlyConnectionFactory.class)
        static class ConnectionFactoryWithoutDataSource {
        }

        @ConditionalOnProperty(name = "ids.node.provider", havingValue = R2dbcLeaseStoreKind.NAME)
        static class ChosenExplicitly {
        }
    }

    /** One ConnectionFactory bean and no DataSource bean: with both, auto mode leases through JDBC. */
    static class OnlyConnectionFactory extends AllNestedConditions {

        OnlyConnectionFactory() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnSingleCandidate(type = CONNECTION_FACTORY)
        static class OneConnectionFactory {
        }

        @ConditionalOnMissingBean(type = "javax.sql.DataSource")
        static class NoDataSource {
        }
    }
}
