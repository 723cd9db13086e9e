package dev.ids.autoconfigure.jpa;

import dev.ids.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The generation suite on {@link TestDatabase#H2}. */
class GeneratedIdsH2Tests extends GeneratedIdsSuite {

    @DynamicPropertySource
    static void dataSource(DynamicPropertyRegistry registry) {
        TestDatabase.H2.springProperties("GeneratedIdsH2Tests")
                .forEach((key, value) -> registry.add(key, () -> value));
    }

    @Override
    TestDatabase database() {
        return TestDatabase.H2;
    }
}
