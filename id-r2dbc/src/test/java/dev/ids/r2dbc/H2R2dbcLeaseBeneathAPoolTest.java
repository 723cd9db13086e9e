package dev.ids.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.NodeClaim;
import dev.ids.node.Renewal;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * The R2DBC lease over an application's r2dbc-pool {@link ConnectionPool} opens its own connections beneath the
 * pool: with every slot of the pool taken by the application, it still claims, renews, raises its mark and releases,
 * and the application's connection stays the only one the pool has handed out.
 */
class H2R2dbcLeaseBeneathAPoolTest {

    private static final String TABLE = "ids_lease_beneath_pool";

    @Test
    void aPoolWhoseEverySlotTheApplicationHoldsDoesNotHoldUpTheLease() {
        ConnectionFactory database = ConnectionFactories.get("r2dbc:h2:mem:///ids-beneath-pool-" + UUID.randomUUID()
                + ";DB_CLOSE_DELAY=-1");
        // Released rows with a past mark, before the pool exists: a claim that found no mark would start about 20 s
        // ahead (docs/LEASES.md, "A record that is lost"), and this test is about the pool, not that.
        SeededR2dbcLeaseRows.seed(database, TABLE, "sno");
        ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration.builder(database)
                .initialSize(1).maxSize(1).maxAcquireTime(Duration.ofSeconds(2)).build());
        Connection applications = Mono.from(pool.create()).block(Duration.ofSeconds(10));
        try {
            R2dbcNodeLeaseProvider provider = R2dbcNodeLeaseProvider.builder(pool).singleProcess(true)
                    .tableName(TABLE).build();
            try (provider; R2dbcNodeLease lease = (R2dbcNodeLease) provider.claim(new NodeClaim("sno", 0, 7))) {
                assertThat(lease.identity()).isZero();
                assertThat(lease.highWaterMarkMillis()).as("the seeded mark").isLessThan(System.currentTimeMillis());
                assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
                long mark = System.currentTimeMillis() + 10_000;
                lease.advanceHighWaterMark(mark);
                assertThat(provider.rows("sno")).filteredOn(row -> row.identity() == 0).singleElement()
                        .satisfies(row -> assertThat(row.highWaterMarkMillis()).isEqualTo(mark));
            }
            assertThat(pool.getMetrics().orElseThrow().acquiredSize()).as("only the application's connection")
                    .isEqualTo(1);
        } finally {
            Mono.from(applications.close()).block(Duration.ofSeconds(10));
            pool.dispose();
        }
    }
}
