package dev.ids.autoconfigure.data.jdbc;

import dev.ids.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The Spring Data JDBC suite on {@link TestDatabase#H2}. */
class DataJdbcIdsH2Tests extends DataJdbcIdsSuite {

    @DynamicPropertySource
    static void dataSource(DynamicPropertyRegistry registry) {
        TestDatabase.H2.springProperties("DataJdbcIdsH2Tests")
                .forEach((key, value) -> registry.add(key, () -> value));
    }

    @Override
    TestDatabase database() {
        return TestDatabase.H2;
    }
}
