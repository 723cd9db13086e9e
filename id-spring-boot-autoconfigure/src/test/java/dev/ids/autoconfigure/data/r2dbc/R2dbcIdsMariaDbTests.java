package dev.ids.autoconfigure.data.r2dbc;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The Spring Data R2DBC suite on {@link TestDatabase#MARIADB}. */
@RequiresDatabase(TestDatabase.MARIADB)
class R2dbcIdsMariaDbTests extends R2dbcIdsSuite {

    private static final String SCOPE = "R2dbcIdsMariaDbTests";

    @DynamicPropertySource
    static void connectionFactory(DynamicPropertyRegistry registry) {
        registry.add(R2dbcTestApplication.URL, () -> r2dbcUrl(TestDatabase.MARIADB, SCOPE));
        registry.add(R2dbcTestApplication.USER, TestDatabase.MARIADB::username);
    }

    @DynamicPropertySource
    static void noUuidIds(DynamicPropertyRegistry registry) {
        // MariaDB's uuid type does not sort GIDs and muids in order: the start-up refuses UUID IDs there.
        registry.add(R2dbcTestApplication.UUID_IDS, () -> "false");
    }

    @Override
    TestDatabase database() {
        return TestDatabase.MARIADB;
    }

    @Override
    String scope() {
        return SCOPE;
    }
}
