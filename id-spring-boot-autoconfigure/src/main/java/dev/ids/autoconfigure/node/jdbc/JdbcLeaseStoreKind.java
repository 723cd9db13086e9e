package dev.ids.autoconfigure.node.jdbc;

import dev.ids.autoconfigure.node.sql.SqlLeaseStoreKind;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import org.springframework.core.annotation.Order;

/**
 * The lease table in the application's DataSource ({@code ids.node.provider=jdbc}), the store auto mode chooses
 * for an application with a DataSource bean.
 */
@Order(100)
public final class JdbcLeaseStoreKind extends SqlLeaseStoreKind {

    /** The name {@code ids.node.provider} chooses this store by. */
    public static final String NAME = "jdbc";

    /** Creates the kind; the starter reads it from {@code META-INF/spring.factories}. */
    public JdbcLeaseStoreKind() {
        super(NAME, "dev.ids.autoconfigure.node.jdbc.JdbcLeaseConfiguration", JdbcNodeLeaseProvider.class.getName(),
                "with a DataSource bean (or ids.node.provider=jdbc) from the application's database",
                "spring.datasource.url", "the DataSource's URL (spring.datasource.url)",
                "the data source's URL, spring.datasource.url");
    }
}
