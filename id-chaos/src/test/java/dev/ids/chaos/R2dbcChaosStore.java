package dev.ids.chaos;

import java.sql.SQLException;
import java.util.List;

/**
 * The R2DBC lease store on PostgreSQL (r2dbc-postgresql), in a lease table of the run's own. The table is the JDBC
 * store's, which the R2DBC store shares row for row, so it is seeded and dropped as {@link JdbcChaosStore} does it;
 * only the workers go through R2DBC. No driver timeout is set: r2dbc-postgresql has no socket read timeout, and its
 * connect timeout bounds only the TCP connect, which the proxy accepts at once even while it hangs. The store's own
 * limit on every call (the renewal period, a second here) frees a worker from a connection the nemesis leaves hung,
 * as {@code R2dbcLeaseOutageContract} of id-r2dbc shows in one JVM.
 */
final class R2dbcChaosStore implements ChaosStore {

    private final JdbcChaosStore table;

    private R2dbcChaosStore(JdbcChaosStore table) {
        this.table = table;
    }

    /** A table of the run's own on the PostgreSQL at 127.0.0.1:5432, database {@code test}. */
    static R2dbcChaosStore postgreSql(String run) throws SQLException {
        return new R2dbcChaosStore(JdbcChaosStore.postgreSql(run));
    }

    @Override
    public String name() {
        return "R2DBC on PostgreSQL";
    }

    @Override
    public int port() {
        return table.port();
    }

    @Override
    public List<String> arguments(int through) {
        return List.of("store=r2dbc", "r2dbc.url=r2dbc:postgresql://127.0.0.1:" + through + "/test",
                "r2dbc.user=" + table.login(), "r2dbc.password=",
                "r2dbc.table=" + table.table());
    }

    /** Ends every connection of the run's workers, as {@link JdbcChaosStore#restart()} does. */
    @Override
    public String restart() throws Exception {
        return table.restart();
    }

    @Override
    public void close() throws SQLException {
        table.close();
    }
}
