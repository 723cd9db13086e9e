package dev.ids.autoconfigure.node.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.NodeClaim;
import dev.ids.node.Renewal;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
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

    @Test
    void aPoolWhoseEverySlotTheApplicationHoldsDoesNotHoldUpTheLease() {
        ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration.builder(ConnectionFactories.get(
                "r2dbc:h2:mem:///ids-beneath-pool-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1"))
                .initialSize(1).maxSize(1).maxAcquireTime(Duration.ofSeconds(2)).build());
        Connection applications = Mono.from(pool.create()).block(Duration.ofSeconds(10));
        try {
            R2dbcNodeLeaseProvider provider = R2dbcNodeLeaseProvider.builder(pool).singleProcess(true)
                    .tableName("ids_lease_beneath_pool").build();
            try (provider; R2dbcNodeLease lease = (R2dbcNodeLease) provider.claim(new NodeClaim("sno", 0, 7))) {
                assertThat(lease.identity()).isZero();
                assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
                lease.advanceHighWaterMark(System.currentTimeMillis() + 10_000);
                assertThat(provider.rows("sno")).singleElement()
                        .satisfies(row -> assertThat(row.highWaterMarkMillis()).isPositive());
            }
            assertThat(pool.getMetrics().orElseThrow().acquiredSize()).as("only the application's connection")
                    .isEqualTo(1);
        } finally {
            Mono.from(applications.close()).block(Duration.ofSeconds(10));
            pool.dispose();
        }
    }
}
