package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.node.r2dbc.R2dbcNodeLeaseProviderBuilderCustomizer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.actuate.IdGeneratorsHealthIndicator;
import dev.ids.autoconfigure.testing.LeaseTableSeed;
import dev.ids.autoconfigure.testing.R2dbcLeaseTableSeed;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import dev.ids.r2dbc.R2dbcNodeLeaseProvider;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import dev.ids.traceid.TraceIdGenerator;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.io.File;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Node identities leased through the application's R2DBC ConnectionFactory: chosen in auto mode when it is the only
 * database, or by {@code ids.node.provider=r2dbc}; distinct per copy of the application; JDBC keeps precedence; what
 * cannot work fails the start-up naming the ways out.
 *
 * <p>The tests whose contexts lease seed the lease table first ({@link R2dbcLeaseTableSeed},
 * {@link LeaseTableSeed}: released rows whose mark lies a second in the past). On an empty table a claim starts about
 * 20 s ahead and the start-up waits for that (issue 33 (3), {@code LeaseStartWaitTests}); these tests are about
 * which store is chosen and how it is configured, not about that wait.
 */
@ExtendWith(OutputCaptureExtension.class)
class R2dbcNodeLeaseAutoConfigurationTests {

    private static final AtomicInteger databases = new AtomicInteger();

    /** A runner with the generators only, no DataSource auto-configuration. */
    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
            .withPropertyValues("ids.sno.max-wait=0s");

    /**
     * A fresh H2 file database of its own (a file, as a private in-memory database is refused in auto mode; writing
     * each commit at once, as a file with H2's write delay is refused), kept while the JVM runs.
     */
    private static ConnectionFactory newH2() {
        return newH2File(";WRITE_DELAY=0");
    }

    private static ConnectionFactory newH2File(String settings) {
        // H2 takes the database part as it is, settings included, after "jdbc:h2:file:".
        String path = new File("target/r2dbc-lease-auto/" + ProcessHandle.current().pid() + "-"
                + databases.incrementAndGet()).getAbsolutePath();
        return ConnectionFactories.get(ConnectionFactoryOptions.builder()
                .option(ConnectionFactoryOptions.DRIVER, "h2").option(ConnectionFactoryOptions.PROTOCOL, "file")
                .option(ConnectionFactoryOptions.DATABASE, path + ";DB_CLOSE_DELAY=-1" + settings).build());
    }

    /** An H2 database in memory of its own. */
    private static ConnectionFactory newH2InMemory() {
        return ConnectionFactories.get("r2dbc:h2:mem:///ids-r2dbc-auto-" + databases.incrementAndGet()
                + ";DB_CLOSE_DELAY=-1");
    }

    private static long partition(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        return context.getBean(SnoGenerator.class).next().partition();
    }

