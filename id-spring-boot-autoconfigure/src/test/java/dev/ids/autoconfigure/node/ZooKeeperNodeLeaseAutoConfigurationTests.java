package dev.ids.autoconfigure.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.actuate.IdGeneratorsHealthIndicator;
import dev.ids.autoconfigure.actuate.IdsEndpoint;
import dev.ids.autoconfigure.actuate.IdsEndpointAutoConfiguration;
import dev.ids.autoconfigure.testing.ZooKeeperMarkSeed;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.zookeeper.ZooKeeperNodeLeaseProvider;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.zookeeper.ZooKeeper;
import org.springframework.boot.health.contributor.Status;
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

/**
 * Node identities leased from ZooKeeper (curator-test's in-process server), chosen by the connection string. Each
 * root's high-water-mark znodes are seeded with a past mark ({@link ZooKeeperMarkSeed}) before a context claims, as
 * a claim that finds no mark starts about 20 s ahead (issue 33 (3); id-zookeeper's tests and LeaseStartWaitTests
 * cover that start) and these tests are about other things.
 */
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

    /** A new root whose marks are seeded for the low identities of every namespace. */
    private static String newSeededRoot() {
        String root = newRoot();
        ZooKeeperMarkSeed.seed(client, root);
        return root;
    }

    @Test
    void twoContextsGetDistinctIdentitiesAndLableUsesItsOwnLayoutAndClusterId() throws Exception {
        String root = newSeededRoot();
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
    void theIdsEndpointShowsAZooKeeperLeaseAndListsTheHoldersOfTwoInstances() {
        String root = newRoot();
        // Only the identities the two instances claim have a mark (a seeded mark is listed as a released identity).
        ZooKeeperMarkSeed.seed(client, root, "sno", 0, 1);
        ZooKeeperMarkSeed.seed(client, root, "trace-id", 1, 2);
        ZooKeeperMarkSeed.seed(client, root, "lable", 0, 1);
        ApplicationContextRunner runner = runner(root)
                .withConfiguration(AutoConfigurations.of(IdsEndpointAutoConfiguration.class))
                .withPropertyValues("management.endpoints.web.exposure.include=ids");
        runner.run(context -> {
            assertThat(context).hasNotFailed();
            IdsEndpoint endpoint = context.getBean(IdsEndpoint.class);
            long mine = context.getBean(SnoGenerator.class).partition();
            IdsEndpoint.IdentityDescriptor identity = endpoint.generators().generators().stream()
                    .filter(generator -> generator.scheme().equals("sno")).findFirst().orElseThrow().identity();
            assertThat(identity.source()).isEqualTo("zookeeper");
            assertThat(identity.value()).isEqualTo(mine);
            assertThat(identity.lease().store()).isEqualTo("zookeeper");
            assertThat(identity.lease().held()).isTrue();
            assertThat(identity.lease().clockSkew()).as("ZooKeeper measures no skew: none is shown, not 0").isNull();
            long[] theOthers = new long[1];
            runner.run(other -> {
                assertThat(other).hasNotFailed();
                theOthers[0] = other.getBean(SnoGenerator.class).partition();

                IdsEndpoint.LeasesDescriptor leases = endpoint.leases();

                assertThat(leases.store()).isEqualTo("zookeeper");
                assertThat(leases.note()).isNull();
                List<IdsEndpoint.LeaseRowDescriptor> sno = leases.leases().stream()
                        .filter(row -> row.namespace().equals("sno")).toList();
                assertThat(sno).extracting(IdsEndpoint.LeaseRowDescriptor::identity)
                        .containsExactly(mine, theOthers[0]);
                assertThat(sno).noneMatch(IdsEndpoint.LeaseRowDescriptor::released)
                        .extracting(IdsEndpoint.LeaseRowDescriptor::processId)
                        .containsOnly(ProcessHandle.current().pid());
                assertThat(sno).extracting(IdsEndpoint.LeaseRowDescriptor::holder).doesNotHaveDuplicates()
                        .allSatisfy(holder -> assertThat(holder).contains("/pid " + ProcessHandle.current().pid()));
                assertThat(sno).allSatisfy(row -> assertThat(row.holder()).contains("@" + row.host() + "/pid "));
                assertThat(sno.get(0).thisInstance()).isTrue();
                assertThat(Instant.parse(sno.get(0).expiresAt())).isAfter(Instant.now());
                assertThat(sno.get(1).thisInstance()).isFalse();
                assertThat(sno.get(1).expiresAt()).as("another session's lease has no known expiry").isNull();
                assertThat(leases.leases()).extracting(IdsEndpoint.LeaseRowDescriptor::namespace)
                        .contains("sno", "trace-id", "lable");
                assertThat(other.getBean(IdsEndpoint.class).leases().leases())
                        .filteredOn(row -> row.namespace().equals("sno"))
                        .filteredOn(IdsEndpoint.LeaseRowDescriptor::thisInstance)
                        .extracting(IdsEndpoint.LeaseRowDescriptor::identity).containsExactly(theOthers[0]);
            });
            // The other instance stopped: its identity is released and stays listed for its mark.
            IdsEndpoint.LeaseRowDescriptor released = endpoint.leases().leases().stream()
                    .filter(row -> row.namespace().equals("sno") && row.identity() == theOthers[0])
                    .findFirst().orElseThrow();
            assertThat(released.released()).isTrue();
            assertThat(released.holder()).isNull();
            assertThat(released.thisInstance()).isFalse();
            assertThat(released.expiresAt()).isNull();
        });
    }

    @Test
    void closingTheContextStopsItsLeaseThreadsAndItsZooKeeperClient() throws Exception {
        java.util.Set<Thread> before = java.util.Set.copyOf(Thread.getAllStackTraces().keySet());
        java.util.Set<Thread> started = new java.util.HashSet<>();
        runner(newSeededRoot()).run(context -> {
            assertThat(context).hasNotFailed();
            Thread.getAllStackTraces().keySet().stream().filter(thread -> !before.contains(thread))
                    .filter(thread -> thread.getName().startsWith("ids-") || thread.getName().startsWith("Curator-")
                            || thread.getName().contains("EventThread") || thread.getName().contains("SendThread"))
                    .forEach(started::add);
        });
        assertThat(started).extracting(Thread::getName)
                .anyMatch(name -> name.startsWith("ids-node-lease-reclaim-sno-"))
                .anyMatch(name -> name.equals("ids-zookeeper-lease"))
                .anyMatch(name -> name.contains("SendThread"));
        // The lease threads, and the threads of the ZooKeeper client the starter made.
        assertThat(JdbcNodeLeaseAutoConfigurationTests.stillAlive(started)).isEmpty();
    }

    @Test
    void aClusterIdPropertyWinsOverZooKeepers() throws Exception {
        String root = newSeededRoot();
        client.create().creatingParentsIfNeeded().forPath(root + "/cluster-id", "3".getBytes(StandardCharsets.UTF_8));
        runner(root).withPropertyValues("ids.lable.cluster-id=9", "ids.node.provider=zookeeper").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(LableIdGenerator.class).clusterId()).isEqualTo(9);
            assertThat(context.getBean(MuidGenerator.class).medallion()).as("explicit provider: leased, from 1").isEqualTo(1);
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
    void aZooKeeperThatCannotBeReachedFailsTheStartUpNamingTheConnectString() throws Exception {
        int nothingListens;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            nothingListens = socket.getLocalPort();
        }
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("ids.node.provider=zookeeper",
                        "ids.node.zookeeper.connect-string=127.0.0.1:" + nothingListens,
                        "ids.node.zookeeper.connection-timeout=500ms", "ids.node.zookeeper.session-timeout=2s")
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause().isInstanceOfSatisfying(
                            IdsConfigurationException.class, failure -> {
                                assertThat(failure.getProperty()).isEqualTo("ids.node.provider");
                                assertThat(failure.getProblem()).contains("127.0.0.1:" + nothingListens)
                                        .contains("cannot be reached");
                                assertThat(failure.getAction()).startsWith("Start the lease store")
                                        .contains("(ids.node.zookeeper.connect-string)")
                                        .doesNotContain("stop an instance");
                            });
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

    @Test
    void aConnectStringWithoutTheZooKeeperModuleFailsNamingTheModule() {
        runner(newRoot()).withClassLoader(new FilteredClassLoader("dev.ids.zookeeper")).run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOfSatisfying(
                    IdsConfigurationException.class, failure -> {
                        assertThat(failure.getProperty()).isEqualTo("ids.node.zookeeper.connect-string");
                        assertThat(failure.getAction()).contains("dev.ids:id-zookeeper");
                    });
        });
    }

    @Test
    void anExpiredSessionFencesTheGeneratorBeanTurnsHealthDownAndTheSameIdentityIsClaimedAgain() throws Exception {
        String root = newSeededRoot();
        runner(root).withPropertyValues("ids.node.reclaim-period=20ms").run(context -> {
            assertThat(context).hasNotFailed();
            SnoGenerator generator = context.getBean(SnoGenerator.class);
            assertThat(generator.next().partition()).isZero();
            IdGeneratorsHealthIndicator health = new IdGeneratorsHealthIndicator(
                    context.getBean(IdGeneratorRegistry.class));
            assertThat(health.health().getStatus()).isEqualTo(Status.UP);
            ZooKeeperNodeLeaseProvider provider = (ZooKeeperNodeLeaseProvider) context.getBean(NodeLeases.class)
                    .provider();
            ZooKeeper session = provider.client().getZookeeperClient().getZooKeeper();

            expire(session.getSessionId(), session.getSessionPasswd());
            // Another instance takes partition 0 before this one has learnt of the expiry.
            ZooKeeperNodeLeaseProvider other = ZooKeeperNodeLeaseProvider.builder().client(client).rootPath(root)
                    .build();
            try {
                NodeLease taken = other.claim(new NodeClaim("sno", 0, 0));
                await("the generator is fenced", () -> health.health().getStatus().equals(Status.DOWN));
                assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                        .hasMessageContaining("lease is not held");
                taken.close();
            } finally {
                other.close();
            }
            await("health is UP again", () -> health.health().getStatus().equals(Status.UP));
            assertThat(context.getBean(SnoGenerator.class)).isSameAs(generator);
            assertThat(generator.next().partition()).as("the same identity, claimed again").isZero();
        });
    }

    /** Ends a session as the server does on expiry: a second handle joins it and closes it. */
    private static void expire(long sessionId, byte[] password) throws Exception {
        ZooKeeper joined = new ZooKeeper(server.getConnectString(), 2_000, event -> { }, sessionId, password);
        await("a second handle joins the session", () -> joined.getState().isConnected());
        joined.close();
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - end).as("timed out waiting until " + what).isNegative();
            Thread.sleep(10);
        }
    }
}
