package dev.ids.autoconfigure.data.r2dbc;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The Spring Data R2DBC suite on {@link TestDatabase#POSTGRESQL}. */
@RequiresDatabase(TestDatabase.POSTGRESQL)
class R2dbcIdsPostgreSqlTests extends R2dbcIdsSuite {

    private static final String SCOPE = "R2dbcIdsPostgreSqlTests";

    @DynamicPropertySource
    static void connectionFactory(DynamicPropertyRegistry registry) {
        registry.add(R2dbcTestApplication.URL, () -> r2dbcUrl(TestDatabase.POSTGRESQL, SCOPE));
        registry.add(R2dbcTestApplication.USER, TestDatabase.POSTGRESQL::username);
    }

    @Override
    TestDatabase database() {
        return TestDatabase.POSTGRESQL;
    }

    @Override
    String scope() {
        return SCOPE;
    }
}
