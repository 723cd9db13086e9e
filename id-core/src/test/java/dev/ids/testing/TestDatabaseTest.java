package dev.ids.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;

class TestDatabaseTest {

    @Test
    void h2AnswersAQuery() throws Exception {
        assertAnswers(TestDatabase.H2);
    }

    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void postgreSqlAnswersAQuery() throws Exception {
        assertAnswers(TestDatabase.POSTGRESQL);
    }

    @Test
    @RequiresDatabase(TestDatabase.MARIADB)
    void mariaDbAnswersAQuery() throws Exception {
        assertAnswers(TestDatabase.MARIADB);
    }

    private static void assertAnswers(TestDatabase database) throws Exception {
        try (Connection connection = DriverManager.getConnection(database.url("probe"), database.username(),
                database.password()); ResultSet result = connection.createStatement().executeQuery("select 1")) {
            assertThat(result.next()).isTrue();
            assertThat(result.getInt(1)).isEqualTo(1);
        }
    }
}
