package dev.ids.sqlfunctions;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The scripts id-core ships, one file each: a client script per database, named as Flyway's repeatable migration
 * alone in its folder, which is the Flyway location, and Liquibase's MariaDB script, elsewhere, with the MariaDB
 * client script's statements ended by {@code $$} without {@code DELIMITER} lines. docs/SQL.md shows the lines the
 * migration tests run.
 */
class SqlMigrationFilesTest {

    private static final Pattern CHANGE_SET = Pattern.compile("(?s) *<changeSet .*?</changeSet>");

    @Test
    void eachFlywayLocationHoldsItsClientScriptAlone() throws IOException, URISyntaxException {
        // Flyway reports any other .sql file of a location as misnamed, and fails on it with validateMigrationNaming
        for (boolean postgreSql : List.of(true, false)) {
            String script = SqlFunctionsDatabase.scriptResource(postgreSql);
            String folder = script.substring(0, script.lastIndexOf('/'));
            URL url = getClass().getClassLoader().getResource(folder);
            assertThat(url).as(folder).isNotNull();
            try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
                assertThat(files.map((file) -> folder + "/" + file.getFileName())).as(folder).containsExactly(script);
            }
        }
    }

    @Test
    void liquibasesMariaDbScriptHasTheClientScriptsStatementsEndedByDollars() {
        String liquibase = SqlFunctionsDatabase.read(SqlLiquibaseMigrationTest.MARIADB_SCRIPT);
        assertThat(liquibase).doesNotContainPattern("(?im)^DELIMITER\\b");
        assertThat(SqlFunctionsDatabase.ClientScript.statements("DELIMITER $$\n" + liquibase))
                .isEqualTo(SqlFunctionsDatabase.ClientScript.statements(
                        SqlFunctionsDatabase.read(SqlFunctionsDatabase.scriptResource(false))))
                .hasSizeGreaterThan(50);
    }

    @Test
    void theDocsShowTheChangeSetsAndLocationsTheMigrationTestsRun() throws IOException {
        String docs = Files.readString(Path.of("..", "docs", "SQL.md"));
        List<String> changeSets = CHANGE_SET.matcher(SqlFunctionsDatabase.read(SqlLiquibaseMigrationTest.CHANGELOG))
                .results().map((match) -> match.group().stripIndent()).toList();
        assertThat(changeSets).hasSize(2);
        assertThat(changeSets).allSatisfy((changeSet) -> assertThat(docs).contains(changeSet));
        assertThat(changeSets.get(1)).contains("\"" + SqlLiquibaseMigrationTest.MARIADB_SCRIPT + "\"");
        assertThat(docs).contains("\"" + SqlFlywayMigrationTest.POSTGRESQL_LOCATION + "\"",
                "`" + SqlFlywayMigrationTest.MARIADB_LOCATION + "`");
        assertThat(docs).contains("`" + SqlFunctionsDatabase.scriptResource(true) + "`",
                "`" + SqlFunctionsDatabase.scriptResource(false) + "`",
                "`" + SqlLiquibaseMigrationTest.MARIADB_SCRIPT + "`");
    }
}
