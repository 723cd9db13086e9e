package dev.ids.autoconfigure.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.actuate.IdGeneratorsHealthIndicator;
import dev.ids.autoconfigure.metrics.IdGeneratorMeterBinder;
import dev.ids.autoconfigure.testing.LeaseTableSeed;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.MuidGenerator;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import dev.ids.node.sql.LeaseStoreRules;
import dev.ids.node.sql.LeaseTableSettings;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.SeededLeaseRows;
import dev.ids.testing.TestDatabase;
import dev.ids.traceid.TraceIdGenerator;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import javax.sql.DataSource;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Node identities leased from the application's database: chosen automatically, distinct, released, fenced. Each
 * database's lease table is seeded with released rows that have a past mark ({@link LeaseTableSeed}): a claim that
 * finds no mark starts about 20 s ahead (issue 33 (3)), which LeaseStartWaitTests covers, and these tests are about
 * other things.
 */
@ExtendWith(OutputCaptureExtension.class)
class JdbcNodeLeaseAutoConfigurationTests {

    private static final AtomicInteger databases = new AtomicInteger();

    /**
     * A runner on a fresh H2 file database of its own (a file, as a private in-memory database is refused in auto
     * mode; writing each commit at once, as a file with H2's write delay is refused); runs of one runner share it.
     */
    private static ApplicationContextRunner onNewDatabase() {
        return onDatabase(newDatabaseUrl());
    }

    private static String newDatabaseUrl() {
        return "jdbc:h2:file:./target/jdbc-lease-auto/" + ProcessHandle.current().pid() + "-"
                + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1;WRITE_DELAY=0";
    }

    /** A runner on a database whose lease table is seeded as each context makes its DataSource. */
    private static ApplicationContextRunner onDatabase(String url) {
        return onUnseededDatabase(url).withInitializer(LeaseTableSeed.everyDataSource());
    }

