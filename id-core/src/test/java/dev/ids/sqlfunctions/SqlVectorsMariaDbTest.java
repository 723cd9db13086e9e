package dev.ids.sqlfunctions;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;

@RequiresDatabase(TestDatabase.MARIADB)
class SqlVectorsMariaDbTest extends SqlVectorsContract {

    @Override
    TestDatabase database() {
        return TestDatabase.MARIADB;
    }
}
