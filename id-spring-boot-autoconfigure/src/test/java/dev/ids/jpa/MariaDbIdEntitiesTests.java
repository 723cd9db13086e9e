package dev.ids.jpa;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;

/** The entity suite on {@link TestDatabase#MARIADB}. */
@RequiresDatabase(TestDatabase.MARIADB)
class MariaDbIdEntitiesTests extends IdEntitiesTestSuite {

    MariaDbIdEntitiesTests() {
        super(TestDatabase.MARIADB);
    }
}
