package dev.ids.sqlfunctions;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;

@RequiresDatabase(TestDatabase.POSTGRESQL)
class SqlIndexUsePostgreSqlTest extends SqlIndexUseContract {

    @Override
    TestDatabase database() {
        return TestDatabase.POSTGRESQL;
    }
}
