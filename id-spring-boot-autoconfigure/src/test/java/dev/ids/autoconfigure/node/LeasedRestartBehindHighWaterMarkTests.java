package dev.ids.autoconfigure.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.ids.IdGenerationException;
import dev.ids.autoconfigure.IdGeneratorBuilderCustomizer;
import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.autoconfigure.IdGeneratorStatistics;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.testing.LeaseTableSeed;
import dev.ids.clock.ManualClock;
import dev.ids.event.WaitCause;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import dev.ids.node.sql.LeaseTableSettings;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Issue 5, "a restart with the clock set behind the high-water mark: no ID is issued until the clock passes it",
 * through the starter: an application leases its sno partition from its database, issues IDs while its clock runs
 * on, stops, and starts again on the same database with its clock set back behind the mark the first run wrote.
 *
 * <p>The generators' clock starts {@link #BEHIND} behind the real one, and the lease table holds a released sno row
 * whose mark lies a second before that clock (the other namespaces' rows are seeded by {@link LeaseTableSeed}): a
 * claim that finds no mark would start about 20 s ahead of the real clock (issue 33 (3)). The marks the first run
 * writes then stay behind the real clock too, so the starter's start-up wait (LeaseStartWait, on the real clock) has
 * nothing to wait for at the restart, and the test's clock alone meets the mark the first run left.
 */
class LeasedRestartBehindHighWaterMarkTests {

    private static final AtomicInteger databases = new AtomicInteger();

    /** How far the generators' clock starts behind the real one: well beyond the first run's 30 s and a step. */
    private static final Duration BEHIND = Duration.ofMinutes(2);

    private final ManualClock clock = ManualClock.at(Instant.now().minus(BEHIND));

    /** One database for both runs of the application, seeded; the generators run on the test's clock. */
    private ApplicationContextRunner application(String maxWait) throws SQLException {
        String url = TestDatabase.H2.url("LeasedRestartBehindMark" + databases.incrementAndGet());
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
                Statement statement = connection.createStatement()) {
            statement.execute(JdbcNodeLeaseProvider.createTableStatement(LeaseTableSettings.DEFAULT_TABLE_NAME));
            statement.executeUpdate("INSERT INTO " + LeaseTableSettings.DEFAULT_TABLE_NAME + " (namespace, node_id, "
                    + "holder, expires_at, high_water_mark) VALUES ('sno', 0, 'seed', 0, "
                    + (clock.instant().toEpochMilli() - 1_000) + ")");
        }
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=" + url, "ids.node.provider=jdbc",
                        "ids.sno.max-wait=" + maxWait)
                .withBean(IdGeneratorBuilderCustomizer.class,
                        () -> (name, scheme, builder) -> builder.clock(clock))
                .withInitializer(LeaseTableSeed.everyDataSource());
    }

    private static long mark(AssertableApplicationContext context) {
        return context.getBean(NodeLeases.class).leased().stream()
                .filter(leased -> leased.generatorName().equals("snoGenerator")).findFirst().orElseThrow()
                .lease().highWaterMarkMillis();
    }

    /** The first run: 3,000 IDs over 30 s of its clock, so the mark moves on several times. */
    private List<Sno> firstRun(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        SnoGenerator generator = context.getBean(SnoGenerator.class);
        List<Sno> issued = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            issued.add(generator.next());
            if (i % 100 == 99) {
                clock.advance(Duration.ofSeconds(1));
            }
        }
        return issued;
    }

    @Test
    void afterARestartWithTheClockBehindTheMarkNoIdIsIssuedUntilTheClockPassesIt() throws SQLException {
        ApplicationContextRunner application = application("0s");
        List<Sno> first = new ArrayList<>();
        application.run(context -> first.addAll(firstRun(context)));
        Instant lastOfFirst = first.get(first.size() - 1).timestamp();

        clock.setWallClock(lastOfFirst.minusSeconds(20)); // an NTP step back, or a restored VM snapshot
        application.run(context -> {
            assertThat(context).hasNotFailed();
            SnoGenerator generator = context.getBean(SnoGenerator.class);
            long mark = mark(context);
            assertThat(mark).as("the mark the restarted application found").isGreaterThanOrEqualTo(
                    lastOfFirst.toEpochMilli());
            assertThat(generator.partition()).as("the partition leased again")
                    .isEqualTo(first.get(0).partition());

            assertThatExceptionOfType(IdGenerationException.class).as("an ID with the clock 20 s behind the mark")
                    .isThrownBy(generator::next).withMessageContaining("behind the high-water mark")
                    .withMessageContaining("until the clock passes the mark");
            clock.setWallClock(Instant.ofEpochMilli(mark));
            assertThatExceptionOfType(IdGenerationException.class).as("an ID with the clock at the mark")
                    .isThrownBy(generator::next);

            clock.setWallClock(Instant.ofEpochMilli(mark + 50));
            Sno next = generator.next();
            assertThat(next.timestamp().toEpochMilli()).as("the first ID once the clock passed the mark")
                    .isGreaterThan(mark);
            assertThat(next).isGreaterThan(first.get(first.size() - 1));
            assertThat(first).doesNotContain(next);
        });
    }

    @Test
    void withALongEnoughMaxWaitTheFirstCallAfterTheRestartWaitsForTheMarkInsteadOfFailing() throws SQLException {
        ApplicationContextRunner application = application("1m");
        List<Sno> first = new ArrayList<>();
        application.run(context -> first.addAll(firstRun(context)));
        Instant lastOfFirst = first.get(first.size() - 1).timestamp();

        clock.setWallClock(lastOfFirst.minusSeconds(20));
        application.run(context -> {
            assertThat(context).hasNotFailed();
            long mark = mark(context);
            Sno next = context.getBean(SnoGenerator.class).next(); // the test clock moves on while it waits

            assertThat(next.timestamp().toEpochMilli()).isGreaterThan(mark);
            assertThat(clock.instant().toEpochMilli()).as("the clock after the wait").isGreaterThan(mark);
            assertThat(first).doesNotContain(next);
            IdGeneratorStatistics statistics = context.getBean(IdGeneratorRegistry.class).registrations().stream()
                    .filter(registration -> registration.name().equals("snoGenerator")).findFirst().orElseThrow()
                    .statistics();
            assertThat(statistics.waitCount(WaitCause.LEASE_MARK)).as("a wait for the mark").isPositive();
            assertThat(statistics.totalWait(WaitCause.LEASE_MARK)).isGreaterThan(Duration.ofSeconds(20));
            assertThat(statistics.regressionCount()).as("not a clock regression").isZero();
            assertThat(statistics.overflowCount()).as("not a sequence overflow").isZero();
            assertThat(statistics.waitCount(WaitCause.CLOCK_REGRESSION)).isZero();
        });
    }
}
