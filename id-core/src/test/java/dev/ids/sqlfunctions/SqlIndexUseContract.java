package dev.ids.sqlfunctions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.testing.TestDatabase;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code WHERE id BETWEEN ids_min_<scheme>(t1) AND ids_max_<scheme>(t2)} on a primary key of the starter's column form
 * is an index range scan, and selects exactly the rows of the interval; the functions are declared immutable
 * (PostgreSQL) or deterministic (MariaDB). Run on both databases by the subclasses.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SqlIndexUseContract {

    /** Rows per table: one a minute from 2026-01-01, about two weeks. */
    private static final int ROWS = 20_000;

    private SqlFunctionsDatabase database;

    abstract TestDatabase database();

    @BeforeAll
    void openNamespace() throws SQLException {
        database = SqlFunctionsDatabase.open(database());
    }

    @AfterAll
    void dropNamespace() throws SQLException {
        database.close();
    }

    @ParameterizedTest
    @EnumSource(RangeScheme.class)
    void rangeQueryIsAnIndexRangeScan(RangeScheme scheme) throws SQLException {
        String table = "range_" + scheme.name().toLowerCase(java.util.Locale.ROOT);
        String from = literal("2026-01-05 10:00:00");
        String to = literal("2026-01-05 10:59:59.999999");
        String where = " WHERE id BETWEEN " + scheme.min().replace("?", from) + " AND " + scheme.max().replace("?", to);
        List<String> plan;
        long count;
        try (Statement statement = database.connection().createStatement()) {
            statement.execute("CREATE TABLE " + table + " (id " + columnType(scheme) + " PRIMARY KEY, note INT)");
            statement.execute("INSERT INTO " + table + " SELECT " + scheme.min().replace("?", minutes()) + ", n FROM "
                    + series());
            statement.execute((database.isPostgreSql() ? "ANALYZE " : "ANALYZE TABLE ") + table);
            plan = lines(statement.executeQuery("EXPLAIN SELECT * FROM " + table + where));
            try (ResultSet rows = statement.executeQuery("SELECT count(*) FROM " + table + where)) {
                rows.next();
                count = rows.getLong(1);
            }
        }
        assertThat(count).as("rows of one hour").isEqualTo(60);
        if (database.isPostgreSql()) {
            assertThat(String.join("\n", plan)).as("plan").contains("Index Cond").contains(table + "_pkey")
                    .doesNotContain("Seq Scan");
        } else {
            assertThat(plan).as("plan (type, key)").containsExactly("range PRIMARY");
        }
    }

    @Test
    void everyFunctionIsImmutableOrDeterministic() throws SQLException {
        String query = database.isPostgreSql()
                ? "SELECT count(*), count(*) FILTER (WHERE provolatile = 'i') FROM pg_proc p JOIN pg_namespace n "
                        + "ON n.oid = p.pronamespace WHERE n.nspname = current_schema() AND proname LIKE 'ids\\_%'"
                : "SELECT count(*), sum(IS_DETERMINISTIC = 'YES') FROM information_schema.ROUTINES "
                        + "WHERE ROUTINE_SCHEMA = database() AND ROUTINE_NAME LIKE 'ids\\_%'";
        try (Statement statement = database.connection().createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            rows.next();
            assertThat(rows.getInt(1)).as("functions").isGreaterThan(50);
            assertThat(rows.getInt(2)).as("immutable or deterministic").isEqualTo(rows.getInt(1));
        }
    }

    private String columnType(RangeScheme scheme) {
        return switch (scheme) {
            case TRACE_ID, LABLE -> "BIGINT";
            case SNO -> database.isPostgreSql() ? "bytea" : "BINARY(10)";
            case GID, MUID -> database.isPostgreSql() ? "uuid" : "BINARY(16)";
        };
    }

    private String literal(String utc) {
        return database.isPostgreSql() ? "timestamptz '" + utc + "+00'" : "TIMESTAMP'" + utc + "'";
    }

    private String minutes() {
        return database.isPostgreSql() ? "timestamptz '2026-01-01 00:00:00+00' + n * interval '1 minute'"
                : "TIMESTAMP'2026-01-01 00:00:00' + INTERVAL n MINUTE";
    }

    private String series() {
        return database.isPostgreSql() ? "generate_series(1, " + ROWS + ") n"
                : "(SELECT seq AS n FROM seq_1_to_" + ROWS + ") s";
    }

    private List<String> lines(ResultSet rows) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (rows) {
            while (rows.next()) {
                lines.add(database.isPostgreSql() ? rows.getString(1) : rows.getString("type") + " " + rows.getString("key"));
            }
        }
        return lines;
    }
}
