package dev.ids.autoconfigure.jpa;

import dev.ids.testing.TestDatabase;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The generation suite on {@link TestDatabase#POSTGRESQL}. */
class GeneratedIdsPostgreSqlTests extends GeneratedIdsSuite {

    @BeforeAll
    static void databaseIsReachable() {
        TestDatabase.POSTGRESQL.assumeReachable();
    }

    @DynamicPropertySource
    static void dataSource(DynamicPropertyRegistry registry) {
        TestDatabase.POSTGRESQL.springProperties("GeneratedIdsPostgreSqlTests")
                .forEach((key, value) -> registry.add(key, () -> value));
    }

    @Override
    TestDatabase database() {
        return TestDatabase.POSTGRESQL;
    }
}
