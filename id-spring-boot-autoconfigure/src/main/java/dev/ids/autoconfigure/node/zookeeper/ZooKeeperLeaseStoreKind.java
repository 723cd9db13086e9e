package dev.ids.autoconfigure.node.zookeeper;

import dev.ids.autoconfigure.node.AbstractLeaseStoreKind;
import org.springframework.core.annotation.Order;

/**
 * Ephemeral znodes in ZooKeeper ({@code ids.node.provider=zookeeper}), the store auto mode chooses when
 * {@code ids.node.zookeeper.connect-string} is set, over any database.
 */
@Order(300)
public final class ZooKeeperLeaseStoreKind extends AbstractLeaseStoreKind {

    /** The name {@code ids.node.provider} chooses this store by. */
    public static final String NAME = "zookeeper";

    /** The property that says where the ensemble is, and chooses it in auto mode. */
    static final String CONNECT_STRING = "ids.node.zookeeper.connect-string";

    /** Creates the kind; the starter reads it from {@code META-INF/spring.factories}. */
    public ZooKeeperLeaseStoreKind() {
        super(NAME, "dev.ids.autoconfigure.node.zookeeper.ZooKeeperLeaseConfiguration",
                ZooKeeperLeaseConfiguration.PROVIDER, CONNECT_STRING, "with " + CONNECT_STRING + " from ZooKeeper",
                CONNECT_STRING);
    }

    /** A ZooKeeper identity is held as long as its session lives, and no time of ZooKeeper's is compared. */
    @Override
    public boolean measuresClockSkew() {
        return false;
    }
}
