package dev.ids.r2dbc;

import static dev.ids.node.BuilderSeams.backgroundRenewal;
import static dev.ids.node.sql.TableBuilderSeams.databaseClock;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.NodeClaim;
import dev.ids.node.Renewal;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import io.r2dbc.spi.Result;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The R2DBC lease provider's behaviour on PostgreSQL, when it is reachable (required where CI=true). */
@RequiresDatabase(TestDatabase.POSTGRESQL)
class PostgreSqlR2dbcNodeLeaseProviderTest extends R2dbcNodeLeaseContract {

    private static final String DURABLE_TABLE = TABLE + "_durable";
    private static final String AUDIT_TABLE = TABLE + "_commit_audit";
    private static final String AUDIT_FUNCTION = TABLE + "_audit_commit";

    @Override
    TestDatabase jdbcDatabase() {
        return TestDatabase.POSTGRESQL;
    }

    @Override
    String url() {
        return "r2dbc:postgresql://127.0.0.1:5432/test";
    }

    @AfterAll
    static void dropTestTable() throws SQLException {
        for (String sql : List.of("DROP TABLE IF EXISTS " + TABLE, "DROP TABLE IF EXISTS " + DURABLE_TABLE,
                "DROP TABLE IF EXISTS " + AUDIT_TABLE, "DROP FUNCTION IF EXISTS " + AUDIT_FUNCTION + "()")) {
            jdbc(sql);
        }
    }

    private static void jdbc(String sql) throws SQLException {
        TestDatabase database = TestDatabase.POSTGRESQL;
        try (java.sql.Connection connection = DriverManager.getConnection(database.url("drop"),
                database.username(), database.password()); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /**
     * As for JDBC (an independent check lost a claim to {@code synchronous_commit = off} and a crash, and two
     * instances issued the same IDs): every lease write commits synchronously although the sessions do not. A
     * trigger records the setting each write ran with.
     */
    @Test
    void everyLeaseWriteCommitsSynchronouslyAlthoughTheSessionsDoNot() throws SQLException {
        jdbc("CREATE TABLE IF NOT EXISTS " + AUDIT_TABLE + " (operation VARCHAR(16), setting VARCHAR(16))");
        jdbc("CREATE OR REPLACE FUNCTION " + AUDIT_FUNCTION + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                + " INSERT INTO " + AUDIT_TABLE + " VALUES (TG_OP, current_setting('synchronous_commit'));"
                + " RETURN NEW; END $$");
        jdbc(JdbcNodeLeaseProvider.createTableStatement(DURABLE_TABLE));
        jdbc("CREATE OR REPLACE TRIGGER " + DURABLE_TABLE + "_audit BEFORE INSERT OR UPDATE ON " + DURABLE_TABLE
                + " FOR EACH ROW EXECUTE FUNCTION " + AUDIT_FUNCTION + "()");
        R2dbcNodeLeaseProvider.Builder asynchronous = R2dbcNodeLeaseProvider.builder(
                new AsynchronousCommits(connectionFactory));
        R2dbcNodeLeaseProvider provider = backgroundRenewal(databaseClock(asynchronous, clock), false)
                .tableName(DURABLE_TABLE).holderId("durable").clock(clock).leaseLength(LEASE).build();

        R2dbcNodeLease lease = (R2dbcNodeLease) provider.claim(new NodeClaim(namespace, 0, 3));
        lease.advanceHighWaterMark(MARK);
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        lease.close();

        List<String> writes = new ArrayList<>();
        TestDatabase database = TestDatabase.POSTGRESQL;
        try (java.sql.Connection connection = DriverManager.getConnection(database.url("audit"),
                database.username(), database.password()); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT operation, setting FROM " + AUDIT_TABLE)) {
            while (rows.next()) {
                writes.add(rows.getString(1) + " " + rows.getString(2));
            }
        }
        // The claim's insert writes the start mark with the row (issue 37): four writes, each durable.
        assertThat(writes).as("claim with its start mark, mark, renewal, release").hasSize(4)
                .allMatch(write -> write.endsWith(" on"));
    }

    /** Connections whose sessions commit asynchronously, as {@code ALTER ROLE ... SET synchronous_commit} does. */
    private record AsynchronousCommits(ConnectionFactory delegate) implements ConnectionFactory {

        @Override
        public Publisher<? extends Connection> create() {
            return Mono.from(delegate.create()).flatMap(connection -> Flux.from(connection
                    .createStatement("SET synchronous_commit TO off").execute()).flatMap(Result::getRowsUpdated)
                    .then(Mono.just(connection)));
        }

        @Override
        public ConnectionFactoryMetadata getMetadata() {
            return delegate.getMetadata();
        }
    }
}
