package dev.ids.r2dbc;

import dev.ids.IdScheme;
import dev.ids.node.sql.LeaseTableSql;
import dev.ids.testing.SeededLeaseRows;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@link SeededLeaseRows} through an R2DBC {@link ConnectionFactory}, without Spring: seeds a lease table with
 * released rows (holder {@code seed}, expiry 0) whose high-water mark lies a second in the past, for identities 0 to
 * {@link SeededLeaseRows#IDENTITIES} - 1 of each namespace, so that claims find a mark and their generators issue at
 * once. A claim that finds no mark starts about 20 s ahead, beyond any time a former holder whose row vanished may
 * still issue IDs for (docs/LEASES.md, "A record that is lost"); tests about anything else seed instead of waiting.
 * Rows that exist are left as they are. The statements carry their values inline, so they run unchanged on H2,
 * PostgreSQL and MariaDB, whatever bind markers the driver takes. The starter's tests hook it into a context
 * ({@code R2dbcLeaseTableSeed} of the auto-configuration's tests).
 */
public final class SeededR2dbcLeaseRows {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** Namespaces go into the statements as literals: only these characters, no quote. */
    private static final Pattern NAMESPACE = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

    private SeededR2dbcLeaseRows() {
    }

    /**
     * Seeds a lease table for every scheme's namespace: creates it when absent, then adds a released row for each of
     * identities 0 to {@link SeededLeaseRows#IDENTITIES} - 1 that has none.
     *
     * @param connectionFactory the database
     * @param table the table's name
     */
    public static void seed(ConnectionFactory connectionFactory, String table) {
        seed(connectionFactory, table, Arrays.stream(IdScheme.values()).map(IdScheme::schemeName)
                .toArray(String[]::new));
    }

    /**
     * Seeds a lease table for the namespaces given: creates it when absent, then adds a released row for each of
     * identities 0 to {@link SeededLeaseRows#IDENTITIES} - 1 of each namespace that has none.
     *
     * @param connectionFactory the database
     * @param table the table's name
     * @param namespaces the namespaces, as the claims name them
     */
    public static void seed(ConnectionFactory connectionFactory, String table, String... namespaces) {
        LeaseTableSql.checkTableName(table);
        for (String namespace : namespaces) {
            if (!NAMESPACE.matcher(namespace).matches()) {
                throw new IllegalArgumentException("Not a namespace this seed writes inline: " + namespace);
            }
        }
        long mark = System.currentTimeMillis() - 1_000;
        try {
            Mono.usingWhen(connectionFactory.create(), connection -> seed(connection, table, List.of(namespaces),
                    mark), Connection::close).block(TIMEOUT);
        } catch (RuntimeException ex) {
            throw new IllegalStateException("Could not seed the lease table " + table + " through "
                    + connectionFactory.getMetadata().getName() + ": " + ex.getMessage(), ex);
        }
    }

    private static Mono<Void> seed(Connection connection, String table, List<String> namespaces, long mark) {
        // It may exist already (not every database says IF NOT EXISTS the same way): the rows below tell.
        Mono<Void> create = run(connection, LeaseTableSql.createTableStatement(table)).onErrorResume(e -> Mono.empty());
        String listed = namespaces.stream().map(namespace -> "'" + namespace + "'")
                .collect(Collectors.joining(", "));
        Mono<Set<String>> existing = Flux.from(connection.createStatement("SELECT namespace, node_id FROM " + table
                + " WHERE namespace IN (" + listed + ")").execute())
                .flatMap(result -> result.map((row, metadata) -> key(row.get(0, String.class),
                        row.get(1, Long.class))))
                .collect(Collectors.toSet());
        return create.then(existing).flatMap(found -> {
            List<String> rows = new ArrayList<>();
            for (String namespace : namespaces) {
                for (long identity = 0; identity < SeededLeaseRows.IDENTITIES; identity++) {
                    if (!found.contains(key(namespace, identity))) {
                        rows.add("('" + namespace + "', " + identity + ", '" + SeededLeaseRows.HOLDER + "', 0, "
                                + mark + ")");
                    }
                }
            }
            // One statement of many rows: one round trip to a database server.
            return rows.isEmpty() ? Mono.empty() : run(connection, "INSERT INTO " + table + " (namespace, node_id, "
                    + "holder, expires_at, high_water_mark) VALUES " + String.join(", ", rows));
        });
    }

    private static String key(String namespace, Long identity) {
        return namespace + "/" + identity;
    }

    private static Mono<Void> run(Connection connection, String sql) {
        return Flux.from(connection.createStatement(sql).execute()).flatMap(result -> result.getRowsUpdated())
                .then();
    }
}
