package dev.ids.sqlfunctions;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;

@RequiresDatabase(TestDatabase.MARIADB)
class SqlRangesMariaDbTest extends SqlRangesContract {

    @Override
    TestDatabase database() {
        return TestDatabase.MARIADB;
    }
}
