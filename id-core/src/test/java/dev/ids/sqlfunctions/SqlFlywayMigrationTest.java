package dev.ids.sqlfunctions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * The Flyway lines of docs/SQL.md, run: the folder of id-core's client script, which is named as Flyway's repeatable
 * migration, as a location, migrated twice, and again after the script's checksum changed, as after an upgrade of
 * id-core.
 */
class SqlFlywayMigrationTest {

    static final String POSTGRESQL_LOCATION = "classpath:META-INF/ids/sql/postgresql";

    static final String MARIADB_LOCATION = "classpath:META-INF/ids/sql/mariadb";

    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void migratesPostgreSqlFromTheJarsLocationAndRerunsAChangedScript() throws SQLException {
        migrateTwiceAndAfterAnUpgrade(TestDatabase.POSTGRESQL, POSTGRESQL_LOCATION);
    }

    @Test
    @RequiresDatabase(TestDatabase.MARIADB)
    void migratesMariaDbFromTheJarsLocationAndRerunsAChangedScript() throws SQLException {
        migrateTwiceAndAfterAnUpgrade(TestDatabase.MARIADB, MARIADB_LOCATION);
    }

    private static void migrateTwiceAndAfterAnUpgrade(TestDatabase database, String location) throws SQLException {
        try (SqlNamespace namespace = SqlNamespace.create(database, "ids_mig")) {
            Flyway flyway = Flyway.configure().dataSource(namespace.url(), database.username(), database.password())
                    .locations("classpath:dev/ids/sqlfunctions/migration", location).load();
            assertThat(flyway.migrate().migrationsExecuted).as("first migration").isEqualTo(2);
            MigratedFunctions.assertPresentAndAnswering(namespace);
            assertThat(flyway.migrate().migrationsExecuted).as("unchanged").isZero();
            try (Connection connection = namespace.connect(); Statement statement = connection.createStatement()) {
                assertThat(statement.executeUpdate("UPDATE flyway_schema_history "
                        + "SET checksum = CASE WHEN checksum = 1 THEN 2 ELSE 1 END WHERE version IS NULL"))
                        .as("the repeatable migration's rows").isOne();
            }
            assertThat(flyway.migrate().migrationsExecuted).as("changed").isOne();
            MigratedFunctions.assertPresentAndAnswering(namespace);
        }
    }
}
