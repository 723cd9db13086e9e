package dev.ids.autoconfigure.node.zookeeper;

import dev.ids.autoconfigure.node.LeaseStoreKind;
import dev.ids.node.NodeLeaseProvider;
import org.springframework.core.annotation.Order;

/**
 * Ephemeral znodes in ZooKeeper ({@code ids.node.provider=zookeeper}), the store auto mode chooses when
 * {@code ids.node.zookeeper.connect-string} is set, over any database.
 */
@Order(300)
public final class ZooKeeperLeaseStoreKind implements LeaseStoreKind {

    /** The name {@code ids.node.provider} chooses this store by. */
    public static final String NAME = "zookeeper";

    /** The property that says where the ensemble is, and chooses it in auto mode. */
    static final String CONNECT_STRING = "ids.node.zookeeper.connect-string";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String configuration() {
        return "dev.ids.autoconfigure.node.zookeeper.ZooKeeperLeaseConfiguration";
    }

    @Override
    public String autoProperty() {
        return CONNECT_STRING;
    }

    @Override
    public String howToChoose() {
        return "with " + CONNECT_STRING + " from ZooKeeper";
    }

    @Override
    public String address() {
        return CONNECT_STRING;
    }

    /** By class name: the ZooKeeper module is optional. */
    @Override
    public boolean recognizes(NodeLeaseProvider provider) {
        return provider.getClass().getName().equals(ZooKeeperLeaseConfiguration.PROVIDER);
    }

    /** A ZooKeeper identity is held as long as its session lives, and no time of ZooKeeper's is compared. */
    @Override
    public boolean measuresClockSkew() {
        return false;
    }
}
