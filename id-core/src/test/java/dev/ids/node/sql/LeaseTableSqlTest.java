package dev.ids.node.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The lease table's statements rendered for each driver's bind markers, from the one source. */
class LeaseTableSqlTest {

    private static final Pattern DOLLAR = Pattern.compile("\\$(\\d+)");

    private static Map<String, String> statements(LeaseTableSql sql) {
        return Map.ofEntries(Map.entry("selectRange", sql.selectRange()), Map.entry("insert", sql.insert()),
                Map.entry("takeOver", sql.takeOver()), Map.entry("selectHighWaterMark", sql.selectHighWaterMark()),
                Map.entry("selectClaimed", sql.selectClaimed()), Map.entry("renew", sql.renew()),
                Map.entry("holder", sql.holder()), Map.entry("advance", sql.advance()),
                Map.entry("release", sql.release()), Map.entry("releaseLowering", sql.releaseLowering()),
                Map.entry("rows", sql.rows()));
    }

    /** The parameters each statement's Javadoc lists, counted by hand. */
    private static final Map<String, Integer> PARAMETERS = Map.ofEntries(Map.entry("selectRange", 3),
            Map.entry("insert", 5), Map.entry("takeOver", 5), Map.entry("selectHighWaterMark", 3),
            Map.entry("selectClaimed", 3), Map.entry("renew", 4), Map.entry("holder", 2), Map.entry("advance", 4),
            Map.entry("release", 3), Map.entry("releaseLowering", 4), Map.entry("rows", 1));

    @Test
    void dollarMarkersAreNumberedFromOneInOrderInEachStatement() {
        LeaseTableSql sql = LeaseTableSql.render("leases", "NOW_MS", position -> "$" + position);

        statements(sql).forEach((name, statement) -> {
            Matcher markers = DOLLAR.matcher(statement);
            int expected = 0;
            while (markers.find()) {
                assertThat(Integer.parseInt(markers.group(1))).as(name).isEqualTo(++expected);
            }
            assertThat(expected).as(name + ": " + statement).isEqualTo(PARAMETERS.get(name));
            assertThat(statement).as(name).doesNotContain("?");
        });
    }

    @Test
    void questionMarkersGiveTheSameStatementsAsDollarOnes() {
        LeaseTableSql question = LeaseTableSql.render("leases", "NOW_MS", position -> "?");
        LeaseTableSql dollar = LeaseTableSql.render("leases", "NOW_MS", position -> "$" + position);

        statements(question).forEach((name, statement) -> {
            long questionMarks = statement.chars().filter(c -> c == '?').count();
            assertThat(questionMarks).as(name).isEqualTo((long) PARAMETERS.get(name));
            assertThat(DOLLAR.matcher(statements(dollar).get(name)).replaceAll("?")).as(name).isEqualTo(statement);
        });
    }

    @Test
    void theConditionsThatMakeTheProtocolSafeAreInTheStatements() {
        LeaseTableSql sql = LeaseTableSql.render("leases", "NOW_MS", position -> "?");

        assertThat(sql.takeOver()).contains("expires_at = NOW_MS + ?").endsWith("expires_at < NOW_MS - ?");
        assertThat(List.of(sql.renew(), sql.advance())).allSatisfy(statement -> assertThat(statement)
                .endsWith("AND holder = ? AND expires_at > 0"));
        assertThat(sql.advance()).contains("GREATEST(high_water_mark, ?)");
        assertThat(sql.insert()).endsWith("VALUES (?, ?, ?, NOW_MS + ?, NOW_MS + ?)");
        assertThat(List.of(sql.release(), sql.releaseLowering(), sql.selectHighWaterMark(), sql.selectClaimed()))
                .allSatisfy(statement -> assertThat(statement).endsWith("AND holder = ?"));
        assertThat(sql.table()).isEqualTo("leases");
    }

    @Test
    void theClockExpressionIsTheDatabasesOwnForTheProductsTheStoresKnow() {
        assertThat(SqlDialect.nowMillisExpression("PostgreSQL")).contains("EXTRACT(EPOCH FROM CURRENT_TIMESTAMP)");
        assertThat(SqlDialect.nowMillisExpression("H2")).isEqualTo(SqlDialect.nowMillisExpression("PostgreSQL"));
        assertThat(SqlDialect.nowMillisExpression("MariaDB")).contains("UTC_TIMESTAMP(6)");
        assertThat(SqlDialect.nowMillisExpression("MySQL")).isEqualTo(SqlDialect.nowMillisExpression("MariaDB"));
        assertThat(SqlDialect.nowMillisExpression("SomeSQL")).isNull();
        assertThat(SqlDialect.nowMillisExpression(null)).isNull();
    }

    @Test
    void aTableNameThatIsNotAPlainIdentifierIsRefusedNamingIt() {
        assertThatThrownBy(() -> LeaseTableSql.render("leases; DROP TABLE x", "NOW_MS", position -> "?"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'leases; DROP TABLE x'");
        assertThat(LeaseTableSql.render("app.leases", "NOW_MS", position -> "?").rows())
                .contains("FROM app.leases WHERE");
    }
}
