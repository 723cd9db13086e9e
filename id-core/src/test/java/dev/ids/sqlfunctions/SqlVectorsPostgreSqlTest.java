package dev.ids.sqlfunctions;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;

@RequiresDatabase(TestDatabase.POSTGRESQL)
class SqlVectorsPostgreSqlTest extends SqlVectorsContract {

    @Override
    TestDatabase database() {
        return TestDatabase.POSTGRESQL;
    }
}
