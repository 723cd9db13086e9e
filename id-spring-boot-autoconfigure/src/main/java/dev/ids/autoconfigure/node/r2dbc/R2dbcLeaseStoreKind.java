package dev.ids.autoconfigure.node.r2dbc;

import dev.ids.autoconfigure.node.MissingStoreModule;
import dev.ids.autoconfigure.node.sql.SqlLeaseStoreKind;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.Order;

/**
 * The JDBC store's lease table through the application's R2DBC ConnectionFactory ({@code ids.node.provider=r2dbc}),
 * the store auto mode chooses for an application with a ConnectionFactory bean and no DataSource bean.
 */
@Order(200)
public final class R2dbcLeaseStoreKind extends SqlLeaseStoreKind {

    /** The name {@code ids.node.provider} chooses this store by. */
    public static final String NAME = "r2dbc";

    /** The store itself, in the optional module dev.ids:id-r2dbc. */
    private static final String PROVIDER = "dev.ids.r2dbc.R2dbcNodeLeaseProvider";

    /** Creates the kind; the starter reads it from {@code META-INF/spring.factories}. */
    public R2dbcLeaseStoreKind() {
        super(NAME, "dev.ids.autoconfigure.node.r2dbc.R2dbcLeaseConfiguration", PROVIDER,
                "with an R2DBC ConnectionFactory bean (or ids.node.provider=r2dbc) from its reactive database",
                "the ConnectionFactory", "the ConnectionFactory's URL",
                "the connection factory's URL, spring.r2dbc.url");
    }

    @Override
    public MissingStoreModule requires(@Nullable ClassLoader classLoader) {
        return new MissingStoreModule(List.of(R2dbcLeaseConfiguration.CONNECTION_FACTORY,
                "reactor.core.publisher.Mono", PROVIDER), "leasing node identities over R2DBC needs the R2DBC SPI "
                + "(io.r2dbc:r2dbc-spi), Reactor (io.projectreactor:reactor-core), a driver and the ids R2DBC module "
                + "(dev.ids:id-r2dbc), which are not all on the class path", "an R2DBC driver (such as "
                + "org.postgresql:r2dbc-postgresql)", R2dbcLeaseConfiguration.WAYS_OUT);
    }
}
