package dev.ids.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TestDatabaseTest {

    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void eachDatabaseAnswersAQuery(TestDatabase database) throws Exception {
        database.assumeReachable();
        try (Connection connection = DriverManager.getConnection(database.url("probe"), database.username(),
                database.password()); ResultSet result = connection.createStatement().executeQuery("select 1")) {
            assertThat(result.next()).isTrue();
            assertThat(result.getInt(1)).isEqualTo(1);
        }
    }
}
