package dev.ids.autoconfigure.node.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdScheme;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.actuate.IdsEndpoint;
import dev.ids.autoconfigure.actuate.IdsEndpointAutoConfiguration;
import dev.ids.autoconfigure.node.StarterLeaseStore;
import dev.ids.kubernetes.KubernetesNodeLeaseProvider;
import dev.ids.kubernetes.MockApiServer;
import dev.ids.node.ListedLease;
import dev.ids.sno.SnoGenerator;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Node identities leased from Kubernetes Lease objects, against fabric8's mock API server in CRUD mode (the API
 * contract, not a cluster): chosen by {@code ids.node.provider=kubernetes} or, in auto mode, by
 * {@code ids.node.kubernetes.namespace}; the StatefulSet pod ordinal as every generator's identity, held as a lease;
 * listed by the ids endpoint; and each setting that cannot work fails the start-up naming its property. Each test uses
 * a name prefix of its own whose identities 0 to 3 of every scheme have a mark a second in the past.
 */
class KubernetesLeaseAutoConfigurationTests {

    private static final String[] NO_GENERATORS = {"ids.trace-id.enabled=false", "ids.lable.enabled=false",
        "ids.gid.enabled=false", "ids.sno.enabled=false", "ids.muid.enabled=false"};

    private static MockApiServer server;

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class));

    @BeforeAll
    static void startServer() throws Exception {
        server = MockApiServer.start();
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    private static String[] reaching(String prefix, String... more) {
        List<String> properties = new java.util.ArrayList<>(List.of(
                "ids.node.kubernetes.master-url=http://127.0.0.1:" + server.port(),
                "ids.node.kubernetes.namespace=" + MockApiServer.NAMESPACE,
                "ids.node.kubernetes.lease-name-prefix=" + prefix));
        properties.addAll(List.of(more));
        return properties.toArray(String[]::new);
    }

    private static String seededPrefix() {
        String prefix = "boot-" + UUID.randomUUID().toString().substring(0, 8);
        for (IdScheme scheme : IdScheme.values()) {
            server.seedMarks(prefix, scheme.schemeName(), 4);
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
    void theNamespaceChoosesKubernetesInAutoModeAndTheTimingsReachTheProvider() {
        String prefix = seededPrefix();
        contextRunner.withPropertyValues(reaching(prefix, "ids.node.kubernetes.lease-length=20s")).run(context -> {
            assertThat(context).hasNotFailed();
            KubernetesNodeLeaseProvider provider = context.getBean(KubernetesNodeLeaseProvider.class);
            assertThat(provider.leaseLength()).isEqualTo(Duration.ofSeconds(20));
            assertThat(provider.namespace()).isEqualTo(MockApiServer.NAMESPACE);
            assertThat(context.getBean(StarterLeaseStore.class).description())
                    .startsWith("kubernetes (Lease objects " + prefix + "-* in namespace ids-test");
            assertThat(context.getBean(SnoGenerator.class).partition()).isZero();
            context.getBean(SnoGenerator.class).next();
            assertThat(provider.listLeases("sno")).filteredOn(ListedLease::held).extracting(ListedLease::identity)
                    .containsExactly(0L);
        });
    }

    @Test
    void theIdsEndpointListsTheLeaseObjects() {
        String prefix = seededPrefix();
        contextRunner.withConfiguration(AutoConfigurations.of(IdsEndpointAutoConfiguration.class))
                .withPropertyValues(reaching(prefix, "ids.node.provider=kubernetes",
                        "management.endpoints.web.exposure.include=ids")).run(context -> {
                            assertThat(context).hasNotFailed();
                            IdsEndpoint.LeasesDescriptor leases = context.getBean(IdsEndpoint.class).leases();
                            assertThat(leases.store()).isEqualTo("kubernetes");
                            assertThat(leases.leases()).filteredOn(row -> row.namespace().equals("sno")
                                    && !row.released()).extracting(IdsEndpoint.LeaseRowDescriptor::identity,
                                            IdsEndpoint.LeaseRowDescriptor::thisInstance)
                                    .containsExactly(org.assertj.core.groups.Tuple.tuple(0L, true));
                        });
    }

    @Test
    void aPodOrdinalIsEveryGeneratorsIdentityHeldAsALease() {
        String prefix = seededPrefix();
        // Both pods renew every second and watch a silent holder for a renewal period plus the grace, 2 s: a pod
        // that renews less often than another watches would be judged silent (ConfiguredIdentityClaim).
        String[] pod = reaching(prefix, "ids.node.kubernetes.pod-ordinal=2", "ids.node.kubernetes.lease-length=6s",
                "ids.node.kubernetes.renewal-period=1s", "ids.node.kubernetes.reclaim-grace=1s");
        contextRunner.withPropertyValues(pod).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(SnoGenerator.class).partition()).isEqualTo(2);
            assertThat(context.getBean(KubernetesNodeLeaseProvider.class).listLeases("sno"))
                    .filteredOn(ListedLease::held).extracting(ListedLease::identity).containsExactly(2L);
            // A second pod with the same ordinal (a StatefulSet of the same name elsewhere) does not start.
            contextRunner.withPropertyValues(pod).run(second -> assertThat(second).hasFailed());
        });
    }

    @Test
    void theStatefulSetModeOutsideAStatefulSetPodFailsTheStartUpNamingIt() {
        String hostname = System.getenv("HOSTNAME");
        Assumptions.assumeFalse(hostname != null && hostname.matches(".*-[0-9]+"), "HOSTNAME has an ordinal");
        contextRunner.withPropertyValues(reaching(seededPrefix(), "ids.node.kubernetes.stateful-set=true"))
                .run(context -> {
                    IdsConfigurationException failure = configurationFailure(context);
                    assertThat(failure.getProperty()).isEqualTo("ids.node.kubernetes.stateful-set");
                    assertThat(failure.getAction()).contains("ids.node.kubernetes.pod-ordinal");
                });
    }

    @Test
    void aNamespaceKubernetesRefusesFailsTheStartUpNamingTheProperty() {
        contextRunner.withPropertyValues(reaching("ids", "ids.node.kubernetes.namespace=Not_A_Namespace"))
                .run(context -> assertThat(configurationFailure(context).getProperty())
                        .isEqualTo("ids.node.kubernetes.namespace"));
    }

    @Test
    void aMasterUrlThatIsNoUrlFailsTheStartUpNamingTheProperty() {
        contextRunner.withPropertyValues("ids.node.provider=kubernetes", "ids.node.kubernetes.master-url=api:6443")
                .run(context -> assertThat(configurationFailure(context).getProperty())
                        .isEqualTo("ids.node.kubernetes.master-url"));
    }

    @Test
    void chosenWithoutTheKubernetesModuleTheStartUpFailsNamingIt() {
        contextRunner.withClassLoader(new FilteredClassLoader("dev.ids.kubernetes"))
                .withPropertyValues("ids.node.provider=kubernetes").run(context -> {
                    IdsConfigurationException failure = configurationFailure(context);
                    assertThat(failure.getProperty()).isEqualTo("ids.node.provider");
                    assertThat(failure.getMessage()).contains("dev.ids:id-kubernetes");
                });
    }

    @Test
    void withoutTheNamespaceAutoModeMakesNoKubernetesProvider() {
        contextRunner.withPropertyValues(NO_GENERATORS)
                .run(context -> assertThat(context).doesNotHaveBean(KubernetesNodeLeaseProvider.class));
    }
}
