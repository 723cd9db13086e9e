package dev.ids.r2dbc;

import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;

/**
 * The R2DBC lease store under a PostgreSQL that hangs, refuses and comes back (r2dbc-postgresql through a
 * {@link dev.ids.testing.CutProxy}), when PostgreSQL is reachable: leased generators must refuse by their lease's
 * deadline, never issue an ID stamped after it, never wait past the lease's remaining time plus a second, and a
 * reclaiming lease must recover once the database is back, as the JDBC store's do.
 */
@RequiresDatabase(TestDatabase.POSTGRESQL)
class PostgreSqlR2dbcLeaseOutageTest extends R2dbcLeaseOutageContract {

    @Override
    protected TestDatabase database() {
        return TestDatabase.POSTGRESQL;
    }

    @Override
    protected int serverPort() {
        return 5432;
    }

    @Override
    String urlThrough(int port) {
        return "r2dbc:postgresql://127.0.0.1:" + port + "/test";
    }
}
