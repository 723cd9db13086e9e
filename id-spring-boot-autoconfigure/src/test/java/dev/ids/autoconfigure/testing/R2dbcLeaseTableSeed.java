package dev.ids.autoconfigure.testing;

import dev.ids.node.sql.LeaseTableSettings;
import dev.ids.r2dbc.SeededR2dbcLeaseRows;
import io.r2dbc.spi.ConnectionFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@link LeaseTableSeed} through an R2DBC {@link ConnectionFactory}: the seed of id-r2dbc's tests
 * ({@link SeededR2dbcLeaseRows}: released rows whose high-water mark lies a second in the past, so that claims find a
 * mark and their generators issue at once), hooked into a Spring context. Kept here, not in id-r2dbc, because the
 * hook needs Spring and the store's module must not.
 */
public final class R2dbcLeaseTableSeed {

    private R2dbcLeaseTableSeed() {
    }

    /**
     * Seeds a lease table for every scheme's namespace, as {@link SeededR2dbcLeaseRows#seed(ConnectionFactory,
     * String)} does.
     *
     * @param connectionFactory the database
     * @param table the table's name
     */
    public static void seed(ConnectionFactory connectionFactory, String table) {
        SeededR2dbcLeaseRows.seed(connectionFactory, table);
    }

    /**
     * Seeds a lease table for the namespaces given, as {@link SeededR2dbcLeaseRows#seed(ConnectionFactory, String,
     * String...)} does.
     *
     * @param connectionFactory the database
     * @param table the table's name
     * @param namespaces the namespaces, as the claims name them
     */
    public static void seed(ConnectionFactory connectionFactory, String table, String... namespaces) {
        SeededR2dbcLeaseRows.seed(connectionFactory, table, namespaces);
    }

    /**
     * Returns an initializer that seeds the lease table ({@code ids.node.jdbc.table-name}, or the default) through
     * every {@link ConnectionFactory} bean of the context as the bean is made, before any claim.
     *
     * @return the initializer, for {@code ApplicationContextRunner.withInitializer}
     */
    public static ApplicationContextInitializer<ConfigurableApplicationContext> everyConnectionFactory() {
        return context -> context.getBeanFactory().addBeanPostProcessor(new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (bean instanceof ConnectionFactory connectionFactory) {
                    seed(connectionFactory, context.getEnvironment().getProperty("ids.node.jdbc.table-name",
                            LeaseTableSettings.DEFAULT_TABLE_NAME));
                }
                return bean;
            }
        });
    }
}
