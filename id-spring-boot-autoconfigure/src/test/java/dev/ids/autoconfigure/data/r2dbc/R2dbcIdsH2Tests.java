package dev.ids.autoconfigure.data.r2dbc;

import dev.ids.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The Spring Data R2DBC suite on {@link TestDatabase#H2}. */
class R2dbcIdsH2Tests extends R2dbcIdsSuite {

    private static final String SCOPE = "R2dbcIdsH2Tests";

    @DynamicPropertySource
    static void connectionFactory(DynamicPropertyRegistry registry) {
        registry.add(R2dbcTestApplication.URL, () -> r2dbcUrl(TestDatabase.H2, SCOPE));
        registry.add(R2dbcTestApplication.USER, TestDatabase.H2::username);
    }

    @Override
    TestDatabase database() {
        return TestDatabase.H2;
    }

    @Override
    String scope() {
        return SCOPE;
    }
}