    private static ApplicationContextRunner onUnseededDatabase(String url) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=" + url, "ids.sno.max-wait=0s");
    }

    private static ApplicationContextRunner onNewInMemoryDatabase() {
        return onDatabase(TestDatabase.H2.url("JdbcNodeLeaseAutoConfigurationMem" + databases.incrementAndGet()));
    }

    @Test
    void autoChosenOnAPrivateInMemoryDatabaseFailsNamingTheProviderPropertyAndTheIdentityProperties() {
        onNewInMemoryDatabase().run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause()
                    .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                        assertThat(failure.getProperty()).isEqualTo("ids.node.provider");
                        assertThat(failure.getProblem()).contains("jdbc:h2:mem:")
                                .contains("private in-memory database");
                        assertThat(failure.getAction()).contains("ids.node.provider=jdbc")
                                .contains("spring.datasource.url").contains("ids.node.zookeeper.connect-string")
                                .contains("ids.sno.partition").contains("ids.lable.generator-id")
                                .contains("ids.trace-id.node-no");
                    });
        });
    }

    @Test
    void explicitJdbcOnAPrivateInMemoryDatabaseLeasesAsAsked() {
        onNewInMemoryDatabase().withPropertyValues("ids.node.provider=jdbc")
                .run(context -> assertThat(partition(context)).isZero());
    }

    @Test
    void anApplicationsOwnProviderOnAPrivateInMemoryDatabaseIsRefusedByTheStoreUnlessItSaysSingleProcess()
            throws Exception {
        JdbcDataSource store = new JdbcDataSource();
        store.setURL(TestDatabase.H2.url("JdbcNodeLeaseOwnMem" + databases.incrementAndGet()));
        seed(store);
        ApplicationContextRunner runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("ids.sno.max-wait=0s");
        runner.withBean(NodeLeaseProvider.class, () -> JdbcNodeLeaseProvider.builder(store).build()).run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause()
                    .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                        assertThat(failure.getProperty()).isEqualTo("ids.node.provider");
                        assertThat(failure.getProblem()).contains("jdbc:h2:mem:", "private in-memory database");
                        assertThat(failure.getAction()).contains("singleProcess(true)", "ids.node.provider=static",
                                "ids.sno.partition");
                    });
        });
        runner.withBean(NodeLeaseProvider.class, () -> JdbcNodeLeaseProvider.builder(store).singleProcess(true)
                .build()).run(context -> assertThat(partition(context)).isZero());
    }

    @Test
    void aPrivateInMemoryDatabaseWithEveryIdentitySetNeedsNoLease() {
        onNewInMemoryDatabase().withPropertyValues("ids.sno.partition=3", "ids.lable.generator-id=4",
                "ids.trace-id.node-no=5").run(context -> {
                    assertThat(partition(context)).isEqualTo(3);
                    assertThat(context.getBean(NodeLeases.class).leased()).isEmpty();
                });
    }

    @Test
    void onlyInMemoryUrlsReachableByThisProcessAloneCountAsPrivate() {
        assertThat(LeaseStoreRules.isPrivateInMemory("jdbc:h2:mem:test;DB_CLOSE_DELAY=-1")).isTrue();
        assertThat(LeaseStoreRules.isPrivateInMemory("jdbc:hsqldb:mem:testdb")).isTrue();
        assertThat(LeaseStoreRules.isPrivateInMemory("jdbc:derby:memory:demo;create=true")).isTrue();
        assertThat(LeaseStoreRules.isPrivateInMemory("jdbc:h2:tcp://db-host/mem:shared")).isFalse();
        assertThat(LeaseStoreRules.isPrivateInMemory("jdbc:h2:file:./ids;AUTO_SERVER=TRUE")).isFalse();
        assertThat(LeaseStoreRules.isPrivateInMemory("jdbc:postgresql://127.0.0.1:5432/test")).isFalse();
        assertThat(LeaseStoreRules.isPrivateInMemory(null)).isFalse();
    }

    @Test
    void onlyEmbeddedH2FilesAreAskedForTheirWriteDelay() {
        assertThat(LeaseStoreRules.isEmbeddedH2File("jdbc:h2:file:./ids")).isTrue();
        assertThat(LeaseStoreRules.isEmbeddedH2File("jdbc:h2:file:./ids;AUTO_SERVER=TRUE")).isTrue();
        assertThat(LeaseStoreRules.isEmbeddedH2File("JDBC:H2:./ids")).as("a bare path").isTrue();
        assertThat(LeaseStoreRules.isEmbeddedH2File("jdbc:h2:~/ids")).isTrue();
        assertThat(LeaseStoreRules.isEmbeddedH2File("jdbc:h2:tcp://db-host/./ids")).as("the server's concern").isFalse();
        assertThat(LeaseStoreRules.isEmbeddedH2File("jdbc:h2:ssl://db-host/~/ids")).isFalse();
        assertThat(LeaseStoreRules.isEmbeddedH2File("jdbc:h2:mem:ids")).isFalse();
        assertThat(LeaseStoreRules.isEmbeddedH2File("jdbc:postgresql://127.0.0.1:5432/test")).isFalse();
        assertThat(LeaseStoreRules.isEmbeddedH2File(null)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {";DB_CLOSE_DELAY=-1", ";AUTO_SERVER=TRUE"})
    void anH2FileThatAcknowledgesCommitsBeforeWritingThemIsRefusedNamingWriteDelayAndTheProvider(String settings) {
        String url = "jdbc:h2:file:./target/jdbc-lease-auto/" + ProcessHandle.current().pid() + "-"
                + databases.incrementAndGet() + settings;
        onDatabase(url).run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause()
                    .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                        assertThat(failure.getProperty()).isEqualTo("ids.node.provider");
                        assertThat(failure.getProblem()).contains(url.substring(0, url.indexOf(';')))
                                .contains("write delay")
                                .contains("acknowledges a commit before it writes it");
                        assertThat(failure.getAction()).contains(";WRITE_DELAY=0").contains("spring.datasource.url")
                                .contains("ids.node.provider=zookeeper").contains("ids.node.provider=static");
                    });
        });
        onDatabase(url).withPropertyValues("ids.node.provider=jdbc").run(context -> {
            assertThat(context).as("chosen explicitly, the file loses commits all the same").hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("ids.node.provider = jdbc")
                    .hasMessageContaining("WRITE_DELAY=0");
        });
        onDatabase(url + ";WRITE_DELAY=0").run(context -> assertThat(partition(context)).isZero());
    }

    /** Seeds the default lease table of a store that is no bean of the context. */
    private static void seed(DataSource store) throws java.sql.SQLException {
        try (Connection connection = store.getConnection()) {
            SeededLeaseRows.seed(connection, LeaseTableSettings.DEFAULT_TABLE_NAME);
        }
    }

    private static long partition(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        return context.getBean(SnoGenerator.class).next().partition();
    }

    @Test
    void withADataSourceAndNothingConfiguredEachContextLeasesItsOwnIdentities(CapturedOutput output) {
        ApplicationContextRunner runner = onNewDatabase();
        runner.run(first -> runner.run(second -> {
            assertThat(partition(first)).isZero();
            assertThat(partition(second)).isEqualTo(1);
            assertThat(first.getBean(TraceIdGenerator.class).next().nodeNo()).as("elfo's 0 is 'unknown'")
                    .isEqualTo(1);
            assertThat(second.getBean(TraceIdGenerator.class).next().nodeNo()).isEqualTo(2);
            assertThat(first.getBean(LableIdGenerator.class).generatorId()).isZero();
            assertThat(second.getBean(LableIdGenerator.class).generatorId()).isEqualTo(1);
            assertThat(first.getBean(MuidGenerator.class).isMedallionRandom())
                    .as("auto mode keeps the muid specification's random medallion").isTrue();
            assertThat(first.getBean(NodeLeases.class).leased()).extracting(LeasedIdentity::generatorName)
                    .containsExactly("lableIdGenerator", "snoGenerator", "traceIdGenerator");
        }));
        assertThat(output).contains("lease their node identities from jdbc (table ids_node_lease in the HikariDataSource")
                .contains("at jdbc:h2:file:")
                .contains("chosen because ids.node.provider is unset");
    }

    /** The threads alive now that the starter's leases run (renewers and re-claimers: {@code ids-node-lease-*}). */
    static java.util.Set<Thread> leaseThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.isAlive() && thread.getName().startsWith("ids-node-lease-"))
                .collect(java.util.stream.Collectors.toSet());
    }

    /** Waits a little for threads told to stop; returns those still alive. */
    static java.util.List<String> stillAlive(java.util.Set<Thread> threads) throws InterruptedException {
        for (Thread thread : threads) {
            thread.join(5_000);
        }
        return threads.stream().filter(Thread::isAlive).map(Thread::getName).toList();
    }

    @Test
    void closingTheContextStopsItsLeaseThreads() throws InterruptedException {
        java.util.Set<Thread> before = leaseThreads();
        java.util.Set<Thread> started = new java.util.HashSet<>();
        onNewDatabase().run(context -> {
            assertThat(context).hasNotFailed();
            started.addAll(leaseThreads());
            started.removeAll(before);
        });
        assertThat(started).extracting(Thread::getName).as("a renewer and a re-claimer per leased generator")
                .anyMatch(name -> name.startsWith("ids-node-lease-reclaim-sno-"))
                .anyMatch(name -> name.startsWith("ids-node-lease-sno-"))
                .hasSize(6);
        assertThat(stillAlive(started)).isEmpty();
    }

    @Test
    void bootsDefaultPoolWithTheDefaultLeaseStartsWithoutAWarning(CapturedOutput output) {
        onNewDatabase().run(context -> assertThat(partition(context)).isZero());
        assertThat(output).contains("lease their node identities from jdbc").doesNotContain("WARN")
                .doesNotContain("connection timeout (");
    }

    @Test
    void aPoolWhoseConnectionTimeoutOutlastsTheRenewalWindowIsWarnedAbout(CapturedOutput output) {
        onNewDatabase().withPropertyValues("spring.datasource.hikari.connection-timeout=45000")
                .run(context -> assertThat(partition(context)).isZero());
        assertThat(output).contains("connection timeout (45000 ms) is not shorter than the 40000 ms between a lease's "
                + "renewal and its expiry").contains("spring.datasource.hikari.connection-timeout")
                .contains("NodeLeaseProvider bean");
    }

    @Test
    void aShortLeaseWithBootsDefaultPoolIsWarnedAboutNamingTheLeaseProperties(CapturedOutput output) {
        onNewDatabase().withPropertyValues("ids.node.jdbc.lease-length=30s")
                .run(context -> assertThat(partition(context)).isZero());
        assertThat(output).contains("connection timeout (30000 ms) is not shorter than the 20000 ms")
                .contains("ids.node.jdbc.lease-length PT30S").contains("ids.node.jdbc.renewal-period PT10S");
    }

    @Test
    void aPoolWhoseConnectionTimeoutFitsTheRenewalWindowIsNotWarnedAbout(CapturedOutput output) {
        onNewDatabase().withPropertyValues("spring.datasource.hikari.connection-timeout=5000")
                .run(context -> assertThat(partition(context)).isZero());
        assertThat(output).contains("lease their node identities from jdbc").doesNotContain("connection timeout (");
    }

    @Test
    void closingTheContextReleasesItsIdentities() {
        ApplicationContextRunner runner = onNewDatabase();
        runner.run(first -> runner.run(second -> assertThat(partition(second)).isEqualTo(1)));
        runner.run(third -> assertThat(partition(third)).as("0 and 1 were released").isZero());
    }

    @Test
    void aPropertyWinsOverTheLeaseAndIsHeldInTheStoreLikeOne() {
        // 7, not the 0 a lease would take, and within the seeded identities (so its claim finds a mark)
        onNewDatabase().withPropertyValues("ids.sno.partition=7").run(context -> {
            assertThat(partition(context)).isEqualTo(7);
            assertThat(context.getBean(NodeLeases.class).leased())
                    .filteredOn(held -> held.generatorName().equals("snoGenerator")).singleElement()
                    .satisfies(held -> assertThat(held.lease().identity()).isEqualTo(7));
            assertThat(context.getBean(NodeLeases.class).leased()).extracting(LeasedIdentity::generatorName)
                    .contains("traceIdGenerator");
        });
    }

    @Test
    void staticProviderIgnoresTheDataSourceAndFailsAsWithoutOne() {
        onNewDatabase().withPropertyValues("ids.node.provider=static").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IdsConfigurationException.class)
                    .hasMessageContaining("is not set");
        });
    }

    @Test
    void explicitJdbcLeasesMuidMedallionsAndNamedGeneratorsShareTheSchemesNamespace() {
        onNewDatabase().withPropertyValues("ids.node.provider=jdbc", "ids.node.jdbc.table-name=ids_lease_named",
                "ids.sno.named.payments.max-wait=0s").run(context -> {
                    assertThat(context).hasNotFailed();
                    MuidGenerator muid = context.getBean(MuidGenerator.class);
                    assertThat(muid.isMedallionRandom()).isFalse();
                    assertThat(muid.medallion()).as("leased medallions start at 1").isEqualTo(1);
                    assertThat(partition(context)).isZero();
                    assertThat(context.getBean("paymentsSnoGenerator", SnoGenerator.class).next().partition())
                            .as("one namespace per scheme: two generators never share a partition").isEqualTo(1);
                });
    }

    @Test
    void muidMedallionsAreClaimedFrom1To65535BecauseTheShortFormsDropAZeroMedallion() throws Exception {
        java.util.List<NodeClaim> claims = new java.util.concurrent.CopyOnWriteArrayList<>();
        JdbcDataSource store = new JdbcDataSource();
        store.setURL(TestDatabase.H2.url("JdbcNodeLeaseClaimedRanges"));
        seed(store);
        NodeLeaseProvider jdbc = JdbcNodeLeaseProvider.builder(store).singleProcess(true).build();
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
                .withBean(NodeLeaseProvider.class, () -> claim -> {
                    claims.add(claim);
                    return jdbc.claim(claim);
                }).run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(MuidGenerator.class).medallion()).isEqualTo(1);
                });
        assertThat(claims).filteredOn(claim -> claim.namespace().equals("muid"))
                .containsExactly(new NodeClaim("muid", 1, 65_535));
    }

    @Test
    void aLeasedMuidMedallionLiesBelowTheSpecificationsRandomRangeAndTheDepartureIsLogged(CapturedOutput output) {
        onNewDatabase().withPropertyValues("ids.node.provider=jdbc").run(context -> {
            MuidGenerator muid = context.getBean(MuidGenerator.class);
            assertThat(muid.medallion()).isLessThan(0x10000000000L);
            assertThat(muid.next().medallion()).isEqualTo(muid.medallion());
        });
        assertThat(output).contains("muid generator 'muidGenerator' uses the leased medallion 1, below the muid "
                + "specification's random range [0x10000000000, 0x1FFFFFFFFFF]").contains("never equals a random medallion");
    }

    @Test
    void explicitJdbcWithoutADataSourceFailsNamingTheProperty() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("ids.node.provider=jdbc").run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause()
                            .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                                assertThat(failure.getProperty()).isEqualTo("ids.node.provider");
                                assertThat(failure.getProblem()).contains("DataSource");
                            });
                });
    }

    /**
     * A database that cannot be reached at start-up is the store's fault: the report is headed by the provider, says
     * where the database is configured, and does not suggest freeing an identity or setting one.
     */
    @ParameterizedTest
    @ValueSource(strings = {"ids.node.provider=auto", "ids.node.provider=jdbc", "ids.sno.partition=7"})
    void aDatabaseThatCannotBeReachedAtStartUpFailsNamingTheStoreAndWhereItIsConfigured(String setting)
            throws Exception {
        int nothingListens;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            nothingListens = socket.getLocalPort();
        }
        // Not seeded: the seed could not reach the database either, and would fail the start-up first.
        onUnseededDatabase("jdbc:postgresql://127.0.0.1:" + nothingListens + "/test")
                .withPropertyValues(setting, "spring.datasource.hikari.connection-timeout=250").run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause()
                            .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                                assertThat(failure.getProperty()).isEqualTo("ids.node.provider");
                                assertThat(failure.getValue()).as("the property as set").isEqualTo(
                                        setting.startsWith("ids.node.provider=") ? setting.substring(18) : null);
                                assertThat(failure.getProblem()).contains("the store cannot be reached")
                                        .contains("127.0.0.1:" + nothingListens)
                                        .as("the connection failed, not the table's creation")
                                        .doesNotContain("Could not create");
                                assertThat(failure.getAction()).startsWith("Start the lease store")
                                        .contains("spring.datasource.url").doesNotContain("stop an instance");
                            });
                });
    }

    @Test
    void nothingToLeaseFromFailsNamingThePropertiesToSet() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5").run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause()
                            .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                                assertThat(failure.getProperty()).isEqualTo("ids.sno.partition");
                                assertThat(failure.getAction()).contains("ids.sno.partition")
                                        .contains("ids.node.provider=jdbc")
                                        .contains("ids.node.zookeeper.connect-string");
                            });
                });
    }

    @Test
    void badLeaseSettingFailsNamingIt() {
        // Not seeded: the seed would refuse the table's name before the starter does.
        onUnseededDatabase(newDatabaseUrl()).withPropertyValues("ids.node.jdbc.table-name=no such table")
                .run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOfSatisfying(
                    IdsConfigurationException.class,
                    failure -> assertThat(failure.getProperty()).isEqualTo("ids.node.jdbc.table-name"));
        });
    }

    @Test
    void aLeaseNotHeldTurnsHealthDownZeroesTheGaugeAndTheGeneratorRefuses() {
        onNewDatabase().run(context -> {
            assertThat(partition(context)).isZero();
            IdGeneratorRegistry registry = context.getBean(IdGeneratorRegistry.class);
            IdGeneratorsHealthIndicator health = new IdGeneratorsHealthIndicator(registry);
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            new IdGeneratorMeterBinder(registry).bindTo(meters);
            assertThat(health.health().getStatus()).isEqualTo(Status.UP);
            assertThat(meters.get("ids.node.lease.held").tag("generator", "snoGenerator").gauge().value())
                    .isEqualTo(1);

            NodeLease lease = context.getBean(NodeLeases.class).leased().stream()
                    .filter(leased -> leased.generatorName().equals("snoGenerator")).findFirst().orElseThrow()
                    .lease();
            lease.close(); // what a lapsed renewal does to the generator: it no longer holds its identity

            assertThatThrownBy(() -> context.getBean(SnoGenerator.class).next())
                    .isInstanceOf(IdGenerationException.class).hasMessageContaining("lease is not held");
            Health down = health.health();
            assertThat(down.getStatus()).isEqualTo(Status.DOWN);
            @SuppressWarnings("unchecked")
            Map<String, Object> sno = (Map<String, Object>) down.getDetails().get("snoGenerator");
            assertThat(sno.get("problem").toString()).contains("lease on node identity 0").contains("jdbc");
            assertThat(sno.get("lease")).asInstanceOf(InstanceOfAssertFactories.MAP)
                    .containsAllEntriesOf(Map.of("identity", 0L, "namespace", "sno",
                            "provider", context.getBean(NodeLeases.class).description(), "held", false,
                            "remaining", "PT0S", "reclaims", 0L));
            assertThat(meters.get("ids.node.lease.held").tag("generator", "snoGenerator").gauge().value())
                    .isZero();
            assertThat(meters.get("ids.node.lease.held").tag("generator", "traceIdGenerator").gauge().value())
                    .isEqualTo(1);
        });
    }

    @Test
    void aLeaseTakenOverIsFencedWithHealthDownAndClaimedAgainWithoutARestart() {
        onNewDatabase().withPropertyValues("ids.node.reclaim-period=20ms", "ids.node.jdbc.lease-length=5s",
                "ids.node.jdbc.renewal-period=50ms").run(context -> {
            assertThat(partition(context)).isZero();
            IdGeneratorRegistry registry = context.getBean(IdGeneratorRegistry.class);
            IdGeneratorsHealthIndicator health = new IdGeneratorsHealthIndicator(registry);
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            new IdGeneratorMeterBinder(registry).bindTo(meters);
            awaitTrue("a renewal", () -> meters.get("ids.node.lease.renewals").tag("generator", "snoGenerator")
                    .functionCounter().count() >= 1);
            assertThat(meters.get("ids.node.lease.remaining").tag("generator", "snoGenerator").gauge().value())
                    .isPositive().isLessThanOrEqualTo(5.0);

            // Another process takes the row over, as it may once this one's lease lapsed.
            execute(context.getBean(DataSource.class), "UPDATE ids_node_lease SET holder = 'other', expires_at = "
                    + (System.currentTimeMillis() + 60_000) + " WHERE namespace = 'sno' AND node_id = 0");
            awaitTrue("the generator is fenced", () -> health.health().getStatus().equals(Status.DOWN));
            assertThatThrownBy(() -> context.getBean(SnoGenerator.class).next())
                    .isInstanceOf(IdGenerationException.class).hasMessageContaining("lease is not held");
            assertThat(meters.get("ids.node.lease.held").tag("generator", "snoGenerator").gauge().value()).isZero();
            awaitTrue("failures are counted", () -> meters.get("ids.node.lease.failures")
                    .tag("generator", "snoGenerator").functionCounter().count() >= 2);
            assertThat(meters.get("ids.node.lease.remaining").tag("generator", "snoGenerator").gauge().value())
                    .isZero();

            // The other process releases it: the same identity is claimed again, and the same bean issues IDs.
            execute(context.getBean(DataSource.class),
                    "UPDATE ids_node_lease SET expires_at = 0 WHERE namespace = 'sno' AND node_id = 0");
            awaitTrue("health is UP again", () -> health.health().getStatus().equals(Status.UP));
            assertThat(context.getBean(SnoGenerator.class).next().partition()).isZero();
            assertThat(meters.get("ids.node.lease.held").tag("generator", "snoGenerator").gauge().value())
                    .isEqualTo(1);
            @SuppressWarnings("unchecked")
            Map<String, Object> sno = (Map<String, Object>) health.health().getDetails().get("snoGenerator");
            assertThat(sno.get("lease")).asInstanceOf(InstanceOfAssertFactories.MAP).containsEntry("reclaims", 1L)
                    .containsEntry("held", true);
        });
    }

    @Test
    void leaseMetersHaveThePrometheusNamesTheDashboardQueries() {
        onNewDatabase().run(context -> {
            assertThat(partition(context)).isZero();
            io.micrometer.prometheusmetrics.PrometheusMeterRegistry prometheus =
                    new io.micrometer.prometheusmetrics.PrometheusMeterRegistry(
                            io.micrometer.prometheusmetrics.PrometheusConfig.DEFAULT);
            new IdGeneratorMeterBinder(context.getBean(IdGeneratorRegistry.class)).bindTo(prometheus);
            String tags = "{generator=\"snoGenerator\",scheme=\"sno\"}";
            assertThat(prometheus.scrape()).contains("ids_node_lease_held" + tags + " 1.0")
                    .contains("ids_node_lease_renewals_total" + tags + " 0.0")
                    .contains("ids_node_lease_failures_total" + tags + " 0.0")
                    // a 60 s lease claimed moments ago; a loaded machine took 2 s between claim and scrape
                    .containsPattern(java.util.regex.Pattern.quote("ids_node_lease_remaining_seconds" + tags)
                            + " (4\\d|5\\d|60)\\.\\d+")
                    // H2 in this JVM reads the same clock: the skew is under a second
                    .containsPattern(java.util.regex.Pattern.quote("ids_node_lease_clock_skew_seconds" + tags)
                            + " -?0\\.\\d+");
        });
    }

    @Test
    void aReclaimPeriodOutOfRangeFailsNamingTheProperty() {
        onNewDatabase().withPropertyValues("ids.node.reclaim-period=0s").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOfSatisfying(
                    IdsConfigurationException.class, failure -> {
                        assertThat(failure.getProperty()).isEqualTo("ids.node.reclaim-period");
                        assertThat(failure.getMessage()).contains("1ms to 30s");
                    });
        });
    }

    private static void execute(DataSource dataSource, String sql) throws Exception {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            assertThat(statement.executeUpdate(sql)).isEqualTo(1);
        }
    }

    private static void awaitTrue(String what, java.util.function.BooleanSupplier condition)
            throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - end).as("timed out waiting until " + what).isNegative();
            Thread.sleep(10);
        }
    }
}
