package dev.ids.autoconfigure.node.jdbc;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.node.IdsNodeProperties;
import dev.ids.autoconfigure.node.LeaseStoreConfiguration;
import dev.ids.autoconfigure.node.StarterLeaseStore;
import dev.ids.autoconfigure.node.sql.LeaseTableProperties;
import dev.ids.autoconfigure.node.sql.LeaseTableSetup;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import dev.ids.node.sql.LeaseStoreRules;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * The starter's JDBC lease provider, a lease table in the application's {@link DataSource} configured by
 * {@code ids.node.jdbc.*}: made when {@code ids.node.provider} is {@code jdbc}, or in auto mode when there is one
 * DataSource bean and no ZooKeeper connect string, and only when the application defines no
 * {@link NodeLeaseProvider} of its own.
 */
@LeaseStoreConfiguration(JdbcLeaseStoreKind.NAME)
@Conditional(JdbcLeaseConfiguration.DataSourceOrChosen.class)
@EnableConfigurationProperties(LeaseTableProperties.class)
public class JdbcLeaseConfiguration {

    /**
     * The provider takes connections from the pool itself and runs each statement in auto-commit: never inside the
     * caller's transaction, which could roll a claim back or hold a renewal.
     */
    @Bean
    JdbcNodeLeaseProvider idsNodeLeaseProvider(IdsNodeProperties properties, LeaseTableProperties settings,
            ObjectProvider<DataSource> dataSources, ObjectProvider<JdbcNodeLeaseProviderBuilderCustomizer> customizers) {
        JdbcNodeLeaseProvider.Builder builder = LeaseTableSetup.configure(JdbcNodeLeaseProvider.builder(
                dataSource(dataSources)), settings, properties.names(JdbcLeaseStoreKind.NAME));
        customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
        return LeaseTableSetup.build(builder::build, settings);
    }

    @Bean
    StarterLeaseStore idsStarterLeaseStore(JdbcNodeLeaseProvider provider, ObjectProvider<DataSource> dataSources) {
        DataSource dataSource = dataSource(dataSources);
        return new StarterLeaseStore(new JdbcLeaseStoreKind(), LeaseTableSetup.describe(JdbcLeaseStoreKind.NAME,
                provider, dataSource.getClass().getSimpleName() + " DataSource"), () -> {
                    RenewalPoolCheck.warnIfPoolCanStarveRenewals(dataSource, provider);
                    return url(dataSource);
                });
    }

    /** The URL as the driver reports it, its password masked; {@code null} when it cannot be read. */
    private static @Nullable String url(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            String url = connection.getMetaData().getURL();
            return url == null ? null : LeaseStoreRules.shownUrl(url);
        } catch (SQLException | RuntimeException ex) {
            return null;
        }
    }

    /** The one DataSource; chosen explicitly without one, the start-up fails saying what to configure. */
    private static DataSource dataSource(ObjectProvider<DataSource> dataSources) {
        DataSource dataSource = dataSources.getIfUnique();
        if (dataSource == null) {
            throw new IdsConfigurationException("ids.node.provider", "jdbc", "the jdbc node lease provider "
                    + "keeps its leases in the application's DataSource, and there is no (single) DataSource bean",
                    "Configure a DataSource (for example spring-boot-starter-jdbc and spring.datasource.url), "
                    + "or set ids.node.provider to r2dbc (with an R2DBC ConnectionFactory), zookeeper or static.");
        }
        return dataSource;
    }

    /**
     * A DataSource to keep the leases in, or {@code ids.node.provider=jdbc}: chosen explicitly, a missing DataSource
     * fails the start-up instead of leaving the generators without leases.
     */
    static class DataSourceOrChosen extends AnyNestedCondition {

        DataSourceOrChosen() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnSingleCandidate(DataSource.class)
        static class OneDataSource {
        }

        @ConditionalOnProperty(name = "ids.node.provider", havingValue = JdbcLeaseStoreKind.NAME)
        static class ChosenExplicitly {
        }
    }
}
