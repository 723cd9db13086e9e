package dev.ids.autoconfigure.node.sql;

import dev.ids.autoconfigure.node.LeaseTimingProperties;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the JDBC node lease provider, under {@code ids.node.jdbc}, which the R2DBC one shares: both keep the
 * same table.
 */
@ConfigurationProperties("ids.node.jdbc")
public class LeaseTableProperties extends LeaseTimingProperties {

    /** Name of the lease table, an unquoted SQL identifier, optionally qualified by a schema. */
    private @Nullable String tableName;

    /**
     * Whether the first claim creates the lease table if it does not exist; turn off when Flyway or Liquibase
     * creates it from META-INF/ids/ids-node-lease.sql.
     */
    private @Nullable Boolean createTable;

    public @Nullable String getTableName() {
        return tableName;
    }

    public void setTableName(@Nullable String tableName) {
        this.tableName = tableName;
    }

    public @Nullable Boolean getCreateTable() {
        return createTable;
    }

    public void setCreateTable(@Nullable Boolean createTable) {
        this.createTable = createTable;
    }
}
