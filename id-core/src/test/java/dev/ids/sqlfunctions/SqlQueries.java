package dev.ids.sqlfunctions;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.assertj.core.api.InstanceOfAssertFactories;

/** Runs one-row queries against a {@link SqlFunctionsDatabase}, and checks the errors of malformed input. */
final class SqlQueries {

    /** Reads the single row of a query. */
    @FunctionalInterface
    interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    private final SqlFunctionsDatabase database;

    SqlQueries(SqlFunctionsDatabase database) {
        this.database = database;
    }

    <T> T one(String sql, RowReader<T> reader, Object... parameters) throws SQLException {
        try (PreparedStatement statement = database.connection().prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rows = statement.executeQuery()) {
                if (!rows.next()) {
                    throw new IllegalStateException("No row from " + sql);
                }
                return reader.read(rows);
            }
        }
    }

    /**
     * Checks that a function refuses an input with a database error of the given SQLSTATE whose message names the
     * input (or the part of it given).
     */
    void assertRejects(String function, Object input, String sqlState, String named) {
        assertThatThrownBy(() -> one("SELECT " + function + "(?)", row -> row.getObject(1), input))
                .as("%s(%s)", function, named)
                .asInstanceOf(InstanceOfAssertFactories.throwable(SQLException.class))
                .satisfies(e -> org.assertj.core.api.Assertions.assertThat(e.getSQLState()).isEqualTo(sqlState))
                .hasMessageContaining("Invalid")
                .hasMessageContaining(named);
    }
}
