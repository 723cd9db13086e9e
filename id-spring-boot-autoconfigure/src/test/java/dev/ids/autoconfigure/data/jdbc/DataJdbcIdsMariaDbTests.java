package dev.ids.autoconfigure.data.jdbc;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * The Spring Data JDBC suite on {@link TestDatabase#MARIADB}, without the aggregates whose ID is a
 * {@code java.util.UUID}: MariaDB's uuid type does not sort GIDs and muids in order, and their start-up fails.
 */
@RequiresDatabase(TestDatabase.MARIADB)
@TestPropertySource(properties = DataJdbcTestApplication.UUID_IDS + "=false")
class DataJdbcIdsMariaDbTests extends DataJdbcIdsSuite {

    @DynamicPropertySource
    static void dataSource(DynamicPropertyRegistry registry) {
        TestDatabase.MARIADB.springProperties("DataJdbcIdsMariaDbTests")
                .forEach((key, value) -> registry.add(key, () -> value));
    }

    @Override
    TestDatabase database() {
        return TestDatabase.MARIADB;
    }
}
