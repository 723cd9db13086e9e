package dev.ids.autoconfigure.node.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.actuate.IdsEndpoint;
import dev.ids.autoconfigure.actuate.IdsEndpoint.LeaseRowDescriptor;
import dev.ids.autoconfigure.actuate.IdsEndpointAutoConfiguration;
import dev.ids.autoconfigure.node.NodeLeases;
import dev.ids.autoconfigure.node.jdbc.JdbcLeaseConfiguration;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.TestDatabase;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A lease store registered from outside the starter's jar ({@code META-INF/spring.factories} of the test class path,
 * {@link MemoryLeaseStoreKind}) plugs in through the same seam as the starter's own stores: chosen by
 * {@code ids.node.provider} and by its property in auto mode, named in the start-up failure with its own address,
 * and listed by {@code /actuator/ids/leases}, with no line of the starter naming it.
 */
class PluggedLeaseStoreTests {

    private static final AtomicInteger databases = new AtomicInteger();

    /** A DataSource too, which auto mode would lease from were the store's property not set. */
    private static ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        IdGeneratorsAutoConfiguration.class, IdsEndpointAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=" + TestDatabase.H2.url("PluggedLeaseStore"
                        + databases.incrementAndGet()), "management.endpoints.web.exposure.include=ids",
                        "ids.trace-id.enabled=false", "ids.lable.enabled=false", "ids.muid.enabled=false",
                        "ids.gid.enabled=false");
    }

    @Test
    void theStoreIsChosenByItsNameAndLeasesTheIdentities() {
        runner().withPropertyValues("ids.node.provider=memory").run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(MemoryNodeLeaseProvider.class);
            NodeLeases leases = context.getBean(NodeLeases.class);
            assertThat(leases.kind()).isEqualTo("memory");
            assertThat(leases.description()).isEqualTo("memory (a test store)");
            assertThat(leases.leased()).singleElement().satisfies(leased -> {
                assertThat(leased.store()).isEqualTo("memory");
                assertThat(leased.lease().isHeld()).isTrue();
                assertThat(context.getBean(SnoGenerator.class).partition()).isEqualTo(leased.lease().identity());
            });
        });
    }

    @Test
    void autoModeChoosesTheStoreByItsPropertyOverTheDataSource() {
        runner().withPropertyValues("test.memory-lease-store=on").run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(MemoryNodeLeaseProvider.class);
            assertThat(context.getBean(NodeLeases.class).kind()).isEqualTo("memory");
            assertThat(ConditionEvaluationReport.get(context.getBeanFactory()).getConditionAndOutcomesBySource()
                    .get(JdbcLeaseConfiguration.class.getName())).extracting(outcome -> outcome.getOutcome()
                    .getMessage()).anySatisfy(message -> assertThat(message).contains(
                    "ids.node.provider is unset or auto and test.memory-lease-store is set"));
        });
        // Without the property, auto mode leases from the DataSource (nothing is leased here: the H2 database is
        // private, which auto mode refuses to lease from).
        runner().withPropertyValues("ids.sno.enabled=false").run(context ->
                assertThat(context.getBean(NodeLeases.class).kind()).isEqualTo("jdbc"));
    }

    @Test
    void theLeasesEndpointListsTheStoresIdentities() {
        runner().withPropertyValues("ids.node.provider=memory").run(context -> {
            long held = context.getBean(SnoGenerator.class).partition();
            IdsEndpoint.LeasesDescriptor listed = context.getBean(IdsEndpoint.class).leases();
            assertThat(listed.store()).isEqualTo("memory");
            assertThat(listed.note()).isNull();
            assertThat(listed.leases()).singleElement().satisfies(row -> {
                assertThat(row).extracting(LeaseRowDescriptor::namespace, LeaseRowDescriptor::identity,
                        LeaseRowDescriptor::thisInstance, LeaseRowDescriptor::released)
                        .containsExactly("sno", held, true, false);
                assertThat(row.highWaterMarkMillis()).isPositive();
            });
        });
    }

    @Test
    void anUnreachableStoreFailsTheStartUpNamingItAndWhereItIsConfigured() {
        runner().withPropertyValues("ids.node.provider=memory", "test.memory-lease-store=down").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IdsConfigurationException.class)
                    .asInstanceOf(InstanceOfAssertFactories.type(IdsConfigurationException.class))
                    .satisfies(failure -> {
                        assertThat(failure.getProperty()).isEqualTo("ids.node.provider");
                        assertThat(failure.getMessage()).contains("memory (a test store)")
                                .contains("the memory store is down");
                        assertThat(failure.getAction()).contains("(test.memory-lease-store)");
                    });
        });
    }

    @Test
    void theProviderPropertyAcceptsTheRegisteredStoreAndNamesEveryValueWhenWrong() {
        runner().withPropertyValues("ids.node.provider=memcached").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IdsConfigurationException.class)
                    .hasMessageContaining("ids.node.provider").hasMessageContaining("memcached");
            assertThat(((IdsConfigurationException) rootCause(context.getStartupFailure())).getAction())
                    .contains("static, jdbc, r2dbc, zookeeper, etcd, kubernetes, memory, redis or auto");
        });
    }

    @Test
    void aConfiguredIdentityThatASilentHolderKeepsIsTakenOverThroughTheSeam() {
        MemoryLeaseStore store = new MemoryLeaseStore();
        store.heldBySilentHolder("sno", 5, "killed-run#1");
        long started = System.nanoTime();
        runner().withBean(MemoryNodeLeaseProvider.class, () -> new MemoryNodeLeaseProvider(store))
                .withPropertyValues("ids.node.provider=memory", "ids.sno.partition=5").run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(Duration.ofNanos(System.nanoTime() - started)).as("watched the silent holder first")
                            .isGreaterThanOrEqualTo(MemoryNodeLeaseProvider.SILENCE);
                    assertThat(context.getBean(SnoGenerator.class).partition()).isEqualTo(5);
                    String holderId = context.getBean(MemoryNodeLeaseProvider.class).holderId();
                    assertThat(store.list("sno")).singleElement().satisfies(record -> {
                        assertThat(record.holderIs(holderId)).as("taken over: %s", record).isTrue();
                        assertThat(record.held()).isTrue();
                    });
                });
    }

    @Test
    void aConfiguredIdentityThatARunningInstanceRenewsIsNotTakenOver() {
        MemoryLeaseStore store = new MemoryLeaseStore();
        MemoryNodeLeaseProvider other = new MemoryNodeLeaseProvider(store);
        try (NodeLease running = other.claim(new NodeClaim("sno", 5, 5))) {
            runner().withBean(MemoryNodeLeaseProvider.class, () -> new MemoryNodeLeaseProvider(store))
                    .withPropertyValues("ids.node.provider=memory", "ids.sno.partition=5").run(context -> {
                        assertThat(context).hasFailed();
                        assertThat(context.getStartupFailure()).rootCause()
                                .isInstanceOf(IdsConfigurationException.class)
                                .hasMessageContaining("ids.sno.partition").hasMessageContaining(other.holderId());
                    });
            assertThat(running.isHeld()).as("the running holder keeps its identity").isTrue();
            assertThat(store.list("sno")).singleElement()
                    .satisfies(record -> assertThat(record.holderIs(other.holderId())).isTrue());
        }
    }

    private static Throwable rootCause(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
