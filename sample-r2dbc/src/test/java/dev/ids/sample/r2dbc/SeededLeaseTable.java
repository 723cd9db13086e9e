package dev.ids.sample.r2dbc;

import dev.ids.IdScheme;
import dev.ids.node.sql.LeaseTableSettings;
import dev.ids.node.sql.LeaseTableSql;
import dev.ids.testing.SeededLeaseRows;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Seeds the lease table of every R2DBC {@link ConnectionFactory} of the application, as the ConnectionFactory is made
 * and before any claim, with released rows whose high-water mark lies a second in the past: identities 0 to
 * {@link #IDENTITIES} - 1 of every scheme's namespace that have no row. A claim that finds no mark starts about 20 s
 * ahead, and the starter waits for that as the application starts (docs/LEASES.md, "A record that is lost"); the
 * tests of anything else seed instead of waiting. A claim tries the lowest free identity first, so the low end covers
 * a test's copies. Rows the seed made keep the holder {@code seed} until a copy claims them.
 *
 * <p>An initializer: {@code @ContextConfiguration(initializers = SeededLeaseTable.class)} or
 * {@code SpringApplicationBuilder.initializers(new SeededLeaseTable())}.
 */
final class SeededLeaseTable implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    /** How many identities of each scheme's namespace are seeded, from 0: as many as id-core's test seed. */
    static final int IDENTITIES = SeededLeaseRows.IDENTITIES;

    /** The holder of the rows the seed made. */
    static final String HOLDER = SeededLeaseRows.HOLDER;

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        String table = context.getEnvironment().getProperty("ids.node.jdbc.table-name",
                LeaseTableSettings.DEFAULT_TABLE_NAME);
        context.getBeanFactory().addBeanPostProcessor(new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (bean instanceof ConnectionFactory connectionFactory) {
                    seed(connectionFactory, table);
                }
                return bean;
            }
        });
    }

    /**
     * Creates the table when absent, then adds a released row with a past mark for each identity that has none.
     *
     * @param connectionFactory the database's connection factory
     * @param table the table's name
     */
    static void seed(ConnectionFactory connectionFactory, String table) {
        long mark = System.currentTimeMillis() - 1_000;
        List<String> statements = new ArrayList<>();
        statements.add(LeaseTableSql.createTableStatement(table));
        for (IdScheme scheme : IdScheme.values()) {
            for (long identity = 0; identity < IDENTITIES; identity++) {
                // literals, not bind markers, which H2 and PostgreSQL spell alike
                statements.add("INSERT INTO " + table + " (namespace, node_id, holder, expires_at, high_water_mark) "
                        + "SELECT '" + scheme.schemeName() + "', " + identity + ", '" + HOLDER + "', 0, " + mark
                        + " WHERE NOT EXISTS (SELECT 1 FROM " + table + " WHERE namespace = '" + scheme.schemeName()
                        + "' AND node_id = " + identity + ")");
            }
        }
        Mono.usingWhen(Mono.from(connectionFactory.create()), connection -> Flux.fromIterable(statements)
                .concatMap(sql -> execute(connection, sql)).then(), Connection::close)
                .block(Duration.ofSeconds(30));
    }

    private static Flux<Long> execute(Connection connection, String sql) {
        return Flux.from(connection.createStatement(sql).execute()).flatMap(result -> result.getRowsUpdated());
    }
}
