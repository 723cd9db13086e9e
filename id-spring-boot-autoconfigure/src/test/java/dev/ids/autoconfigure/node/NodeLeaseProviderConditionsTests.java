package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.node.zookeeper.ZooKeeperNodeLeaseProviderBuilderCustomizer;
import dev.ids.autoconfigure.node.zookeeper.ZooKeeperLeaseConfiguration;
import dev.ids.autoconfigure.node.jdbc.JdbcNodeLeaseProviderBuilderCustomizer;
import dev.ids.autoconfigure.node.jdbc.JdbcLeaseConfiguration;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.testing.LeaseTableSeed;
import dev.ids.autoconfigure.testing.ZooKeeperMarkSeed;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.MuidGenerator;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import dev.ids.node.sql.LeaseTableSettings;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.SeededLeaseRows;
import dev.ids.testing.TestDatabase;
import dev.ids.zookeeper.ZooKeeperNodeLeaseProvider;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.test.TestingServer;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport.ConditionAndOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.Ordered;

/**
 * The lease provider is a bean made by conditions: chosen by {@code ids.node.provider}, left out when the
 * application has one, customized by builder customizers in order, and reported in the condition report. Where a
 * test leases, its store is seeded with a past mark ({@link LeaseTableSeed}, {@link ZooKeeperMarkSeed}): a claim
 * that finds no mark starts about 20 s ahead (issue 33 (3)), and these tests are about the choice of the provider.
 */
class NodeLeaseProviderConditionsTests {

    private static final AtomicInteger databases = new AtomicInteger();

    private static TestingServer server;