    @Test
    void withOnlyAConnectionFactoryAndNothingConfiguredEachContextLeasesItsOwnIdentities(CapturedOutput output) {
        ConnectionFactory h2 = newH2();
        ApplicationContextRunner runner = contextRunner.withBean(ConnectionFactory.class, () -> h2)
                .withInitializer(R2dbcLeaseTableSeed.everyConnectionFactory());
        runner.run(first -> runner.run(second -> {
            assertThat(first).hasSingleBean(R2dbcNodeLeaseProvider.class).doesNotHaveBean(JdbcNodeLeaseProvider.class);
            assertThat(partition(first)).isZero();
            assertThat(partition(second)).isEqualTo(1);
            assertThat(first.getBean(TraceIdGenerator.class).next().nodeNo()).isEqualTo(1);
            assertThat(second.getBean(TraceIdGenerator.class).next().nodeNo()).isEqualTo(2);
            NodeLeases leases = first.getBean(NodeLeases.class);
            assertThat(leases.kind()).isEqualTo("r2dbc");
            assertThat(leases.description()).startsWith("r2dbc (table ids_node_lease in the H2 ConnectionFactory");
            assertThat(leases.leaseRows()).extracting(StoredLease::namespace, StoredLease::identity,
                    StoredLease::thisInstance).contains(org.assertj.core.groups.Tuple.tuple("sno", 0L, true),
                    org.assertj.core.groups.Tuple.tuple("sno", 1L, false));
        }));
        assertThat(output).contains("lease their node identities from r2dbc (table ids_node_lease")
                .contains("chosen because ids.node.provider is unset");
    }

    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void twoCopiesOnOnePostgreSqlGetDistinctIdentities() {
        String table = "ids_r2dbc_auto_test_" + ProcessHandle.current().pid();
        ConnectionFactory postgres = ConnectionFactories.get("r2dbc:postgresql://postgres@127.0.0.1:5432/test");
        ApplicationContextRunner runner = contextRunner.withBean(ConnectionFactory.class, () -> postgres)
                .withPropertyValues("ids.node.jdbc.table-name=" + table)
                .withInitializer(R2dbcLeaseTableSeed.everyConnectionFactory());
        try {
            runner.run(first -> runner.run(second -> {
                assertThat(first).hasSingleBean(R2dbcNodeLeaseProvider.class);
                assertThat(partition(first)).isNotEqualTo(partition(second));
                assertThat(first.getBean(TraceIdGenerator.class).next().nodeNo())
                        .isNotEqualTo(second.getBean(TraceIdGenerator.class).next().nodeNo());
            }));
        } finally {
            Mono.usingWhen(postgres.create(), connection -> Flux.from(connection.createStatement("DROP TABLE IF "
                    + "EXISTS " + table).execute()).flatMap(result -> result.getRowsUpdated()).then(),
                    connection -> connection.close()).block(Duration.ofSeconds(10));
        }
    }

