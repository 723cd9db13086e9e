package dev.ids.autoconfigure.node.r2dbc;

import dev.ids.autoconfigure.node.LeaseStoreKind;
import dev.ids.autoconfigure.node.sql.SqlStoreActions;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.UnsafeLeaseStoreException;
import org.springframework.core.annotation.Order;

/**
 * The JDBC store's lease table through the application's R2DBC ConnectionFactory ({@code ids.node.provider=r2dbc}),
 * the store auto mode chooses for an application with a ConnectionFactory bean and no DataSource bean.
 */
@Order(200)
public final class R2dbcLeaseStoreKind implements LeaseStoreKind {

    /** The name {@code ids.node.provider} chooses this store by. */
    public static final String NAME = "r2dbc";

    /** The provider's class, named as a string: R2DBC is optional. */
    static final String PROVIDER = "dev.ids.autoconfigure.node.r2dbc.R2dbcNodeLeaseProvider";

    private static final SqlStoreActions ACTIONS = new SqlStoreActions(NAME, "the ConnectionFactory",
            "the ConnectionFactory's URL");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String configuration() {
        return "dev.ids.autoconfigure.node.r2dbc.R2dbcLeaseConfiguration";
    }

    @Override
    public String howToChoose() {
        return "with an R2DBC ConnectionFactory bean (or ids.node.provider=r2dbc) from its reactive database";
    }

    @Override
    public String address() {
        return "the connection factory's URL, spring.r2dbc.url";
    }

    @Override
    public boolean recognizes(NodeLeaseProvider provider) {
        return provider.getClass().getName().equals(PROVIDER);
    }

    @Override
    public String unsafeStoreAction(UnsafeLeaseStoreException refused, boolean auto, String identityProperties) {
        return ACTIONS.action(refused, auto, identityProperties);
    }
}
