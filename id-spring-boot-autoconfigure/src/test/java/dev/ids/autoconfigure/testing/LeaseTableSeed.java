package dev.ids.autoconfigure.testing;

import dev.ids.node.sql.LeaseTableSettings;
import dev.ids.testing.SeededLeaseRows;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Seeds the lease table of every {@link DataSource} of a test context as the DataSource is made, before any claim,
 * with {@link SeededLeaseRows}: released rows whose mark lies a second in the past, so that the context's claims
 * find a mark and start at once instead of waiting about 20 s (docs/LEASES.md, "A record that is lost").
 */
public final class LeaseTableSeed {

    private LeaseTableSeed() {
    }

    /**
     * Returns an initializer that seeds the lease table ({@code ids.node.jdbc.table-name}, or the default) of every
     * {@link DataSource} of the context as the DataSource is made, before any claim.
     *
     * @return the initializer, for {@code ApplicationContextRunner.withInitializer}
     */
    public static ApplicationContextInitializer<ConfigurableApplicationContext> everyDataSource() {
        return context -> {
            String table = context.getEnvironment().getProperty("ids.node.jdbc.table-name",
                    LeaseTableSettings.DEFAULT_TABLE_NAME);
            context.getBeanFactory().addBeanPostProcessor(new BeanPostProcessor() {
                @Override
                public Object postProcessAfterInitialization(Object bean, String beanName) {
                    if (bean instanceof DataSource dataSource) {
                        try (Connection connection = dataSource.getConnection()) {
                            connection.setAutoCommit(true);
                            SeededLeaseRows.seed(connection, table);
                        } catch (SQLException ex) {
                            throw new IllegalStateException("Could not seed the lease table " + table + " of "
                                    + beanName + ": " + ex.getMessage(), ex);
                        }
                    }
                    return bean;
                }
            });
        };
    }
}