    @Test
    void aDatabaseThatCannotBeReachedAtStartUpFailsNamingTheStoreAndWhereItIsConfigured() throws Exception {
        int nothingListens;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            nothingListens = socket.getLocalPort();
        }
        ConnectionFactory unreachable = ConnectionFactories.get("r2dbc:postgresql://postgres@127.0.0.1:"
                + nothingListens + "/test?connectTimeout=PT1S");
        contextRunner.withBean(ConnectionFactory.class, () -> unreachable).run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause()
                    .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                        assertThat(failure.getProperty()).isEqualTo("ids.node.provider");
                        assertThat(failure.getProblem()).contains("the store cannot be reached");
                        assertThat(failure.getAction()).startsWith("Start the lease store")
                                .contains("spring.r2dbc.url").doesNotContain("stop an instance");
                    });
        });
    }

    /**
     * Boot's own DataSource auto-configuration backs off when there is a ConnectionFactory, so an application with
     * both defines its DataSource itself.
     */
    @Test
    void withADataSourceAsWellJdbcKeepsPrecedence() {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL("jdbc:h2:file:./target/r2dbc-lease-auto/" + ProcessHandle.current().pid() + "-"
                + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1;WRITE_DELAY=0");
        contextRunner.withBean(DataSource.class, () -> dataSource).withInitializer(LeaseTableSeed.everyDataSource())
                .withBean(ConnectionFactory.class, R2dbcNodeLeaseAutoConfigurationTests::newH2).run(context -> {
                    assertThat(context).hasSingleBean(JdbcNodeLeaseProvider.class)
                            .doesNotHaveBean(R2dbcNodeLeaseProvider.class);
                    assertThat(context.getBean(NodeLeases.class).kind()).isEqualTo("jdbc");
                    assertThat(partition(context)).isZero();
                });
    }

    @Test
    void explicitR2dbcWinsOverADataSource() {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL(TestDatabase.H2.url("R2dbcExplicit" + databases.incrementAndGet()));
        contextRunner.withPropertyValues("ids.node.provider=r2dbc").withBean(DataSource.class, () -> dataSource)
                .withBean(ConnectionFactory.class, R2dbcNodeLeaseAutoConfigurationTests::newH2)
                .withInitializer(R2dbcLeaseTableSeed.everyConnectionFactory()).run(context -> {
                    assertThat(context).hasSingleBean(R2dbcNodeLeaseProvider.class)
                            .doesNotHaveBean(JdbcNodeLeaseProvider.class);
                    assertThat(partition(context)).isZero();
                });
    }

    @Test
    void theLeaseSettingsAreTheJdbcOnesAndACustomizerRunsAfterThem() {
        contextRunner.withBean(ConnectionFactory.class, R2dbcNodeLeaseAutoConfigurationTests::newH2)
                .withPropertyValues("ids.node.jdbc.table-name=r2dbc_leases", "ids.node.jdbc.lease-length=12s",
                        "ids.node.jdbc.reclaim-grace=3s")
                .withBean(R2dbcNodeLeaseProviderBuilderCustomizer.class,
                        () -> builder -> builder.holderId("customized"))
                .withInitializer(R2dbcLeaseTableSeed.everyConnectionFactory())
                .run(context -> {
                    R2dbcNodeLeaseProvider provider = context.getBean(R2dbcNodeLeaseProvider.class);
                    assertThat(provider.tableName()).isEqualTo("r2dbc_leases");
                    assertThat(provider.leaseLength()).isEqualTo(Duration.ofSeconds(12));
                    assertThat(provider.renewalPeriod()).isEqualTo(Duration.ofSeconds(4));
                    assertThat(provider.reclaimGrace()).isEqualTo(Duration.ofSeconds(3));
                    assertThat(provider.holderId()).isEqualTo("customized");
                    assertThat(partition(context)).isZero();
                });
    }

    @Test
    void aRenewalPeriodNotShorterThanTheLeaseFailsNamingTheProperty() {
        contextRunner.withBean(ConnectionFactory.class, R2dbcNodeLeaseAutoConfigurationTests::newH2)
                .withPropertyValues("ids.node.jdbc.lease-length=5s", "ids.node.jdbc.renewal-period=5s")
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause().isInstanceOfSatisfying(
                            IdsConfigurationException.class, failure -> assertThat(failure.getProperty())
                                    .isEqualTo("ids.node.jdbc.renewal-period"));
                });
    }

    @Test
    void anApplicationsOwnR2dbcProviderWinsAndIsNamedAsSuch() {
        ConnectionFactory h2 = newH2();
        R2dbcLeaseTableSeed.seed(h2, "own_leases"); // not a bean: seeded here
        contextRunner.withBean(NodeLeaseProvider.class, () -> R2dbcNodeLeaseProvider.builder(h2)
                .tableName("own_leases").build()).run(context -> {
                    assertThat(context).hasSingleBean(NodeLeaseProvider.class);
                    assertThat(context.getBean(R2dbcNodeLeaseProvider.class).tableName()).isEqualTo("own_leases");
                    assertThat(context.getBean(NodeLeases.class).kind()).isEqualTo("r2dbc");
                    assertThat(partition(context)).isZero();
                });
    }

    @Test
    void autoChosenOnAPrivateInMemoryH2FailsNamingTheProviderPropertyAndTheIdentityProperties() {
        contextRunner.withBean(ConnectionFactory.class, R2dbcNodeLeaseAutoConfigurationTests::newH2InMemory)
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause()
                            .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                                assertThat(failure.getProperty()).isEqualTo("ids.node.provider");
                                assertThat(failure.getProblem()).contains("H2 in memory")
                                        .contains("issue the same IDs");
                                assertThat(failure.getAction()).contains("ids.node.provider=r2dbc")
                                        .contains("ids.sno.partition").contains("ids.node.zookeeper.connect-string");
                            });
                });
    }

    @Test
    void explicitR2dbcOnAPrivateInMemoryH2LeasesAsAsked() {
        contextRunner.withPropertyValues("ids.node.provider=r2dbc")
                .withBean(ConnectionFactory.class, R2dbcNodeLeaseAutoConfigurationTests::newH2InMemory)
                .withInitializer(R2dbcLeaseTableSeed.everyConnectionFactory())
                .run(context -> assertThat(partition(context)).isZero());
    }

    @Test
    void anH2FileThatAcknowledgesCommitsBeforeWritingThemIsRefusedHoweverChosen() {
        ConnectionFactory delaying = newH2File("");
        contextRunner.withPropertyValues("ids.node.provider=r2dbc").withBean(ConnectionFactory.class, () -> delaying)
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause()
                            .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                                assertThat(failure.getMessage()).startsWith("ids.node.provider = r2dbc");
                                assertThat(failure.getProblem()).contains("write delay");
                                assertThat(failure.getAction()).contains(";WRITE_DELAY=0");
                            });
                });
    }

    @Test
    void explicitR2dbcWithoutAConnectionFactoryFailsNamingTheWaysOut() {
        contextRunner.withPropertyValues("ids.node.provider=r2dbc").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause()
                    .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                        assertThat(failure.getProperty()).isEqualTo("ids.node.provider");
                        assertThat(failure.getProblem()).contains("no (single) ConnectionFactory bean");
                        assertThat(failure.getAction()).contains("ConnectionFactory").contains("jdbc")
                                .contains("zookeeper").contains("static");
                    });
        });
    }

    @Test
    void explicitR2dbcWithoutR2dbcOnTheClassPathFailsNamingWhatToAdd() {
        contextRunner.withClassLoader(new FilteredClassLoader("io.r2dbc.spi"))
                .withPropertyValues("ids.node.provider=r2dbc").run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause()
                            .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                                assertThat(failure.getProperty()).isEqualTo("ids.node.provider");
                                assertThat(failure.getProblem()).contains("io.r2dbc:r2dbc-spi");
                                assertThat(failure.getAction()).contains("r2dbc-postgresql").contains("jdbc");
                            });
                });
    }

    @Test
    void withoutR2dbcOnTheClassPathAutoModeLeasesThroughJdbcAsBefore() {
        contextRunner.withClassLoader(new FilteredClassLoader("io.r2dbc.spi"))
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=jdbc:h2:file:./target/r2dbc-lease-auto/"
                        + ProcessHandle.current().pid() + "-" + databases.incrementAndGet()
                        + ";DB_CLOSE_DELAY=-1;WRITE_DELAY=0")
                .withInitializer(LeaseTableSeed.everyDataSource())
                .run(context -> {
                    assertThat(context).hasSingleBean(JdbcNodeLeaseProvider.class);
                    assertThat(partition(context)).isZero();
                });
    }

    @Test
    void aLeaseTakenOverIsFencedWithHealthDownAndClaimedAgainWithoutARestartAsWithJdbc() {
        ConnectionFactory h2 = newH2();
        contextRunner.withBean(ConnectionFactory.class, () -> h2).withPropertyValues("ids.node.reclaim-period=20ms",
                "ids.node.jdbc.lease-length=5s", "ids.node.jdbc.renewal-period=50ms")
                .withInitializer(R2dbcLeaseTableSeed.everyConnectionFactory()).run(context -> {
                    assertThat(partition(context)).isZero();
                    IdGeneratorsHealthIndicator health = new IdGeneratorsHealthIndicator(
                            context.getBean(IdGeneratorRegistry.class));
                    assertThat(health.health().getStatus()).isEqualTo(Status.UP);

                    // Another process takes the row over, as it may once this one's lease lapsed.
                    execute(h2, "UPDATE ids_node_lease SET holder = 'other', expires_at = "
                            + (System.currentTimeMillis() + 60_000) + " WHERE namespace = 'sno' AND node_id = 0");
                    awaitTrue("the generator is fenced", () -> health.health().getStatus().equals(Status.DOWN));
                    assertThatThrownBy(() -> context.getBean(SnoGenerator.class).next())
                            .isInstanceOf(IdGenerationException.class).hasMessageContaining("lease is not held");

                    // The other process releases it: the same identity is claimed again, by the same bean.
                    execute(h2, "UPDATE ids_node_lease SET expires_at = 0 WHERE namespace = 'sno' AND node_id = 0");
                    awaitTrue("health is UP again", () -> health.health().getStatus().equals(Status.UP));
                    assertThat(context.getBean(SnoGenerator.class).next().partition()).isZero();
                });
    }

    private static void execute(ConnectionFactory connectionFactory, String sql) {
        Long updated = Mono.usingWhen(connectionFactory.create(), connection -> Flux.from(connection
                .createStatement(sql).execute()).flatMap(result -> result.getRowsUpdated()).reduce(0L, Long::sum),
                connection -> connection.close()).block(Duration.ofSeconds(10));
        assertThat(updated).isEqualTo(1);
    }

    private static void awaitTrue(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - end).as("timed out waiting until " + what).isNegative();
            Thread.sleep(10);
        }
    }
}
