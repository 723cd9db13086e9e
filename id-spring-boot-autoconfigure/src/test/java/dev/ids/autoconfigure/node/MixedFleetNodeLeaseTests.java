package dev.ids.autoconfigure.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.IdScheme;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.NodeIdentityProvider;
import dev.ids.autoconfigure.testing.LeaseTableSeed;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableId;
import dev.ids.node.LeaseHolder;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A fleet in which some instances set their identities and others lease them from one store (a rolling migration):
 * the configured identities are held in the store, so a leasing instance never takes one and a second instance
 * configured with the same one fails. Two runners on one in-memory H2 database stand for two instances. The lease
 * table is seeded with released rows that have a past mark ({@link LeaseTableSeed}), as a claim that finds no mark
 * starts about 20 s ahead (issue 33 (3)) and these tests are about which instance holds what.
 */
class MixedFleetNodeLeaseTests {

    private static final AtomicInteger databases = new AtomicInteger();

    private static final String TABLE = "ids_mixed_fleet";

    private final String url = TestDatabase.H2.url("MixedFleet" + ProcessHandle.current().pid() + "x"
            + databases.incrementAndGet());

    /** An instance on the shared database, which it seeds as it makes its DataSource. */
    private ApplicationContextRunner instance(String... properties) {
        return unseededInstance(properties).withInitializer(LeaseTableSeed.everyDataSource());
    }

