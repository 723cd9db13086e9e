package dev.ids.autoconfigure.node.sql;

import dev.ids.autoconfigure.node.LeaseTimings;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the JDBC node lease provider, under {@code ids.node.jdbc}, which the R2DBC one shares: both keep the
 * same table.
 *
 * @param tableName Name of the lease table, an unquoted SQL identifier, optionally qualified by a schema.
 * @param createTable Whether the first claim creates the lease table if it does not exist; turn off when Flyway or
 *     Liquibase creates it from META-INF/ids/ids-node-lease.sql.
 * @param leaseLength How long a lease lasts without renewal: an instance that cannot renew (paused, cut off from the
 *     store) stops issuing IDs this long after its last renewal started.
 * @param renewalPeriod How often a lease is renewed. Unset: a third of the lease length.
 * @param reclaimGrace How long after a lease expires (on the store's clock) before another instance may take its
 *     identity; an instance whose wall clock differs from the store's by more than this is fenced until it agrees
 *     again.
 */
@ConfigurationProperties("ids.node.jdbc")
public record LeaseTableProperties(@Nullable String tableName, @Nullable Boolean createTable,
        @Nullable Duration leaseLength, @Nullable Duration renewalPeriod, @Nullable Duration reclaimGrace)
        implements LeaseTimings {
}
