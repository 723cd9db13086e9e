package dev.ids.sqlfunctions;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The scripts id-core ships for the migration tools are the client scripts: Flyway's under its own names, byte for
 * byte, and Liquibase's MariaDB script with the same statements, ended by {@code $$} without {@code DELIMITER} lines.
 * docs/SQL.md shows the lines the migration tests run.
 */
class SqlMigrationFilesTest {

    private static final String SQL = "META-INF/ids/sql/";

    private static final Pattern CHANGE_SET = Pattern.compile("(?s) *<changeSet .*?</changeSet>");

    @Test
    void flywaysRepeatableMigrationsAreTheClientScripts() {
        for (String database : List.of("postgresql", "mariadb")) {
            assertThat(SqlFunctionsDatabase.read(SQL + "flyway/" + database + "/R__ids_sql_functions.sql"))
                    .as(database).isEqualTo(SqlFunctionsDatabase.read(SQL + "ids-functions-" + database + ".sql"));
        }
    }

    @Test
    void liquibasesMariaDbScriptHasTheClientScriptsStatementsEndedByDollars() {
        String liquibase = SqlFunctionsDatabase.read(SQL + "ids-functions-mariadb-liquibase.sql");
        assertThat(liquibase).doesNotContainPattern("(?im)^DELIMITER\\b");
        assertThat(SqlFunctionsDatabase.ClientScript.statements("DELIMITER $$\n" + liquibase))
                .isEqualTo(SqlFunctionsDatabase.ClientScript.statements(
                        SqlFunctionsDatabase.read(SQL + "ids-functions-mariadb.sql")))
                .hasSizeGreaterThan(50);
    }

    @Test
    void theDocsShowTheChangeSetsAndLocationsTheMigrationTestsRun() throws IOException {
        String docs = Files.readString(Path.of("..", "docs", "SQL.md"));
        List<String> changeSets = CHANGE_SET.matcher(SqlFunctionsDatabase.read(SqlLiquibaseMigrationTest.CHANGELOG))
                .results().map((match) -> match.group().stripIndent()).toList();
        assertThat(changeSets).hasSize(2);
        assertThat(changeSets).allSatisfy((changeSet) -> assertThat(docs).contains(changeSet));
        assertThat(docs).contains("\"" + SqlFlywayMigrationTest.POSTGRESQL_LOCATION + "\"",
                "`" + SqlFlywayMigrationTest.MARIADB_LOCATION + "`");
    }
}
