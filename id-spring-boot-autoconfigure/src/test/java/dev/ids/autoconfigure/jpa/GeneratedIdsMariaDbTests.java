package dev.ids.autoconfigure.jpa;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * The generation suite on {@link TestDatabase#MARIADB}. MariaDB's native {@code uuid} type refuses many GID and muid
 * values, so UUID attributes are stored as BINARY(16) here, as the generator's start-up check demands.
 */
@TestPropertySource(properties = "spring.jpa.properties.hibernate.type.preferred_uuid_jdbc_type=BINARY")
@RequiresDatabase(TestDatabase.MARIADB)
class GeneratedIdsMariaDbTests extends GeneratedIdsSuite {

    @DynamicPropertySource
    static void dataSource(DynamicPropertyRegistry registry) {
        TestDatabase.MARIADB.springProperties("GeneratedIdsMariaDbTests")
                .forEach((key, value) -> registry.add(key, () -> value));
    }

    @Override
    TestDatabase database() {
        return TestDatabase.MARIADB;
    }
}
