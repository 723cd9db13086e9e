package dev.ids.sqlfunctions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.sno.Sno;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.regex.Pattern;

/** What a migration tool must leave behind: every function of the script, answering as Java does. */
final class MigratedFunctions {

    private static final Pattern CREATE_FUNCTION = Pattern.compile("(?m)^CREATE OR REPLACE FUNCTION ");

    private static final Instant INSTANT = Instant.parse("2026-03-01T10:15:30.123456Z");

    private MigratedFunctions() {
    }

    /**
     * Checks that the namespace holds one function per {@code CREATE OR REPLACE FUNCTION} of the client script, and
     * that {@code ids_min_sno} and {@code ids_sno_time} agree with {@link Sno#min(Instant)}.
     *
     * @param namespace where the migration ran
     * @throws SQLException when a query fails, as it does when a function is missing
     */
    static void assertPresentAndAnswering(SqlNamespace namespace) throws SQLException {
        String script = SqlFunctionsDatabase.read(SqlFunctionsDatabase.scriptResource(namespace.isPostgreSql()));
        try (Connection connection = namespace.connect()) {
            assertThat(functionCount(connection, namespace.name())).as("functions in %s", namespace.name())
                    .isEqualTo(CREATE_FUNCTION.matcher(script).results().count());
            try (PreparedStatement query = connection
                    .prepareStatement("SELECT ids_min_sno(?), ids_sno_time(ids_min_sno(?))")) {
                query.setObject(1, namespace.instant(INSTANT));
                query.setObject(2, namespace.instant(INSTANT));
                try (ResultSet rows = query.executeQuery()) {
                    assertThat(rows.next()).isTrue();
                    assertThat(rows.getBytes(1)).isEqualTo(Sno.min(INSTANT).toBytes());
                    assertThat(namespace.instant(rows, 2)).isEqualTo(Instant.parse("2026-03-01T10:15:30.120Z"));
                }
            }
        }
    }

    private static long functionCount(Connection connection, String namespace) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT count(*) FROM information_schema.routines "
                + "WHERE routine_schema = ? AND routine_type = 'FUNCTION' AND routine_name LIKE 'ids\\_%'")) {
            query.setString(1, namespace);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }
}
