package dev.ids.autoconfigure.node.zookeeper;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** Settings of the ZooKeeper node lease provider, under {@code ids.node.zookeeper}. */
@ConfigurationProperties("ids.node.zookeeper")
public class ZooKeeperLeaseProperties {

    /** ZooKeeper ensemble to lease node identities from, for example zk1:2181,zk2:2181,zk3:2181. */
    private String connectString;

    /**
     * Root znode of the leases; Lable generator ids use Lable's own layout under it (pool/<id>, cluster-id).
     */
    private String rootPath;

    /**
     * Session timeout asked of the server: an identity of a crashed instance is free this long after it
     * vanished, and a pause or network hiccup of this length loses the lease.
     */
    private Duration sessionTimeout;

    /**
     * How long a ZooKeeper operation waits for a connection, and for its answer: a server that hangs fails each
     * call after this long.
     */
    private Duration connectionTimeout;

    public String getConnectString() {
        return connectString;
    }

    public void setConnectString(String connectString) {
        this.connectString = connectString;
    }

    public String getRootPath() {
        return rootPath;
    }

    public void setRootPath(String rootPath) {
        this.rootPath = rootPath;
    }

    public Duration getSessionTimeout() {
        return sessionTimeout;
    }

    public void setSessionTimeout(Duration sessionTimeout) {
        this.sessionTimeout = sessionTimeout;
    }

    public Duration getConnectionTimeout() {
        return connectionTimeout;
    }

    public void setConnectionTimeout(Duration connectionTimeout) {
        this.connectionTimeout = connectionTimeout;
    }
}
