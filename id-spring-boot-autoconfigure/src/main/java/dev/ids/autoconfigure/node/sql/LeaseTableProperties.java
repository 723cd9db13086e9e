package dev.ids.autoconfigure.node.sql;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the JDBC node lease provider, under {@code ids.node.jdbc}, which the R2DBC one shares: both keep the
 * same table.
 */
@ConfigurationProperties("ids.node.jdbc")
public class LeaseTableProperties {

    /** Name of the lease table, an unquoted SQL identifier, optionally qualified by a schema. */
    private String tableName;

    /**
     * Whether the first claim creates the lease table if it does not exist; turn off when Flyway or Liquibase
     * creates it from META-INF/ids/ids-node-lease.sql.
     */
    private Boolean createTable;

    /**
     * How long a lease lasts without renewal: an instance that cannot renew (paused, cut off from the
     * database) stops issuing IDs this long after its last renewal started.
     */
    private Duration leaseLength;

    /** How often a lease is renewed. Unset: a third of the lease length. */
    private Duration renewalPeriod;

    /**
     * How long after a lease expires (on the database's clock) before another instance may take its identity; an
     * instance whose wall clock differs from the database's by more than this is fenced until it agrees again.
     */
    private Duration reclaimGrace;

    public String getTableName() {
        return tableName;
    }

    public void setTableName(String tableName) {
        this.tableName = tableName;
    }

    public Boolean getCreateTable() {
        return createTable;
    }

    public void setCreateTable(Boolean createTable) {
        this.createTable = createTable;
    }

    public Duration getLeaseLength() {
        return leaseLength;
    }

    public void setLeaseLength(Duration leaseLength) {
        this.leaseLength = leaseLength;
    }

    public Duration getRenewalPeriod() {
        return renewalPeriod;
    }

    public void setRenewalPeriod(Duration renewalPeriod) {
        this.renewalPeriod = renewalPeriod;
    }

    public Duration getReclaimGrace() {
        return reclaimGrace;
    }

    public void setReclaimGrace(Duration reclaimGrace) {
        this.reclaimGrace = reclaimGrace;
    }
}
