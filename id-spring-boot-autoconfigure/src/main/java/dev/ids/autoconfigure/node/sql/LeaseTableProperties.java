package dev.ids.autoconfigure.node.sql;

import dev.ids.autoconfigure.node.LeaseTimingProperties;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the JDBC node lease provider, under {@code ids.node.jdbc}, which the R2DBC one shares: both keep the
 * same table.
 */
@ConfigurationProperties("ids.node.jdbc")
public class LeaseTableProperties extends LeaseTimingProperties {

    /** Name of the lease table, an unquoted SQL identifier, optionally qualified by a schema. */
    private String tableName;

    /**
     * Whether the first claim creates the lease table if it does not exist; turn off when Flyway or Liquibase
     * creates it from META-INF/ids/ids-node-lease.sql.
     */
    private Boolean createTable;

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
}
