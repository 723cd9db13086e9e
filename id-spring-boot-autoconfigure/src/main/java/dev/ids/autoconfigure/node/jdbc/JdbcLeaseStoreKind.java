package dev.ids.autoconfigure.node.jdbc;

import dev.ids.autoconfigure.node.LeaseStoreKind;
import dev.ids.autoconfigure.node.sql.SqlStoreActions;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import org.springframework.core.annotation.Order;

/**
 * The lease table in the application's DataSource ({@code ids.node.provider=jdbc}), the store auto mode chooses
 * for an application with a DataSource bean.
 */
@Order(100)
public final class JdbcLeaseStoreKind implements LeaseStoreKind {

    /** The name {@code ids.node.provider} chooses this store by. */
    public static final String NAME = "jdbc";

    private static final SqlStoreActions ACTIONS = new SqlStoreActions(NAME, "spring.datasource.url",
            "the DataSource's URL (spring.datasource.url)");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String configuration() {
        return "dev.ids.autoconfigure.node.jdbc.JdbcLeaseConfiguration";
    }

    @Override
    public String howToChoose() {
        return "with a DataSource bean (or ids.node.provider=jdbc) from the application's database";
    }

    @Override
    public String address() {
        return "the data source's URL, spring.datasource.url";
    }

    /** The JDBC provider is the core's, always on the class path. */
    @Override
    public boolean recognizes(NodeLeaseProvider provider) {
        return provider instanceof JdbcNodeLeaseProvider;
    }

    @Override
    public String unsafeStoreAction(UnsafeLeaseStoreException refused, boolean auto, String identityProperties) {
        return ACTIONS.action(refused, auto, identityProperties);
    }
}
