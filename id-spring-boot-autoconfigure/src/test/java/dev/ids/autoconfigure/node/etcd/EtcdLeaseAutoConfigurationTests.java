package dev.ids.autoconfigure.node.etcd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdScheme;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.actuate.IdsEndpoint;
import dev.ids.autoconfigure.actuate.IdsEndpointAutoConfiguration;
import dev.ids.autoconfigure.node.StarterLeaseStore;
import dev.ids.etcd.EtcdCluster;
import dev.ids.etcd.EtcdNodeLeaseProvider;
import dev.ids.node.ListedLease;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import io.etcd.jetcd.Client;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Node identities leased from etcd: chosen by {@code ids.node.etcd.endpoints} in auto mode (over a DataSource, as
 * ZooKeeper's connect string is) or by {@code ids.node.provider=etcd}, never by a jetcd {@code Client} bean alone;
 * listed by the ids endpoint; and each setting that cannot work fails the start-up naming its property. The tests
 * share a one-member cluster; each uses a key prefix of its own, whose marks are seeded a second in the past, as a
 * claim that finds no mark starts about 20 s ahead (id-etcd's tests cover that start).
 */
class EtcdLeaseAutoConfigurationTests {

    private static final String[] NO_GENERATORS = {"ids.trace-id.enabled=false", "ids.lable.enabled=false",
        "ids.gid.enabled=false", "ids.sno.enabled=false", "ids.muid.enabled=false"};

    private static EtcdCluster cluster;

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class));

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = EtcdCluster.start(1);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static String endpoints() {
        return "ids.node.etcd.endpoints=" + String.join(",", cluster.endpoints());
    }

    /** A new key prefix whose identities 0 to 3 of every scheme have a mark a second in the past. */
    private static String seededPrefix() throws Exception {
        String prefix = "boot-" + UUID.randomUUID().toString().substring(0, 8);
        for (IdScheme scheme : IdScheme.values()) {
            cluster.seedMarks(prefix, scheme.schemeName(), 4);
        }
        return prefix;
    }

    private static IdsConfigurationException configurationFailure(AssertableApplicationContext context) {
        assertThat(context).hasFailed();
        Throwable failure = context.getStartupFailure();
        while (!(failure instanceof IdsConfigurationException) && failure.getCause() != null) {
            failure = failure.getCause();
        }
        assertThat(failure).isInstanceOf(IdsConfigurationException.class);
        return (IdsConfigurationException) failure;
    }

    @Test
    void theEndpointsPropertyChoosesEtcdInAutoModeAndTheTimingsReachTheProvider() throws Exception {
        String prefix = seededPrefix();
        contextRunner.withPropertyValues(endpoints(), "ids.node.etcd.key-prefix=" + prefix,
                "ids.node.etcd.lease-length=20s").run(context -> {
                    assertThat(context).hasNotFailed();
                    EtcdNodeLeaseProvider provider = context.getBean(EtcdNodeLeaseProvider.class);
                    assertThat(provider.leaseLength()).isEqualTo(Duration.ofSeconds(20));
                    assertThat(provider.keyPrefix()).isEqualTo(prefix);
                    assertThat(context.getBean(StarterLeaseStore.class).description())
                            .startsWith("etcd (" + cluster.endpoints().get(0) + ", keys " + prefix + "/");
                    assertThat(context.getBean(SnoGenerator.class).partition()).isZero();
                    assertThat(context.getBean(TraceIdGenerator.class).nodeNo()).isEqualTo(1);
                    context.getBean(SnoGenerator.class).next();
                    assertThat(provider.listLeases("sno")).filteredOn(ListedLease::held)
                            .extracting(ListedLease::identity).containsExactly(0L);
                });
    }

    @Test
    void theIdsEndpointListsEtcdHeldIdentitiesWithTheirHoldersAndExpiries() throws Exception {
        String prefix = seededPrefix();
        ApplicationContextRunner runner = contextRunner
                .withConfiguration(AutoConfigurations.of(IdsEndpointAutoConfiguration.class))
                .withPropertyValues("ids.node.provider=etcd", endpoints(), "ids.node.etcd.key-prefix=" + prefix,
                        "management.endpoints.web.exposure.include=ids");
        runner.run(context -> runner.run(other -> {
            assertThat(context).hasNotFailed();
            assertThat(other).hasNotFailed();
            IdsEndpoint endpoint = context.getBean(IdsEndpoint.class);
            IdsEndpoint.IdentityDescriptor identity = endpoint.generators().generators().stream()
                    .filter(generator -> generator.scheme().equals("sno")).findFirst().orElseThrow().identity();
            assertThat(identity.source()).isEqualTo("etcd");
            assertThat(identity.lease().store()).isEqualTo("etcd");
            assertThat(identity.lease().held()).isTrue();
            assertThat(identity.lease().clockSkew()).as("etcd shows no clock to measure against").isNull();
            IdsEndpoint.LeasesDescriptor leases = endpoint.leases();
            assertThat(leases.store()).isEqualTo("etcd");
            List<IdsEndpoint.LeaseRowDescriptor> sno = leases.leases().stream()
                    .filter(row -> row.namespace().equals("sno") && !row.released()).toList();
            assertThat(sno).extracting(IdsEndpoint.LeaseRowDescriptor::identity).containsExactly(0L, 1L);
            assertThat(sno).extracting(IdsEndpoint.LeaseRowDescriptor::thisInstance).containsExactly(true, false);
            assertThat(sno).allSatisfy(row -> assertThat(Instant.parse(row.expiresAt())).isAfter(Instant.now()));
        }));
    }

    @Test
    void theEndpointsWinOverADataSourceInAutoModeAsAConnectStringDoes() throws Exception {
        String prefix = seededPrefix();
        contextRunner.withBean(DataSource.class, org.h2.jdbcx.JdbcDataSource::new)
                .withPropertyValues(endpoints(), "ids.node.etcd.key-prefix=" + prefix).withPropertyValues(NO_GENERATORS)
                .run(context -> assertThat(context.getBean(NodeLeaseProvider.class))
                        .isInstanceOf(EtcdNodeLeaseProvider.class));
    }

    @Test
    void aJetcdClientBeanAloneDoesNotChooseEtcd() {
        contextRunner.withBean(Client.class, () -> Client.builder().endpoints(cluster.endpoints()
                .toArray(String[]::new)).build()).withPropertyValues(NO_GENERATORS)
                .run(context -> assertThat(context).doesNotHaveBean(EtcdNodeLeaseProvider.class));
    }

    @Test
    void chosenWithoutEndpointsTheStartUpFailsNamingTheProperty() {
        contextRunner.withPropertyValues("ids.node.provider=etcd").run(context -> {
            IdsConfigurationException failure = configurationFailure(context);
            assertThat(failure.getProperty()).isEqualTo("ids.node.etcd.endpoints");
            assertThat(failure.getAction()).contains("Set ids.node.etcd.endpoints (for example http://etcd-0:2379");
        });
    }

    @Test
    void anEndpointThatIsNoUrlFailsTheStartUpNamingThePropertyAndTheForm() {
        contextRunner.withPropertyValues("ids.node.etcd.endpoints=etcd-0:2379").run(context -> {
            IdsConfigurationException failure = configurationFailure(context);
            assertThat(failure.getProperty()).isEqualTo("ids.node.etcd.endpoints");
            assertThat(failure.getMessage()).contains("etcd-0:2379").contains("http:// or https:// URL");
        });
    }

    @Test
    void aUserWithoutItsPasswordFailsTheStartUpNamingThePassword() {
        contextRunner.withPropertyValues(endpoints(), "ids.node.etcd.user=ids").run(context -> {
            IdsConfigurationException failure = configurationFailure(context);
            assertThat(failure.getProperty()).isEqualTo("ids.node.etcd.password");
        });
    }

    @Test
    void aTrustFileThatCannotBeReadFailsTheStartUpNamingTheProperty() {
        contextRunner.withPropertyValues("ids.node.etcd.endpoints=https://127.0.0.1:2379",
                "ids.node.etcd.trust-certificates=/nonexistent/ca.pem").run(context -> {
                    IdsConfigurationException failure = configurationFailure(context);
                    assertThat(failure.getProperty()).isEqualTo("ids.node.etcd.trust-certificates");
                    assertThat(failure.getMessage()).contains("/nonexistent/ca.pem");
                });
    }

    @Test
    void aClientCertificateWithoutItsKeyFailsTheStartUpNamingTheKey() {
        contextRunner.withPropertyValues("ids.node.etcd.endpoints=https://127.0.0.1:2379",
                "ids.node.etcd.client-certificate=/etc/hostname").run(context -> {
                    IdsConfigurationException failure = configurationFailure(context);
                    assertThat(failure.getProperty()).isEqualTo("ids.node.etcd.client-key");
                });
    }

    @Test
    void chosenWithoutTheEtcdModuleTheStartUpFailsNamingIt() {
        contextRunner.withClassLoader(new FilteredClassLoader("dev.ids.etcd"))
                .withPropertyValues("ids.node.provider=etcd").run(context -> {
                    IdsConfigurationException failure = configurationFailure(context);
                    assertThat(failure.getProperty()).isEqualTo("ids.node.provider");
                    assertThat(failure.getMessage()).contains("the ids etcd module (dev.ids:id-etcd");
                });
        contextRunner.withClassLoader(new FilteredClassLoader("dev.ids.etcd")).withPropertyValues(endpoints())
                .run(context -> assertThat(configurationFailure(context).getAction())
                        .contains("remove ids.node.etcd.endpoints"));
    }

    @Test
    void anUnreachableClusterFailsTheStartUpNamingTheEndpoints() {
        contextRunner.withPropertyValues("ids.node.etcd.endpoints=http://127.0.0.1:9",
                "ids.node.etcd.lease-length=3s").run(context -> {
                    IdsConfigurationException failure = configurationFailure(context);
                    assertThat(failure.getMessage()).contains("etcd http://127.0.0.1:9")
                            .contains("etcd cannot be reached");
                    assertThat(failure.getAction())
                            .contains("Start the lease store, or correct where the application finds it")
                            .contains("ids.node.etcd.endpoints");
                });
    }

    @Test
    void withoutEndpointsAutoModeMakesNoEtcdProvider() {
        contextRunner.withPropertyValues(NO_GENERATORS)
                .run(context -> assertThat(context).doesNotHaveBean(EtcdNodeLeaseProvider.class));
    }
}
