package dev.ids.sqlfunctions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import liquibase.Scope;
import liquibase.changelog.FastCheckService;
import liquibase.command.CommandScope;
import liquibase.command.core.UpdateCommandStep;
import liquibase.command.core.helpers.DbUrlConnectionArgumentsCommandStep;
import liquibase.resource.ClassLoaderResourceAccessor;
import org.junit.jupiter.api.Test;

/**
 * The Liquibase lines of docs/SQL.md, run: a changelog with the changeSets shown there, which read the scripts from
 * id-core's jar, updated twice, and again after the script's checksum changed, as after an upgrade of id-core.
 */
class SqlLiquibaseMigrationTest {

    static final String CHANGELOG = "dev/ids/sqlfunctions/ids-functions-changelog.xml";

    /** MariaDB's script for Liquibase, outside the Flyway location, as its changeSet names it. */
    static final String MARIADB_SCRIPT = "META-INF/ids/sql/liquibase/ids-functions-mariadb.sql";

    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void updatesPostgreSqlFromTheJarsScriptAndRerunsItWhenChanged() throws Exception {
        updateTwiceAndAfterAnUpgrade(TestDatabase.POSTGRESQL);
    }

    @Test
    @RequiresDatabase(TestDatabase.MARIADB)
    void updatesMariaDbFromTheJarsScriptAndRerunsItWhenChanged() throws Exception {
        updateTwiceAndAfterAnUpgrade(TestDatabase.MARIADB);
    }

    private static void updateTwiceAndAfterAnUpgrade(TestDatabase database) throws Exception {
        try (SqlNamespace namespace = SqlNamespace.create(database, "ids_mig")) {
            update(namespace);
            MigratedFunctions.assertPresentAndAnswering(namespace);
            assertThat(executions(namespace)).containsExactly("EXECUTED");
            update(namespace);
            assertThat(executions(namespace)).as("unchanged").containsExactly("EXECUTED");
            try (Connection connection = namespace.connect(); Statement statement = connection.createStatement()) {
                assertThat(statement.executeUpdate("UPDATE DATABASECHANGELOG SET MD5SUM = '9:0' "
                        + "WHERE ID = 'ids-functions'")).isOne();
            }
            update(namespace);
            assertThat(executions(namespace)).as("changed").containsExactly("RERAN");
            MigratedFunctions.assertPresentAndAnswering(namespace);
        }
    }

    private static void update(SqlNamespace namespace) throws Exception {
        // Liquibase remembers for the JVM's life that a changelog was up to date; an application updates once
        Scope.getCurrentScope().getSingleton(FastCheckService.class).clearCache();
        Scope.child(Scope.Attr.resourceAccessor.name(),
                new ClassLoaderResourceAccessor(SqlLiquibaseMigrationTest.class.getClassLoader()),
                () -> new CommandScope(UpdateCommandStep.COMMAND_NAME)
                        .addArgumentValue(DbUrlConnectionArgumentsCommandStep.URL_ARG, namespace.url())
                        .addArgumentValue(DbUrlConnectionArgumentsCommandStep.USERNAME_ARG,
                                namespace.database().username())
                        .addArgumentValue(DbUrlConnectionArgumentsCommandStep.PASSWORD_ARG,
                                namespace.database().password())
                        .addArgumentValue(UpdateCommandStep.CHANGELOG_FILE_ARG, CHANGELOG)
                        .execute());
    }

    private static List<String> executions(SqlNamespace namespace) throws SQLException {
        List<String> types = new ArrayList<>();
        try (Connection connection = namespace.connect(); Statement statement = connection.createStatement();
                ResultSet rows = statement
                        .executeQuery("SELECT EXECTYPE FROM DATABASECHANGELOG ORDER BY ORDEREXECUTED")) {
            while (rows.next()) {
                types.add(rows.getString(1));
            }
        }
        return types;
    }
}
