package dev.ids.autoconfigure.jpa;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The generation suite on {@link TestDatabase#POSTGRESQL}. */
@RequiresDatabase(TestDatabase.POSTGRESQL)
class GeneratedIdsPostgreSqlTests extends GeneratedIdsSuite {

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
