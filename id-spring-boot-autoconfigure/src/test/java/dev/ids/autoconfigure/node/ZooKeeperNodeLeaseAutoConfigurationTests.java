package dev.ids.autoconfigure.node;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Node identities leased from ZooKeeper (curator-test's in-process server), chosen by the connection string. */
class ZooKeeperNodeLeaseAutoConfigurationTests {

    private static TestingServer server;

    private static CuratorFramework client;

    @BeforeAll
    static void start() throws Exception {
        server = new TestingServer(true);
        client = CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(100));
        client.start();
    }

    @AfterAll
    static void stop() throws Exception {
        client.close();
        server.close();
    }

    private static ApplicationContextRunner runner(String root) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("ids.node.zookeeper.connect-string=" + server.getConnectString(),
                        "ids.node.zookeeper.root-path=" + root, "ids.node.zookeeper.session-timeout=10s");
    }

    private static String newRoot() {
        return "/boot-" + UUID.randomUUID();
    }

    @Test
    void twoContextsGetDistinctIdentitiesAndLableUsesItsOwnLayoutAndClusterId() throws Exception {
        String root = newRoot();
        client.create().creatingParentsIfNeeded().forPath(root + "/cluster-id", "3".getBytes(StandardCharsets.UTF_8));
        ApplicationContextRunner runner = runner(root);
        runner.run(first -> runner.run(second -> {
            assertThat(first).hasNotFailed();
            assertThat(second).hasNotFailed();
            assertThat(first.getBean(SnoGenerator.class).partition()).isZero();
            assertThat(second.getBean(SnoGenerator.class).partition()).isEqualTo(1);
            assertThat(first.getBean(TraceIdGenerator.class).nodeNo()).isEqualTo(1);
            assertThat(second.getBean(TraceIdGenerator.class).nodeNo()).isEqualTo(2);
            LableIdGenerator lable = second.getBean(LableIdGenerator.class);
            assertThat(lable.generatorId()).isEqualTo(1);
            assertThat(lable.clusterId()).as("read from <root>/cluster-id").isEqualTo(3);
            assertThat(lable.next().clusterId()).isEqualTo(3);
            assertThat(client.getChildren().forPath(root + "/pool")).as("Lable's own layout")
                    .containsExactlyInAnyOrder("0", "1");
            assertThat(client.getChildren().forPath(root + "/sno/pool")).containsExactlyInAnyOrder("0", "1");
            assertThat(first.getBean(MuidGenerator.class).isMedallionRandom())
                    .as("ZooKeeper chosen by its connection string alone is auto mode").isTrue();
        }));
        assertThat(client.getChildren().forPath(root + "/sno/pool")).as("released on close").isEmpty();
        runner.run(third -> assertThat(third.getBean(SnoGenerator.class).partition()).isZero());
    }

    @Test
    void aClusterIdPropertyWinsOverZooKeepers() throws Exception {
        String root = newRoot();
        client.create().creatingParentsIfNeeded().forPath(root + "/cluster-id", "3".getBytes(StandardCharsets.UTF_8));
        runner(root).withPropertyValues("ids.lable.cluster-id=9", "ids.node.provider=zookeeper").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(LableIdGenerator.class).clusterId()).isEqualTo(9);
            assertThat(context.getBean(MuidGenerator.class).medallion()).as("explicit provider: leased").isZero();
        });
    }

    @Test
    void explicitZooKeeperWithoutAConnectStringFailsNamingIt() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("ids.node.provider=zookeeper").run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause().isInstanceOfSatisfying(
                            IdsConfigurationException.class, failure -> assertThat(failure.getProperty())
                                    .isEqualTo("ids.node.zookeeper.connect-string"));
                });
    }

    @Test
    void explicitZooKeeperWithoutCuratorFailsNamingTheProvider() {
        runner(newRoot()).withPropertyValues("ids.node.provider=zookeeper")
                .withClassLoader(new FilteredClassLoader("org.apache.curator")).run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause().isInstanceOfSatisfying(
                            IdsConfigurationException.class,
                            failure -> assertThat(failure.getAction()).contains("curator-framework"));
                });
    }
}
