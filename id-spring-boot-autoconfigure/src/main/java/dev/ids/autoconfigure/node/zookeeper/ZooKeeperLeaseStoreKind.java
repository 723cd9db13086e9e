package dev.ids.autoconfigure.node.zookeeper;

import dev.ids.autoconfigure.node.AbstractLeaseStoreKind;
import dev.ids.autoconfigure.node.MissingStoreModule;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.Order;
import org.springframework.util.ClassUtils;

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

    /** The store itself, in the optional module dev.ids:id-zookeeper, which brings Curator. */
    private static final String PROVIDER = "dev.ids.zookeeper.ZooKeeperNodeLeaseProvider";

    /** Creates the kind; the starter reads it from {@code META-INF/spring.factories}. */
    public ZooKeeperLeaseStoreKind() {
        super(NAME, "dev.ids.autoconfigure.node.zookeeper.ZooKeeperLeaseConfiguration", PROVIDER,
                CONNECT_STRING, "with " + CONNECT_STRING + " from ZooKeeper", CONNECT_STRING);
    }

    /**
     * Names what leasing from ZooKeeper lacks: the ids ZooKeeper module first (it brings Curator), then Curator
     * itself, which the starter leaves out.
     */
    @Override
    public MissingStoreModule requires(@Nullable ClassLoader classLoader) {
        String missing = ClassUtils.isPresent(PROVIDER, classLoader)
                ? "Apache Curator (org.apache.curator:curator-framework)"
                : "the ids ZooKeeper module dev.ids:id-zookeeper";
        return new MissingStoreModule(List.of("org.apache.curator.framework.CuratorFramework", PROVIDER),
                "leasing node identities from ZooKeeper needs " + missing + ", which is not on the class path",
                missing, "set ids.node.provider to jdbc or static");
    }

    /** A ZooKeeper identity is held as long as its session lives, and no time of ZooKeeper's is compared. */
    @Override
    public boolean measuresClockSkew() {
        return false;
    }
}
