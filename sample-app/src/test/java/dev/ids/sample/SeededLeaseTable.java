package dev.ids.sample;

import dev.ids.IdScheme;
import dev.ids.node.sql.LeaseTableSettings;
import dev.ids.node.sql.LeaseTableSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Seeds the lease table of every {@link DataSource} of the application, as the DataSource is made and before any
 * claim, with released rows whose high-water mark lies a second in the past: identities 0 to {@link #IDENTITIES} - 1
 * of every scheme's namespace that have no row. A claim that finds no mark starts about 20 s ahead, and the starter
 * waits for that as the application starts (docs/LEASES.md, "A record that is lost"); the tests of anything else
 * seed instead of waiting. A claim tries the lowest free identity first, so the low end covers a test's copies.
 * As id-spring-boot-autoconfigure's {@code LeaseTableSeed}, whose tests this module cannot see.
 *
 * <p>An initializer: {@code @ContextConfiguration(initializers = SeededLeaseTable.class)} or
 * {@code SpringApplicationBuilder.initializers(new SeededLeaseTable())}.
 */
final class SeededLeaseTable implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    /** How many identities of each scheme's namespace are seeded, from 0. */
    static final int IDENTITIES = 16;

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
                        seed(connection, table);
                    } catch (SQLException ex) {
                        throw new IllegalStateException("Could not seed the lease table " + table + " of "
                                + beanName + ": " + ex.getMessage(), ex);
                    }
                }
                return bean;
            }
        });
    }

    /**
     * Creates the table when absent, then adds a released row with a past mark for each identity that has none.
     *
     * @param connection the connection, in auto-commit
     * @param table the table's name
     * @throws SQLException when the database refuses
     */
    static void seed(Connection connection, String table) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(LeaseTableSql.createTableStatement(table));
        }
        long mark = System.currentTimeMillis() - 1_000;
        try (PreparedStatement exists = connection.prepareStatement(
                "SELECT 1 FROM " + table + " WHERE namespace = ? AND node_id = ?");
                PreparedStatement insert = connection.prepareStatement("INSERT INTO " + table
                        + " (namespace, node_id, holder, expires_at, high_water_mark) VALUES (?, ?, 'seed', 0, ?)")) {
            for (IdScheme scheme : IdScheme.values()) {
                for (long identity = 0; identity < IDENTITIES; identity++) {
                    exists.setString(1, scheme.schemeName());
                    exists.setLong(2, identity);
                    try (ResultSet found = exists.executeQuery()) {
                        if (found.next()) {
                            continue;
                        }
                    }
                    insert.setString(1, scheme.schemeName());
                    insert.setLong(2, identity);
                    insert.setLong(3, mark);
                    insert.executeUpdate();
                }
            }
        }
    }
}
