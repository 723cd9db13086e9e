package dev.ids.autoconfigure.node.zookeeper;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** Settings of the ZooKeeper node lease provider, under {@code ids.node.zookeeper}. */
@ConfigurationProperties("ids.node.zookeeper")
public class ZooKeeperLeaseProperties {

    /** ZooKeeper ensemble to lease node identities from, for example zk1:2181,zk2:2181,zk3:2181. */
    private @Nullable String connectString;

    /**
     * Root znode of the leases; Lable generator ids use Lable's own layout under it (pool/<id>, cluster-id).
     */
    private @Nullable String rootPath;

    /**
     * Session timeout asked of the server: an identity of a crashed instance is free this long after it
     * vanished, and a pause or network hiccup of this length loses the lease.
     */
    private @Nullable Duration sessionTimeout;

    /**
     * How long a ZooKeeper operation waits for a connection, and for its answer: a server that hangs fails each
     * call after this long.
     */
    private @Nullable Duration connectionTimeout;

    public @Nullable String getConnectString() {
        return connectString;
    }

    public void setConnectString(@Nullable String connectString) {
        this.connectString = connectString;
    }

    public @Nullable String getRootPath() {
        return rootPath;
    }

    public void setRootPath(@Nullable String rootPath) {
        this.rootPath = rootPath;
    }

    public @Nullable Duration getSessionTimeout() {
        return sessionTimeout;
    }

    public void setSessionTimeout(@Nullable Duration sessionTimeout) {
        this.sessionTimeout = sessionTimeout;
    }

    public @Nullable Duration getConnectionTimeout() {
        return connectionTimeout;
    }

    public void setConnectionTimeout(@Nullable Duration connectionTimeout) {
        this.connectionTimeout = connectionTimeout;
    }
}
