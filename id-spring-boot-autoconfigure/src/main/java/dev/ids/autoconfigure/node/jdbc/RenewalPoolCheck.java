package dev.ids.autoconfigure.node.jdbc;

import dev.ids.autoconfigure.node.NodeLeases;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import javax.sql.DataSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Warns when the starter's JDBC leases can lapse under load. Renewals take their connections from the application's
 * pool: when the pool is exhausted, a renewal waits up to the pool's connection timeout, and if that is not shorter
 * than the time between a renewal and the lease's expiry, every lease lapses and every leased generator refuses IDs
 * at the application's peak load. Only Hikari (Spring Boot's default pool) tells its timeout in a known way; it is
 * read reflectively, as Hikari is optional.
 */
final class RenewalPoolCheck {

    /** Logged under NodeLeases, the category the lease messages have always had. */
    private static final Log logger = LogFactory.getLog(NodeLeases.class);

    private RenewalPoolCheck() {
    }

    static void warnIfPoolCanStarveRenewals(DataSource dataSource, JdbcNodeLeaseProvider jdbc) {
        long timeoutMillis;
        try {
            Object timeout = dataSource.getClass().getMethod("getConnectionTimeout").invoke(dataSource);
            if (!(timeout instanceof Long millis)) {
                return;
            }
            timeoutMillis = millis;
        } catch (ReflectiveOperationException | RuntimeException ex) {
            return; // a pool that does not tell its timeout so
        }
        long windowMillis = jdbc.leaseLength().minus(jdbc.renewalPeriod()).toMillis();
        if (timeoutMillis >= windowMillis) {
            logger.warn("The node leases share the application's connection pool (" + dataSource.getClass()
                    .getSimpleName() + "), whose connection timeout (" + timeoutMillis + " ms) is not shorter than "
                    + "the " + windowMillis + " ms between a lease's renewal and its expiry (ids.node.jdbc.lease-length "
                    + jdbc.leaseLength() + " minus ids.node.jdbc.renewal-period " + jdbc.renewalPeriod() + "): if the "
                    + "application exhausts the pool, the renewals wait for a connection, the leases lapse and every "
                    + "leased generator refuses IDs. Set the pool's connection timeout (spring.datasource.hikari."
                    + "connection-timeout) below " + windowMillis + " ms, lengthen ids.node.jdbc.lease-length, or give "
                    + "the leases a DataSource of their own with a NodeLeaseProvider bean "
                    + "(JdbcNodeLeaseProvider.builder(dataSource).build()).");
        }
    }
}
