package dev.ids.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.actuate.IdsEndpoint.GeneratorDescriptor;
import dev.ids.autoconfigure.actuate.IdsEndpoint.IdentityDescriptor;
import dev.ids.autoconfigure.actuate.IdsEndpoint.LeaseRowDescriptor;
import dev.ids.autoconfigure.actuate.IdsEndpoint.LeasesDescriptor;
import dev.ids.autoconfigure.testing.LeaseTableSeed;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.SeededLeaseRows;
import dev.ids.traceid.TraceIdGenerator;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The operating view of the {@code ids} endpoint: each generator's node identity and the lease table's rows. The lease
 * tables are seeded with released rows that have a past mark ({@link LeaseTableSeed}), as a claim that finds no mark
 * starts about 20 s ahead (issue 33 (3)); the listings are read without those rows (holder {@code seed}) where a test
 * counts rows.
 */
class IdsEndpointNodeIdentityTests {

    private static final AtomicInteger databases = new AtomicInteger();

    /** Runners on one in-memory H2 database that outlives each context, so that two contexts share it; seeded. */
    private static ApplicationContextRunner onSharedDatabase() {
        String url = "jdbc:h2:mem:ids-endpoint-" + ProcessHandle.current().pid() + "-" + databases.incrementAndGet()
                + ";DB_CLOSE_DELAY=-1";
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        IdGeneratorsAutoConfiguration.class, IdsEndpointAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=" + url, "ids.node.provider=jdbc",
                        "management.endpoints.web.exposure.include=ids", "ids.lable.enabled=false",
                        "ids.muid.enabled=false", "ids.gid.enabled=false")
                .withInitializer(LeaseTableSeed.everyDataSource());
    }

    /** A listing's rows but the released ones {@link LeaseTableSeed} added (a row claimed since names its holder). */
    private static List<LeaseRowDescriptor> unseeded(List<LeaseRowDescriptor> rows) {
        return rows.stream().filter(row -> !SeededLeaseRows.HOLDER.equals(row.holder())).toList();
    }

    private static GeneratorDescriptor generator(AssertableApplicationContext context, String scheme) {
        return context.getBean(IdsEndpoint.class).generators().generators().stream()
                .filter(generator -> generator.scheme().equals(scheme)).findFirst().orElseThrow();
    }

    @Test
    void aLeasedIdentityShowsItsJdbcLeaseWithExpiryMarkAndSkew() {
        onSharedDatabase().run(context -> {
            assertThat(context).hasNotFailed();
            TraceIdGenerator traceIds = context.getBean(TraceIdGenerator.class);
            Instant issuedAt = traceIds.next().timestampNear(Instant.now());
            Instant before = Instant.now();

            IdentityDescriptor identity = generator(context, "trace-id").identity();

            assertThat(identity.source()).isEqualTo("jdbc");
            assertThat(identity.value()).isEqualTo(traceIds.nodeNo());
            assertThat(identity.lease().store()).isEqualTo("jdbc");
            assertThat(identity.lease().namespace()).isEqualTo("trace-id");
            assertThat(identity.lease().held()).isTrue();
            Duration remaining = Duration.parse(identity.lease().remaining());
            assertThat(remaining).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(60));
            assertThat(Instant.parse(identity.lease().expiresAt())).isAfter(before)
                    .isBefore(Instant.now().plusSeconds(61));
            assertThat(Duration.parse(identity.lease().clockSkew()).abs()).as("one machine, one clock")
                    .isLessThan(Duration.ofSeconds(1));
            assertThat(identity.lease().highWaterMarkMillis()).as("the mark covers the ID issued")
                    .isGreaterThanOrEqualTo(issuedAt.toEpochMilli());
            assertThat(Instant.parse(identity.lease().highWaterMark()).toEpochMilli())
                    .isEqualTo(identity.lease().highWaterMarkMillis());
            assertThat(markInTable(context.getBean(DataSource.class), "trace-id", identity.value()))
                    .as("the table holds the mark too, once written (not the seeded one)")
                    .isGreaterThanOrEqualTo(issuedAt.toEpochMilli());
        });
    }

    @Test
    void aConfiguredIdentityHeldInTheStoreSaysConfiguredWithTheStoresLease() {
        onSharedDatabase().withPropertyValues("ids.sno.partition=3").run(context -> {
            assertThat(context).hasNotFailed();

            IdentityDescriptor identity = generator(context, "sno").identity();

            assertThat(identity.value()).isEqualTo(3);
            assertThat(identity.source()).isEqualTo("configured");
            assertThat(identity.lease().store()).isEqualTo("jdbc");
            assertThat(identity.lease().namespace()).isEqualTo("sno");
            assertThat(identity.lease().held()).isTrue();
            assertThat(identity.lease().provider()).contains("ids_node_lease");
        });
    }

    @Test
    void anIdentityFromAProviderBeanSaysProviderWithoutALease() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class,
                        IdsEndpointAutoConfiguration.class))
                .withPropertyValues("management.endpoints.web.exposure.include=ids", "ids.lable.generator-id=1",
                        "ids.trace-id.node-no=1")
                .withBean(dev.ids.autoconfigure.NodeIdentityProvider.class,
                        () -> request -> request.scheme() == dev.ids.IdScheme.SNO
                                ? java.util.OptionalLong.of(42) : java.util.OptionalLong.empty())
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    IdentityDescriptor identity = generator(context, "sno").identity();
                    assertThat(identity.value()).isEqualTo(42);
                    assertThat(identity.source()).isEqualTo("provider");
                    assertThat(identity.lease()).isNull();
                    assertThat(context.getBean(IdsEndpoint.class).leases().store()).isEqualTo("none");
                });
    }

    @Test
    void theLeasesListingShowsTheHoldersOfTwoInstancesOnOneDatabase() {
        ApplicationContextRunner shared = onSharedDatabase();
        shared.withPropertyValues("ids.sno.partition=3").run(configured -> {
            assertThat(configured).hasNotFailed();
            shared.run(leasing -> {
                assertThat(leasing).hasNotFailed();
                long leased = leasing.getBean(SnoGenerator.class).partition();

                WebEndpointResponse<Object> response = leasing.getBean(IdsEndpointWebExtension.class)
                        .decodeAnyScheme(IdsEndpoint.LEASES);

                assertThat(response.getStatus()).isEqualTo(200);
                LeasesDescriptor leases = (LeasesDescriptor) response.getBody();
                assertThat(leases.store()).isEqualTo("jdbc");
                assertThat(leases.note()).isNull();
                List<LeaseRowDescriptor> sno = unseeded(leases.leases()).stream()
                        .filter(row -> row.namespace().equals("sno")).toList();
                assertThat(sno).extracting(LeaseRowDescriptor::identity).containsExactlyInAnyOrder(3L, leased);
                assertThat(sno).extracting(LeaseRowDescriptor::holder).doesNotHaveDuplicates()
                        .allSatisfy(holder -> assertThat(holder).contains("/pid " + ProcessHandle.current().pid()));
                assertThat(sno).extracting(LeaseRowDescriptor::processId)
                        .containsOnly(ProcessHandle.current().pid());
                assertThat(sno).allSatisfy(row -> assertThat(row.holder()).contains("@" + row.host() + "/pid "));
                assertThat(sno).filteredOn(LeaseRowDescriptor::thisInstance).extracting(LeaseRowDescriptor::identity)
                        .as("only the leased partition is this instance's").containsExactly(leased);
                assertThat(sno).noneMatch(LeaseRowDescriptor::released)
                        .allSatisfy(row -> assertThat(Instant.parse(row.expiresAt())).isAfter(Instant.now()));
                assertThat(unseeded(leases.leases())).extracting(LeaseRowDescriptor::namespace)
                        .containsOnly("sno", "trace-id");
                List<LeaseRowDescriptor> seenByTheOther = configured.getBean(IdsEndpoint.class).leases().leases();
                assertThat(seenByTheOther).as("the same table")
                        .extracting(LeaseRowDescriptor::namespace, LeaseRowDescriptor::identity,
                                LeaseRowDescriptor::holder)
                        .isEqualTo(leases.leases().stream()
                                .map(row -> tuple(row.namespace(), row.identity(), row.holder())).toList());
                assertThat(seenByTheOther).filteredOn(row -> row.namespace().equals("sno"))
                        .filteredOn(LeaseRowDescriptor::thisInstance).extracting(LeaseRowDescriptor::identity)
                        .as("the other instance holds its configured partition").containsExactly(3L);
            });
        });
    }

    @Test
    void theLeasesListingFlagsARowWhoseHolderStoppedWithoutReleasingItAsExpired() {
        onSharedDatabase().run(context -> {
            assertThat(context).hasNotFailed();
            long leased = context.getBean(SnoGenerator.class).partition();
            // A holder that crashed a minute ago: its row stays unreleased, its expiry passed on the database's clock
            // (an identity beyond the seeded ones, which have rows already).
            long crashed = SeededLeaseRows.IDENTITIES + 9;
            try (Connection connection = context.getBean(DataSource.class).getConnection();
                    Statement insert = connection.createStatement()) {
                insert.executeUpdate("INSERT INTO ids_node_lease (namespace, node_id, holder, expires_at, "
                        + "high_water_mark) VALUES ('sno', " + crashed + ", 'gone@host/pid 1#1', "
                        + (System.currentTimeMillis() - 60_000) + ", 0)");
            }

            List<LeaseRowDescriptor> sno = unseeded(context.getBean(IdsEndpoint.class).leases().leases()).stream()
                    .filter(row -> row.namespace().equals("sno")).toList();

            assertThat(sno).extracting(LeaseRowDescriptor::identity, LeaseRowDescriptor::released,
                    LeaseRowDescriptor::expired).containsExactlyInAnyOrder(tuple(leased, false, false),
                            tuple(crashed, false, true));
        });
    }

    @Test
    void theLeasesListingShowsTheRowsOfALeaseTableReadThroughR2dbc() {
        // A file, as the R2DBC store refuses a private in-memory database in auto mode.
        String path = new File("target/ids-endpoint-r2dbc/" + ProcessHandle.current().pid() + "-"
                + databases.incrementAndGet()).getAbsolutePath();
        // Seeded through JDBC, in the same H2 database as R2DBC's (this JVM's, kept open), as R2DBC's user ("").
        SeededLeaseRows.seed("jdbc:h2:file:" + path + ";DB_CLOSE_DELAY=-1;WRITE_DELAY=0", "", "");
        ConnectionFactory h2 = ConnectionFactories.get(ConnectionFactoryOptions.builder()
                .option(ConnectionFactoryOptions.DRIVER, "h2").option(ConnectionFactoryOptions.PROTOCOL, "file")
                .option(ConnectionFactoryOptions.DATABASE, path + ";DB_CLOSE_DELAY=-1;WRITE_DELAY=0").build());
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class,
                        IdsEndpointAutoConfiguration.class))
                .withBean(ConnectionFactory.class, () -> h2)
                .withPropertyValues("management.endpoints.web.exposure.include=ids", "ids.lable.enabled=false",
                        "ids.muid.enabled=false", "ids.gid.enabled=false", "ids.trace-id.enabled=false")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    long leased = context.getBean(SnoGenerator.class).partition();

                    LeasesDescriptor leases = context.getBean(IdsEndpoint.class).leases();

                    assertThat(leases.store()).isEqualTo("r2dbc");
                    assertThat(leases.note()).isNull();
                    assertThat(unseeded(leases.leases())).extracting(LeaseRowDescriptor::namespace,
                            LeaseRowDescriptor::identity, LeaseRowDescriptor::thisInstance)
                            .containsExactly(tuple("sno", leased, true));
                });
    }

    /**
     * A lease store that hangs (every new connection waits): the listing answers within its bound with a note, and a
     * second request joins the read under way instead of starting another (independent check: 30 s per request, the
     * pool's connection timeout, piling up under the sample page's polling).
     */
    @Test
    void theLeasesListingAnswersWithinItsBoundWithANoteWhenTheStoreHangs() {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:ids-endpoint-hang-" + ProcessHandle.current().pid() + "-" + databases.incrementAndGet()
                + ";DB_CLOSE_DELAY=-1");
        AtomicBoolean hang = new AtomicBoolean();
        CountDownLatch released = new CountDownLatch(1);
        AtomicInteger connectionsAsked = new AtomicInteger();
        DataSource hanging = (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {DataSource.class}, (proxy, method, arguments) -> {
                    if (method.getName().equals("getConnection") && hang.get()) {
                        connectionsAsked.incrementAndGet();
                        released.await();
                    }
                    try {
                        return method.invoke(h2, arguments);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class,
                        IdsEndpointAutoConfiguration.class))
                .withBean(DataSource.class, () -> hanging)
                .withInitializer(LeaseTableSeed.everyDataSource())
                .withPropertyValues("ids.node.provider=jdbc", "management.endpoints.web.exposure.include=ids",
                        "ids.lable.enabled=false", "ids.muid.enabled=false", "ids.gid.enabled=false",
                        "ids.trace-id.enabled=false")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    IdsEndpoint endpoint = context.getBean(IdsEndpoint.class);
                    assertThat(unseeded(endpoint.leases().leases())).hasSize(1);
                    hang.set(true);
                    try {
                        long began = System.nanoTime();
                        // Off the test's thread, so that a listing that blocks fails the test instead of hanging it.
                        LeasesDescriptor first = CompletableFuture.supplyAsync(endpoint::leases)
                                .get(10, TimeUnit.SECONDS);
                        LeasesDescriptor second = CompletableFuture.supplyAsync(endpoint::leases)
                                .get(10, TimeUnit.SECONDS);
                        Duration took = Duration.ofNanos(System.nanoTime() - began);

                        assertThat(first.leases()).isEmpty();
                        assertThat(first.note()).contains("did not answer within 3000 ms");
                        assertThat(second.note()).contains("under way for");
                        assertThat(took).isLessThan(IdsEndpoint.LEASES_READ_TIMEOUT.multipliedBy(2).plusSeconds(2));
                        assertThat(connectionsAsked).as("the second request joined the first read").hasValue(1);
                    } finally {
                        released.countDown();
                    }
                });
    }

    @Test
    void theWordLeasesIsNoIdOfAnySchemeAndDecodingStillAnswersOtherSegments() {
        assertThat(IdsEndpoint.candidates(IdsEndpoint.LEASES).matches()).isEmpty();
        onSharedDatabase().run(context -> {
            IdsEndpointWebExtension web = context.getBean(IdsEndpointWebExtension.class);
            assertThat(web.decodeAnyScheme("2222222422222222").getBody())
                    .isInstanceOf(IdsEndpoint.CandidatesDescriptor.class);
            assertThat(web.decode("sno", "2222222422222222").getStatus()).isEqualTo(200);
            assertThat(context.getBean(IdsEndpoint.class).select("2222222422222222"))
                    .isInstanceOf(IdsEndpoint.CandidatesDescriptor.class);
            assertThat(context.getBean(IdsEndpoint.class).select(IdsEndpoint.LEASES))
                    .isInstanceOf(LeasesDescriptor.class);
        });
    }

    private static long markInTable(DataSource dataSource, String namespace, long identity) throws Exception {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(
                        "SELECT high_water_mark FROM ids_node_lease WHERE namespace = ? AND node_id = ?")) {
            select.setString(1, namespace);
            select.setLong(2, identity);
            try (ResultSet row = select.executeQuery()) {
                assertThat(row.next()).isTrue();
                return row.getLong(1);
            }
        }
    }
}
