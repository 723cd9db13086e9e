package dev.ids.autoconfigure.node.jdbc;

import dev.ids.autoconfigure.node.sql.SqlLeaseStoreKind;
import dev.ids.node.NodeLeaseProvider;
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
        super(NAME, "spring.datasource.url", "the DataSource's URL (spring.datasource.url)",
                "the data source's URL, spring.datasource.url");
    }

    @Override
    public String configuration() {
        return "dev.ids.autoconfigure.node.jdbc.JdbcLeaseConfiguration";
    }

    @Override
    public String howToChoose() {
        return "with a DataSource bean (or ids.node.provider=jdbc) from the application's database";
    }

    /** The JDBC provider is the core's, always on the class path. */
    @Override
    public boolean recognizes(NodeLeaseProvider provider) {
        return provider instanceof JdbcNodeLeaseProvider;
    }
}
