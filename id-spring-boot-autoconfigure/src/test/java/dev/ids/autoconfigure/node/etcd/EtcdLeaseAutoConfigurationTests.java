package dev.ids.autoconfigure.node.etcd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdScheme;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.node.LeaseStoreAutoConfigurationTests;
import dev.ids.etcd.EtcdCluster;
import dev.ids.etcd.EtcdNodeLeaseProvider;
import dev.ids.node.NodeLeaseProvider;
import io.etcd.jetcd.Client;
import java.time.Duration;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Node identities leased from etcd: what every store of its own module does ({@link LeaseStoreAutoConfigurationTests}),
 * chosen by {@code ids.node.etcd.endpoints} in auto mode (over a DataSource, as ZooKeeper's connect string is) or by
 * {@code ids.node.provider=etcd}, never by a jetcd {@code Client} bean alone; and each setting that cannot work fails
 * the start-up naming its property. The tests share a one-member cluster.
 */
class EtcdLeaseAutoConfigurationTests extends LeaseStoreAutoConfigurationTests<EtcdNodeLeaseProvider> {

    private static EtcdCluster cluster;

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

    @Override
    protected String storeName() {
        return "etcd";
    }

    @Override
    protected Class<EtcdNodeLeaseProvider> providerType() {
        return EtcdNodeLeaseProvider.class;
    }

    @Override
    protected String modulePackage() {
        return "dev.ids.etcd";
    }

    @Override
    protected String moduleMention() {
        return "the ids etcd module (dev.ids:id-etcd";
    }

    @Override
    protected String seededPrefix() throws Exception {
        String prefix = "boot-" + UUID.randomUUID().toString().substring(0, 8);
        for (IdScheme scheme : IdScheme.values()) {
            cluster.seedMarks(prefix, scheme.schemeName(), 4);
        }
        return prefix;
    }

    /** The endpoints property: etcd is chosen in auto mode by it. */
    @Override
    protected ApplicationContextRunner reaching(ApplicationContextRunner runner, String keyPrefix) {
        return runner.withPropertyValues(endpoints(), "ids.node.etcd.key-prefix=" + keyPrefix);
    }

    @Override
    protected String descriptionStart(String keyPrefix) {
        return "etcd (" + cluster.endpoints().get(0) + ", keys " + keyPrefix + "/";
    }

    @Override
    protected Duration leaseLength(EtcdNodeLeaseProvider provider) {
        return provider.leaseLength();
    }

    @Override
    protected String keyPrefix(EtcdNodeLeaseProvider provider) {
        return provider.keyPrefix();
    }

    /** etcd shows no clock to measure against. */
    @Override
    protected boolean measuresClockSkew() {
        return false;
    }

    @Test
    void withoutTheEtcdModuleTheEndpointsFailTheStartUpSayingToRemoveThem() {
        contextRunner.withClassLoader(new FilteredClassLoader("dev.ids.etcd")).withPropertyValues(endpoints())
                .run(context -> assertThat(configurationFailure(context).getAction())
                        .contains("remove ids.node.etcd.endpoints"));
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
}
