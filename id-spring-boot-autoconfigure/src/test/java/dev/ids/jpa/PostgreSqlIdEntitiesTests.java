package dev.ids.jpa;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;

/** The entity suite on {@link TestDatabase#POSTGRESQL}. */
@RequiresDatabase(TestDatabase.POSTGRESQL)
class PostgreSqlIdEntitiesTests extends IdEntitiesTestSuite {

    PostgreSqlIdEntitiesTests() {
        super(TestDatabase.POSTGRESQL);
    }
}
