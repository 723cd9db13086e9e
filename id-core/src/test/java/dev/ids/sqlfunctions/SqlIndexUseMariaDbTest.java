package dev.ids.sqlfunctions;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;

@RequiresDatabase(TestDatabase.MARIADB)
class SqlIndexUseMariaDbTest extends SqlIndexUseContract {

    @Override
    TestDatabase database() {
        return TestDatabase.MARIADB;
    }
}
