package dev.ids.autoconfigure.data.jdbc;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The Spring Data JDBC suite on {@link TestDatabase#POSTGRESQL}. */
@RequiresDatabase(TestDatabase.POSTGRESQL)
class DataJdbcIdsPostgreSqlTests extends DataJdbcIdsSuite {

    @DynamicPropertySource
    static void dataSource(DynamicPropertyRegistry registry) {
        TestDatabase.POSTGRESQL.springProperties("DataJdbcIdsPostgreSqlTests")
                .forEach((key, value) -> registry.add(key, () -> value));
    }

    @Override
    TestDatabase database() {
        return TestDatabase.POSTGRESQL;
    }
}
