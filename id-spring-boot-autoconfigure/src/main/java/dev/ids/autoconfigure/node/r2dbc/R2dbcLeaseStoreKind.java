package dev.ids.autoconfigure.node.r2dbc;

import dev.ids.autoconfigure.node.sql.SqlLeaseStoreKind;
import org.springframework.core.annotation.Order;

/**
 * The JDBC store's lease table through the application's R2DBC ConnectionFactory ({@code ids.node.provider=r2dbc}),
 * the store auto mode chooses for an application with a ConnectionFactory bean and no DataSource bean.
 */
@Order(200)
public final class R2dbcLeaseStoreKind extends SqlLeaseStoreKind {

    /** The name {@code ids.node.provider} chooses this store by. */
    public static final String NAME = "r2dbc";

    /** Creates the kind; the starter reads it from {@code META-INF/spring.factories}. */
    public R2dbcLeaseStoreKind() {
        super(NAME, "dev.ids.autoconfigure.node.r2dbc.R2dbcLeaseConfiguration", R2dbcLeaseConfiguration.PROVIDER,
                "with an R2DBC ConnectionFactory bean (or ids.node.provider=r2dbc) from its reactive database",
                "the ConnectionFactory", "the ConnectionFactory's URL",
                "the connection factory's URL, spring.r2dbc.url");
    }
}
