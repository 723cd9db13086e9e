package dev.ids.sqlfunctions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.testing.RequiresDatabase;
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

/**
 * The declarative partitioning by month of docs/SQL.md: partitions bounded by {@code ids_min_sno} of each month's
 * first instant, and a query of two days scans only the month that holds them.
 */
@RequiresDatabase(TestDatabase.POSTGRESQL)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlPartitionPruningPostgreSqlTest {

    private SqlFunctionsDatabase database;

    @BeforeAll
    void openNamespace() throws SQLException {
        database = SqlFunctionsDatabase.open(TestDatabase.POSTGRESQL);
        try (Statement statement = database.connection().createStatement()) {
            statement.execute("CREATE TABLE payment (id bytea PRIMARY KEY, amount numeric) PARTITION BY RANGE (id)");
            for (String month : List.of("2026-01", "2026-02", "2026-03")) {
                String next = month.equals("2026-01") ? "2026-02" : month.equals("2026-02") ? "2026-03" : "2026-04";
                statement.execute("CREATE TABLE payment_" + month.replace('-', '_') + " PARTITION OF payment "
                        + "FOR VALUES FROM (ids_min_sno('" + month + "-01 00:00:00+00')) "
                        + "TO (ids_min_sno('" + next + "-01 00:00:00+00'))");
            }
            statement.execute("INSERT INTO payment SELECT ids_min_sno(timestamptz '2026-01-01 00:00:00+00' "
                    + "+ n * interval '10 minutes'), n FROM generate_series(0, 12959) n");
            statement.execute("ANALYZE payment");
        }
    }

    @AfterAll
    void dropNamespace() throws SQLException {
        database.close();
    }

    @Test
    void aRangeWithinOneMonthScansOnlyThatMonthsPartition() throws SQLException {
        String where = " WHERE id BETWEEN ids_min_sno('2026-02-10 00:00:00+00') AND ids_max_sno('2026-02-11 23:59:59.999+00')";
        List<String> plan = explain("EXPLAIN SELECT * FROM payment" + where);
        assertThat(String.join("\n", plan)).contains("payment_2026_02").doesNotContain("payment_2026_01")
                .doesNotContain("payment_2026_03");
        assertThat(count("SELECT count(*) FROM payment" + where)).isEqualTo(288);
    }

    @Test
    void eachMonthsRowsLieInItsPartition() throws SQLException {
        assertThat(count("SELECT count(*) FROM payment_2026_02 WHERE ids_sno_time(id) < '2026-02-01 00:00:00+00' "
                + "OR ids_sno_time(id) >= '2026-03-01 00:00:00+00'")).isZero();
        assertThat(count("SELECT count(*) FROM payment_2026_02")).isEqualTo(28 * 144);
    }

    private List<String> explain(String sql) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (Statement statement = database.connection().createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            while (rows.next()) {
                lines.add(rows.getString(1));
            }
        }
        return lines;
    }

    private long count(String sql) throws SQLException {
        try (Statement statement = database.connection().createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
