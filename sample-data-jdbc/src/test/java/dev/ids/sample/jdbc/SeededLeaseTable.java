package dev.ids.sample.jdbc;

import dev.ids.node.sql.LeaseTableSettings;
import dev.ids.testing.SeededLeaseRows;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Seeds the lease table of every {@link DataSource} of the application, as the DataSource is made and before any
 * claim, with {@link SeededLeaseRows}: released rows whose high-water mark lies a second in the past, for the low
 * identities of every scheme's namespace that have no row. A claim that finds no mark starts about 20 s ahead, and
 * the starter waits for that as the application starts (docs/LEASES.md, "A record that is lost"); the tests of
 * anything else seed instead of waiting. A claim tries the lowest free identity first, so the low end covers a
 * test's copies.
 * As id-spring-boot-autoconfigure's {@code LeaseTableSeed}, whose tests this module cannot see; the rows come from
 * id-core's test jar.
 *
 * <p>An initializer: {@code @ContextConfiguration(initializers = SeededLeaseTable.class)} or
 * {@code SpringApplicationBuilder.initializers(new SeededLeaseTable())}.
 */
final class SeededLeaseTable implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    @Override
    public void initialize(ConfigurableApplicationContext context) {
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
    }
}