    private ApplicationContextRunner unseededInstance(String... properties) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=" + url, "ids.node.provider=jdbc",
                        "ids.node.jdbc.table-name=" + TABLE, "ids.sno.max-wait=0s", "ids.muid.enabled=false")
                .withPropertyValues(properties);
    }

    /** A configured instance: every identity set, sno partition 3 and Lable generator 3. */
    private ApplicationContextRunner configured(String... properties) {
        return instance("ids.sno.partition=3", "ids.lable.generator-id=3", "ids.trace-id.node-no=3")
                .withPropertyValues(properties);
    }

    @Test
    void aConfiguredInstanceHoldsALiveRowForItsNumberAndReleasesItWhenItStops() throws SQLException {
        configured().run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(SnoGenerator.class).next().partition()).isEqualTo(3);
            assertThat(liveHolders("sno", 3)).hasSize(1);
            assertThat(liveHolders("lable", 3)).hasSize(1);
            assertThat(liveHolders("trace-id", 3)).hasSize(1);
            assertThat(context.getBean(NodeLeases.class).leased()).hasSize(3)
                    .allSatisfy(held -> assertThat(held.lease().identity()).isEqualTo(3));
        });
        assertThat(liveHolders("sno", 3)).as("released when the context closed").isEmpty();
    }

    @Test
    void aLeasingInstanceStartedNextNeverGetsTheConfiguredNumber() throws SQLException {
        // Every Lable generator id but 3 is held by running leases: before configured ids took part, 3 was free.
        holdAllLableIdsBut(3);
        configured().run(configuredInstance -> {
            assertThat(configuredInstance).hasNotFailed();
            instance().run(leasing -> {
                assertThat(leasing).hasFailed();
                assertThat(leasing.getStartupFailure()).rootCause()
                        .isInstanceOfSatisfying(IdsConfigurationException.class, failure ->
                                assertThat(failure.getProperty()).isEqualTo("ids.lable.generator-id"));
            });
            assertThat(configuredInstance.getBean(LableIdGenerator.class).next().generatorId()).isEqualTo(3);
        });
    }

    @Test
    void aLeasingInstanceGetsANumberTheConfiguredInstanceDoesNotUse() {
        List<Long> leased = new ArrayList<>();
        configured().run(configuredInstance -> instance().run(leasing -> {
            assertThat(leasing).hasNotFailed();
            leased.add((long) leasing.getBean(SnoGenerator.class).next().partition());
            leased.add((long) leasing.getBean(LableIdGenerator.class).next().generatorId());
        }));
        assertThat(leased).hasSize(2).doesNotContain(3L);
    }

    @Test
    void aSecondInstanceConfiguredWithTheSameNumberFailsNamingThePropertyAndTheHolder() {
        // The second instance fails once it has seen the first renew (whose period is shortened here).
        configured("ids.node.jdbc.renewal-period=1s").run(first -> {
            String holder = liveHolders("sno", 3).get(0);
            instance("ids.sno.partition=3", "ids.lable.generator-id=4", "ids.trace-id.node-no=4").run(second -> {
                assertThat(second).hasFailed();
                assertThat(second.getStartupFailure()).rootCause()
                        .as("a failure an orchestrator's restart may outlive, told by its type")
                        .isInstanceOf(ConfiguredIdentityInUseException.class);
                assertThat(second.getStartupFailure()).rootCause()
                        .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                            assertThat(failure.getProperty()).isEqualTo("ids.sno.partition");
                            assertThat(failure.getValue()).isEqualTo(3L);
                            assertThat(failure.getProblem()).contains(holder).contains("namespace 'sno'");
                            assertThat(failure.getAction()).contains("ids.sno.partition");
                        });
            });
            assertThat(liveHolders("sno", 3)).as("the first instance keeps its identity").containsExactly(holder);
        });
    }

    /**
     * A previous run of the instance, killed: its row is still live (its lease has 25 s to run), but it was last
     * renewed 35 s ago, more than a renewal period and the grace (12 s here): a restart watches the row for those
     * 12 s, sees it unchanged, and takes the identity over rather than fail until the lease expires plus the grace (a
     * crash loop), and issues IDs only after its mark.
     */
    @Test
    void aConfiguredIdentityLeftHeldByAKilledRunIsTakenOverAfterWatchingItsRowAndIdsStartAfterItsMark()
            throws SQLException {
        Duration took = takeOverAtStartUp("killed-run", 25_000, "ids.node.jdbc.renewal-period=2s");
        assertThat(took).as("watching the row for the renewal period and the grace, not waiting for the expiry")
                .isBetween(Duration.ofSeconds(12), Duration.ofSeconds(25));
    }

    /**
     * A holder whose lease is much shorter than this instance's renews often, and its row's expiry then always looks
     * like a holder silent for this instance's silence: only watching the row tells that it is alive.
     */
    @Test
    void aRunningHolderWithAShorterLeaseIsNotTakenOverByAnInstanceWithALongerOne() {
        configured("ids.node.jdbc.lease-length=15s").run(first -> {
            assertThat(first).hasNotFailed();
            String holder = liveHolders("sno", 3).get(0);
            configured("ids.node.jdbc.lease-length=120s", "ids.node.jdbc.reclaim-grace=60s").run(second -> {
                assertThat(second).as("it saw the first renew").hasFailed();
                assertThat(second.getStartupFailure()).rootCause().isInstanceOf(IdsConfigurationException.class)
                        .isInstanceOf(ConfiguredIdentityInUseException.class);
            });
            assertThat(liveHolders("sno", 3)).as("the first instance keeps its identity").containsExactly(holder);
        });
    }

    /**
     * A restart on the same host (a service restarted after kill -9) finds its identity held by its former run, a
     * process of this boot and PID namespace that has ended: taken over at once, not after watching the holder for
     * the silence (30 s by default), even though the row was renewed a moment ago.
     */
    @Test
    void aConfiguredIdentityHeldByAnEndedProcessOfThisHostIsTakenOverWithoutWaiting() throws Exception {
        Process former = new ProcessBuilder("true").start();
        former.waitFor();
        // This process's holder id, with its process token (this boot and PID namespace), names the ended process.
        String holder = LeaseHolder.ofThisProcess().id().replaceFirst("/pid \\d+/", "/pid " + former.pid() + "/");
        Assumptions.assumeTrue(holder.contains("/pid " + former.pid() + "/"), "no process token here (not Linux?)");
        Duration took = takeOverAtStartUp(holder, 60_000);
        assertThat(took).as("not watching the ended holder for 30 s").isLessThan(Duration.ofSeconds(10));
    }

    /**
     * Starts an instance configured with partition 3, which a row of {@code holder} holds, renewed long enough ago
     * that its lease has {@code leftMillis} to run and its mark 1.5 s ahead; asserts that the instance took the
     * identity over and issues IDs after that mark.
     *
     * @return how long the start-up and the first ID took
     */
    private Duration takeOverAtStartUp(String holder, long leftMillis, String... properties) throws SQLException {
        long now = System.currentTimeMillis();
        long mark = now + 1_500;
        try (Connection connection = DriverManager.getConnection(url, "sa", ""); Statement statement =
                connection.createStatement()) {
            statement.execute(JdbcNodeLeaseProvider.createTableStatement(TABLE));
            statement.executeUpdate("INSERT INTO " + TABLE + " (namespace, node_id, holder, expires_at, "
                    + "high_water_mark) VALUES ('sno', 3, '" + holder + "#1', " + (now + leftMillis) + ", " + mark
                    + ")");
        }
        long began = System.nanoTime();
        configured("ids.sno.max-wait=5s").withPropertyValues(properties).run(context -> {
            assertThat(context).hasNotFailed();
            Sno first = context.getBean(SnoGenerator.class).next();
            assertThat(first.partition()).isEqualTo(3);
            assertThat(first.timestamp()).isAfter(Instant.ofEpochMilli(mark));
            assertThat(liveHolders("sno", 3)).singleElement().asString().doesNotStartWith(holder);
        });
        return Duration.ofNanos(System.nanoTime() - began);
    }

    @Test
    void anIdentityFromANodeIdentityProviderBeanIsHeldInTheStoreLikeAConfiguredOne() throws SQLException {
        NodeIdentityProvider partitionFive = request -> request.scheme() == IdScheme.SNO ? OptionalLong.of(5)
                : OptionalLong.empty();
        instance("ids.node.jdbc.renewal-period=1s").withBean(NodeIdentityProvider.class, () -> partitionFive)
                .run(first -> {
            assertThat(first).hasNotFailed();
            assertThat(first.getBean(SnoGenerator.class).next().partition()).isEqualTo(5);
            assertThat(liveHolders("sno", 5)).hasSize(1);
            instance().withBean(NodeIdentityProvider.class, () -> partitionFive).run(second -> {
                assertThat(second).hasFailed();
                assertThat(second.getStartupFailure()).rootCause()
                        .as("a failure an orchestrator's restart may outlive, told by its type")
                        .isInstanceOf(ConfiguredIdentityInUseException.class);
                assertThat(second.getStartupFailure()).rootCause()
                        .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                            assertThat(failure.getProperty()).isEqualTo("ids.sno.partition");
                            assertThat(failure.getValue()).isEqualTo(5L);
                        });
            });
        });
        assertThat(liveHolders("sno", 5)).as("released when the context closed").isEmpty();
    }

    @Test
    void aConfiguredIdentityTakenOverIsFencedAndClaimedAgainLikeALease() {
        configured("ids.node.reclaim-period=20ms", "ids.node.jdbc.lease-length=5s",
                "ids.node.jdbc.renewal-period=50ms").run(context -> {
                    SnoGenerator sno = context.getBean(SnoGenerator.class);
                    assertThat(sno.next().partition()).isEqualTo(3);
                    update("UPDATE " + TABLE + " SET holder = 'other', expires_at = "
                            + (System.currentTimeMillis() + 60_000) + " WHERE namespace = 'sno' AND node_id = 3");
                    awaitTrue("the generator is fenced", () -> refuses(sno));
                    assertThatThrownBy(sno::next).isInstanceOf(IdGenerationException.class)
                            .hasMessageContaining("lease is not held");

                    update("UPDATE " + TABLE + " SET expires_at = 0 WHERE namespace = 'sno' AND node_id = 3");
                    awaitTrue("the identity is held again", () -> !refuses(sno));
                    assertThat(sno.next().partition()).isEqualTo(3);
                });
    }

    private static boolean refuses(SnoGenerator sno) {
        try {
            sno.next();
            return false;
        } catch (IdGenerationException ex) {
            return true;
        }
    }

    private void update(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
                Statement statement = connection.createStatement()) {
            assertThat(statement.executeUpdate(sql)).isEqualTo(1);
        }
    }

    private static void awaitTrue(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - end).as("timed out waiting until " + what).isNegative();
            Thread.sleep(10);
        }
    }

    @Test
    void withTheStaticProviderNothingIsWritten() {
        // Not seeded: the seed would create the table this test expects no one to write.
        unseededInstance("ids.sno.partition=3", "ids.lable.generator-id=3", "ids.trace-id.node-no=3",
                "ids.node.provider=static").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(SnoGenerator.class).next().partition()).isEqualTo(3);
            assertThat(context.getBean(NodeLeases.class).leased()).isEmpty();
            assertThat(tableExists()).isFalse();
        });
    }

    private void holdAllLableIdsBut(int free) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, "sa", ""); Statement statement =
                connection.createStatement()) {
            statement.execute(JdbcNodeLeaseProvider.createTableStatement(TABLE));
            for (int id = 0; id <= LableId.MAX_GENERATOR_ID; id++) {
                if (id != free) {
                    statement.executeUpdate("INSERT INTO " + TABLE + " (namespace, node_id, holder, expires_at, "
                            + "high_water_mark) VALUES ('lable', " + id + ", 'elsewhere#" + id + "', "
                            + (System.currentTimeMillis() + 3_600_000L) + ", 0)");
                }
            }
        }
    }

    /** The holders of live rows for an identity (released rows have {@code expires_at = 0}). */
    private List<String> liveHolders(String namespace, long identity) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, "sa", ""); PreparedStatement select =
                connection.prepareStatement("SELECT holder FROM " + TABLE
                        + " WHERE namespace = ? AND node_id = ? AND expires_at > 0")) {
            select.setString(1, namespace);
            select.setLong(2, identity);
            List<String> holders = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    holders.add(rows.getString(1));
                }
            }
            return holders;
        }
    }

    private boolean tableExists() throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, "sa", ""); ResultSet tables =
                connection.getMetaData().getTables(null, null, TABLE.toUpperCase(), null)) {
            return tables.next();
        }
    }
}