    @BeforeAll
    static void start() throws Exception {
        server = new TestingServer(true);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    /**
     * A private in-memory database of its own, and only the GID generator, which needs no node identity: the
     * provider is chosen and made, and nothing is leased, so no store rule refuses the in-memory database.
     */
    private static ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=" + TestDatabase.H2.url("NodeLeaseConditions"
                        + databases.incrementAndGet()), "ids.trace-id.enabled=false", "ids.lable.enabled=false",
                        "ids.sno.enabled=false", "ids.muid.enabled=false");
    }

    private static ApplicationContextRunner withoutDataSource() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("ids.trace-id.enabled=false", "ids.lable.enabled=false",
                        "ids.sno.enabled=false", "ids.muid.enabled=false");
    }

    private static String connectString() {
        return "ids.node.zookeeper.connect-string=" + server.getConnectString();
    }

    private static NodeLeases leases(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        return context.getBean(NodeLeases.class);
    }

    @Test
    void jdbcIsChosenByItsProperty() {
        runner().withPropertyValues("ids.node.provider=jdbc").run(context -> {
            assertThat(context).hasSingleBean(JdbcNodeLeaseProvider.class).doesNotHaveBean(LableClusterIds.class);
            assertThat(leases(context).provider()).isSameAs(context.getBean(NodeLeaseProvider.class));
            assertThat(leases(context).kind()).isEqualTo("jdbc");
            assertThat(leases(context).description()).startsWith("jdbc (table ids_node_lease in the ");
        });
    }

    @Test
    void zooKeeperIsChosenByItsPropertyOverADataSourceAndBringsLablesClusterId() {
        runner().withPropertyValues("ids.node.provider=zookeeper", connectString()).run(context -> {
            assertThat(context).hasSingleBean(ZooKeeperNodeLeaseProvider.class).hasSingleBean(LableClusterIds.class)
                    .doesNotHaveBean(JdbcNodeLeaseProvider.class);
            assertThat(leases(context).kind()).isEqualTo("zookeeper");
            assertThat(leases(context).description()).isEqualTo("zookeeper (" + server.getConnectString()
                    + ", root /ids)");
        });
    }

    @Test
    void anApplicationsLableClusterIdsWinsOverZooKeepers() {
        String root = "/cluster-ids-" + databases.incrementAndGet();
        ZooKeeperMarkSeed.seed(server.getConnectString(), root);
        runner().withPropertyValues("ids.lable.enabled=true", connectString(), "ids.node.zookeeper.root-path=" + root)
                .withBean(LableClusterIds.class, () -> namespace -> 7).run(context -> {
                    assertThat(context).hasSingleBean(LableClusterIds.class);
                    assertThat(context.getBean(LableIdGenerator.class).clusterId()).isEqualTo(7);
                });
    }

    @Test
    void staticIsChosenByItsPropertyOverADataSourceAndAConnectString() {
        runner().withPropertyValues("ids.node.provider=static", connectString()).run(context -> {
            assertThat(context).doesNotHaveBean(NodeLeaseProvider.class);
            assertThat(leases(context).isActive()).isFalse();
            assertThat(leases(context).kind()).isEqualTo("none");
        });
    }

    @Test
    void autoChoosesZooKeeperByTheConnectStringElseTheDataSourceElseNothing() {
        runner().withPropertyValues("ids.node.provider=auto").run(context ->
                assertThat(leases(context).kind()).isEqualTo("jdbc"));
        runner().withPropertyValues("ids.node.provider=AUTO", connectString()).run(context ->
                assertThat(leases(context).kind()).isEqualTo("zookeeper"));
        withoutDataSource().run(context -> {
            assertThat(context).doesNotHaveBean(NodeLeaseProvider.class);
            assertThat(leases(context).isActive()).isFalse();
        });
    }

    @Test
    void aProviderOutsideTheAllowedValuesFailsTheStartUpNamingTheProperty() {
        runner().withPropertyValues("ids.node.provider=sometimes").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).hasStackTraceContaining("ids.node.provider")
                    .hasStackTraceContaining("sometimes");
        });
    }

    @Test
    void autoModeKeepsTheRandomMuidMedallionAndAnExplicitProviderLeasesIt() {
        runner().withPropertyValues("ids.muid.enabled=true", "ids.node.provider=auto").run(context ->
                assertThat(context.getBean(MuidGenerator.class).isMedallionRandom()).isTrue());
        runner().withPropertyValues("ids.muid.enabled=true", "ids.node.provider=jdbc")
                .withInitializer(LeaseTableSeed.everyDataSource()).run(context ->
                assertThat(context.getBean(MuidGenerator.class).medallion()).isEqualTo(1));
    }

    @Test
    void anApplicationProviderWinsOverTheStartersEvenWhenAStoreIsChosenByProperty() {
        NodeLeaseProvider own = claim -> {
            throw new IllegalStateException("not claimed in this test");
        };
        runner().withPropertyValues("ids.node.provider=jdbc").withBean(NodeLeaseProvider.class, () -> own)
                .run(context -> {
                    assertThat(context).doesNotHaveBean(JdbcNodeLeaseProvider.class)
                            .doesNotHaveBean(StarterLeaseStore.class);
                    assertThat(leases(context).provider()).isSameAs(own);
                    assertThat(leases(context).description()).startsWith("the application's NodeLeaseProvider");
                    assertThat(outcome(context, JdbcLeaseConfiguration.class).isMatch()).isFalse();
                    assertThat(outcome(context, JdbcLeaseConfiguration.class).getMessage())
                            .contains("NodeLeaseProvider");
                });
        runner().withPropertyValues(connectString()).withBean(NodeLeaseProvider.class, () -> own).run(context -> {
            assertThat(context).doesNotHaveBean(ZooKeeperNodeLeaseProvider.class)
                    .doesNotHaveBean(LableClusterIds.class);
            assertThat(leases(context).provider()).isSameAs(own);
        });
    }

    @Test
    void theConditionReportSaysWhichProviderWasChosenAndWhy() {
        runner().withPropertyValues("ids.node.provider=jdbc").run(context -> {
            assertThat(outcome(context, JdbcLeaseConfiguration.class).isMatch()).isTrue();
            assertThat(outcomes(context, JdbcLeaseConfiguration.class)).extracting(ConditionAndOutcome::getOutcome)
                    .anySatisfy(outcome -> assertThat(outcome.getMessage()).contains("ids.node.provider is jdbc"));
            assertThat(outcome(context, ZooKeeperLeaseConfiguration.class).isMatch()).isFalse();
            assertThat(outcome(context, ZooKeeperLeaseConfiguration.class).getMessage())
                    .contains("@ConditionalOnNodeProvider (zookeeper) ids.node.provider is jdbc");
        });
        runner().run(context -> assertThat(outcomes(context, JdbcLeaseConfiguration.class))
                .extracting(ConditionAndOutcome::getOutcome).anySatisfy(outcome -> assertThat(outcome.getMessage())
                        .contains("ids.node.provider is unset or auto and ids.node.zookeeper.connect-string is "
                                + "unset")));
        withoutDataSource().run(context -> {
            assertThat(outcome(context, JdbcLeaseConfiguration.class).isMatch()).isFalse();
            assertThat(outcome(context, JdbcLeaseConfiguration.class).getMessage()).contains("DataSource");
        });
    }

    @Test
    void jdbcCustomizersRunAfterThePropertiesInTheirOrder() {
        List<String> calls = new CopyOnWriteArrayList<>();
        runner().withPropertyValues("ids.node.provider=jdbc", "ids.node.jdbc.table-name=from_property")
                .withBean("second", JdbcNodeLeaseProviderBuilderCustomizer.class,
                        () -> new TableName(2, "second_table", calls))
                .withBean("first", JdbcNodeLeaseProviderBuilderCustomizer.class,
                        () -> new TableName(1, "first_table", calls))
                .run(context -> {
                    assertThat(context.getBean(JdbcNodeLeaseProvider.class).tableName()).isEqualTo("second_table");
                    assertThat(calls).containsExactly("first_table", "second_table");
                });
    }

    @Test
    void zooKeeperCustomizersRunAfterTheProperties() {
        runner().withPropertyValues("ids.node.provider=zookeeper", connectString(),
                "ids.node.zookeeper.root-path=/from-property")
                .withBean(ZooKeeperNodeLeaseProviderBuilderCustomizer.class,
                        () -> builder -> builder.rootPath("/customized"))
                .run(context -> assertThat(context.getBean(ZooKeeperNodeLeaseProvider.class).basePath("sno"))
                        .isEqualTo("/customized/sno"));
    }

    @Test
    void theLeasesAreReleasedBeforeTheProviderIsClosed() throws Exception {
        JdbcDataSource store = new JdbcDataSource();
        store.setURL(TestDatabase.H2.url("NodeLeaseConditionsClose"));
        try (Connection connection = store.getConnection()) {
            SeededLeaseRows.seed(connection, LeaseTableSettings.DEFAULT_TABLE_NAME);
        }
        ClosingProvider provider = new ClosingProvider(JdbcNodeLeaseProvider.builder(store).singleProcess(true)
                .build());
        withoutDataSource().withPropertyValues("ids.sno.enabled=true")
                .withBean("closingProvider", ClosingProvider.class, () -> provider).run(context -> {
                    assertThat(context.getBean(SnoGenerator.class).partition()).isZero();
                    assertThat(provider.claimed).singleElement().satisfies(lease -> assertThat(lease.isHeld())
                            .isTrue());
                    // Whatever ends the provider first (a refresh scope, a test) ends the leases before it.
                    ((DefaultListableBeanFactory) context.getBeanFactory()).destroySingleton("closingProvider");
                    assertThat(provider.heldWhenClosed).containsExactly(false);
                });
    }

    /** The conditions of a configuration class and their outcomes, as the condition report lists them. */
    private static List<ConditionAndOutcome> outcomes(AssertableApplicationContext context, Class<?> source) {
        ConditionEvaluationReport.ConditionAndOutcomes outcomes = ConditionEvaluationReport
                .get(context.getBeanFactory()).getConditionAndOutcomesBySource().get(source.getName());
        assertThat(outcomes).as("%s in the condition report", source.getSimpleName()).isNotNull();
        List<ConditionAndOutcome> list = new java.util.ArrayList<>();
        outcomes.forEach(list::add);
        return list;
    }

    /** The first failed condition of a configuration class, or its first condition when all matched. */
    private static ConditionOutcome outcome(AssertableApplicationContext context, Class<?> source) {
        List<ConditionAndOutcome> outcomes = outcomes(context, source);
        return outcomes.stream().map(ConditionAndOutcome::getOutcome).filter(outcome -> !outcome.isMatch())
                .findFirst().orElse(outcomes.get(0).getOutcome());
    }

    /** Sets the table name and records that it ran. */
    private record TableName(int order, String table, List<String> calls)
            implements JdbcNodeLeaseProviderBuilderCustomizer, Ordered {

        @Override
        public void customize(JdbcNodeLeaseProvider.Builder builder) {
            calls.add(table);
            builder.tableName(table);
        }

        @Override
        public int getOrder() {
            return order;
        }
    }

    /** An application's provider that records whether any lease it gave was still held when it was closed. */
    static final class ClosingProvider implements NodeLeaseProvider, AutoCloseable {

        private final NodeLeaseProvider delegate;

        final List<NodeLease> claimed = new CopyOnWriteArrayList<>();

        final List<Boolean> heldWhenClosed = new CopyOnWriteArrayList<>();

        ClosingProvider(NodeLeaseProvider delegate) {
            this.delegate = delegate;
        }

        @Override
        public NodeLease claim(NodeClaim claim) {
            NodeLease lease = delegate.claim(claim);
            claimed.add(lease);
            return lease;
        }

        @Override
        public void close() {
            heldWhenClosed.add(claimed.stream().anyMatch(NodeLease::isHeld));
        }
    }
}
