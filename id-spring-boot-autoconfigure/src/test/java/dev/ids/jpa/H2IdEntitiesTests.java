package dev.ids.jpa;

import dev.ids.testing.TestDatabase;

/** The entity suite on {@link TestDatabase#H2}. */
class H2IdEntitiesTests extends IdEntitiesTestSuite {

    H2IdEntitiesTests() {
        super(TestDatabase.H2);
    }
}
