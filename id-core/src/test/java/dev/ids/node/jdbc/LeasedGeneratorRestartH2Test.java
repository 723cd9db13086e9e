package dev.ids.node.jdbc;

import static dev.ids.node.BuilderSeams.backgroundRenewal;
import static dev.ids.node.sql.TableBuilderSeams.databaseClock;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * End to end on H2: a generator takes its identity from a real JDBC lease, writes the high-water mark, and a second
 * "process" that claims the same identity after the first released it issues only later IDs, even with its clock
 * stepped back behind the first one's.
 */
class LeasedGeneratorRestartH2Test {

    private static final String TABLE = "ids_leased_generator_test";
    private static final NodeClaim CLAIM = new NodeClaim("lable.restart-test", 0, LableId.MAX_GENERATOR_ID);

    private final TestDataSource dataSource = new TestDataSource(TestDatabase.H2, getClass().getSimpleName());
    private final ManualClock clock = ManualClock.atEpochMillis(1_750_000_000_000L);

    private JdbcNodeLeaseProvider provider(String holder) {
        return backgroundRenewal(databaseClock(JdbcNodeLeaseProvider.builder(dataSource), clock), false)
                .singleProcess(true)
                .tableName(TABLE).holderId(holder).clock(clock).build();
    }

    @Test
    void aSecondProcessClaimingTheSameIdentityIssuesOnlyIdsLaterThanEveryIdOfTheFirst() {
        List<LableId> first = new ArrayList<>();
        long identity;
        long markAfterFirst;
        try (NodeLease lease = provider("process-1").claim(CLAIM)) {
            identity = lease.identity();
            // A first claim starts beyond any time a former holder whose row vanished may issue IDs for: the first
            // ID waits for it.
            LableIdGenerator generator = LableIdGenerator.builder().lease(lease).clock(clock)
                    .maxWait(Duration.ofSeconds(30)).build();
            for (int i = 0; i < 3_000; i++) {
                first.add(generator.next());
                if (i % 100 == 0) {
                    clock.advance(Duration.ofMillis(500)); // 15 s in all: several steps of the mark
                }
            }
            markAfterFirst = lease.highWaterMarkMillis();
        }
        long lastOfFirst = first.stream().mapToLong(LableId::timestampMillis).max().orElseThrow();
        assertThat(markAfterFirst).isGreaterThan(lastOfFirst);

        // The second process starts with a clock 3 s behind the first one's latest ID.
        clock.stepWallClock(Duration.ofSeconds(-3));
        try (NodeLease lease = provider("process-2").claim(CLAIM)) {
            assertThat(lease.identity()).isEqualTo(identity);
            // The orderly close lowered the mark from the reserved step to the last ID's time.
            assertThat(lease.highWaterMarkMillis()).isEqualTo(lastOfFirst);
            LableIdGenerator generator = LableIdGenerator.builder().lease(lease).clock(clock)
                    .maxWait(Duration.ofSeconds(20)).build();
            for (int i = 0; i < 100; i++) {
                LableId id = generator.next();
                assertThat(id.generatorId()).isEqualTo(identity);
                assertThat(id.timestampMillis()).isGreaterThan(lastOfFirst);
                assertThat(first).doesNotContain(id);
            }
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        try (Connection connection = new TestDataSource(TestDatabase.H2,
                LeasedGeneratorRestartH2Test.class.getSimpleName()).getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + TABLE);
        }
    }
}
