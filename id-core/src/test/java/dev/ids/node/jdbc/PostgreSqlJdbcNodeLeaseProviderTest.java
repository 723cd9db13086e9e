package dev.ids.node.jdbc;

import static dev.ids.node.BuilderSeams.backgroundRenewal;
import static dev.ids.node.sql.TableBuilderSeams.databaseClock;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.Renewal;
import dev.ids.testing.PlainDataSource;
import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The JDBC lease provider's behaviour on PostgreSql, when it is reachable. */
@RequiresDatabase(TestDatabase.POSTGRESQL)
class PostgreSqlJdbcNodeLeaseProviderTest extends JdbcNodeLeaseContract {

    private static final String DURABLE_TABLE = TABLE + "_durable";
    private static final String AUDIT_TABLE = TABLE + "_commit_audit";
    private static final String AUDIT_FUNCTION = TABLE + "_audit_commit";

    @Override
    TestDatabase database() {
        return TestDatabase.POSTGRESQL;
    }

    @AfterAll
    static void dropTestTables() throws SQLException {
        dropTables(TestDatabase.POSTGRESQL, PostgreSqlJdbcNodeLeaseProviderTest.class);
        try (Connection connection = new TestDataSource(TestDatabase.POSTGRESQL, "durable").getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + DURABLE_TABLE);
            statement.execute("DROP TABLE IF EXISTS " + AUDIT_TABLE);
            statement.execute("DROP FUNCTION IF EXISTS " + AUDIT_FUNCTION + "()");
        }
    }

    /**
     * PostgreSQL with {@code synchronous_commit = off} (for the server, a database, a role or a session) acknowledges
     * a commit before it is in the log, and a crash of the server then loses it: an independent check lost a claim
     * that way and two instances issued 811 identical IDs. Every lease write must commit synchronously whatever the
     * application's sessions do, without changing their setting. A trigger records the setting each write ran with.
     */
    @Test
    void everyLeaseWriteCommitsSynchronouslyAlthoughTheApplicationsSessionsDoNot() throws SQLException {
        execute("CREATE TABLE IF NOT EXISTS " + AUDIT_TABLE + " (operation VARCHAR(16), setting VARCHAR(16))", false);
        execute("CREATE OR REPLACE FUNCTION " + AUDIT_FUNCTION + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                + " INSERT INTO " + AUDIT_TABLE + " VALUES (TG_OP, current_setting('synchronous_commit'));"
                + " RETURN NEW; END $$", false);
        execute(JdbcNodeLeaseProvider.createTableStatement(DURABLE_TABLE), false);
        execute("CREATE OR REPLACE TRIGGER " + DURABLE_TABLE + "_audit BEFORE INSERT OR UPDATE ON " + DURABLE_TABLE
                + " FOR EACH ROW EXECUTE FUNCTION " + AUDIT_FUNCTION + "()", false);
        List<Connection> handedOut = new ArrayList<>();
        PlainDataSource asynchronous = () -> {
            Connection connection = dataSource.getConnection();
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET synchronous_commit TO off");
            }
            handedOut.add(connection);
            return connection;
        };
        JdbcNodeLeaseProvider provider =
                backgroundRenewal(databaseClock(JdbcNodeLeaseProvider.builder(asynchronous), clock), false)
                        .tableName(DURABLE_TABLE)
                        .holderId("durable").clock(clock).leaseLength(LEASE)
                        .build();

        JdbcNodeLease lease = (JdbcNodeLease) provider.claim(claim(0, 3));
        lease.advanceHighWaterMark(MARK);
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        lease.close();

        List<String> writes = new ArrayList<>();
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT operation, setting FROM " + AUDIT_TABLE)) {
            while (rows.next()) {
                writes.add(rows.getString(1) + " " + rows.getString(2));
            }
        }
        // The claim's insert writes the start mark with the row (issue 37): four writes, each durable.
        assertThat(writes).as("claim with its start mark, mark, renewal, release").hasSize(4)
                .allMatch(write -> write.endsWith(" on"));
        for (Connection connection : handedOut) {
            if (!connection.isClosed()) {
                try (Statement statement = connection.createStatement();
                        ResultSet setting = statement.executeQuery("SHOW synchronous_commit")) {
                    setting.next();
                    assertThat(setting.getString(1)).as("the application's own setting").isEqualTo("off");
                }
            }
        }
    }
}
