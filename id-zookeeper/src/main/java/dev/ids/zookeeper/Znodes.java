package dev.ids.zookeeper;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * Where a provider's znodes are and how they are read: the layout under the root (a base per namespace, the Lable
 * namespace's base being the root itself, and under it {@code pool}, {@code hwm} and {@code cluster-id}), the
 * Curator client, and the plain reads every other part shares.
 *
 * <p>Operations that must stay on the session that created a lease's znode go through {@link #session()}, the raw
 * ZooKeeper handle, rather than Curator's retrying API, which may reconnect with a new session.
 */
record Znodes(CuratorFramework client, String rootPath, String lableNamespace) {

    static final String POOL = "pool";
    static final String HIGH_WATER_MARKS = "hwm";
    static final String CLUSTER_ID = "cluster-id";


    /**
     * Creates and starts a client the provider owns, without waiting for it to connect. Every call it makes waits
     * at most the connection timeout for its answer (ZooKeeper's request timeout): on its own, a client whose server
     * hangs notices only after two thirds of the session timeout, and a call queued meanwhile waits for reconnection
     * attempts too, so that closing a few leases took minutes.
     */
    static CuratorFramework connect(String connectString, Duration sessionTimeout, Duration connectionTimeout) {
        ZKClientConfig config = new ZKClientConfig();
        config.setProperty(ZKClientConfig.ZOOKEEPER_REQUEST_TIMEOUT, String.valueOf(connectionTimeout.toMillis()));
        CuratorFramework client = CuratorFrameworkFactory.builder()
                .connectString(connectString)
                .sessionTimeoutMs(Math.toIntExact(sessionTimeout.toMillis()))
                .connectionTimeoutMs(Math.toIntExact(connectionTimeout.toMillis()))
                .zkClientConfig(config)
                .retryPolicy(new ExponentialBackoffRetry(200, 3))
                .build();
        client.start();
        return client;
    }

    /**
     * Tells whether the session's handle is connected to ZooKeeper now: its own state, which turns the moment a call
     * times out, where Curator's follows a moment later through its event thread.
     */
    boolean isConnected() {
        try {
            return session().getState().isConnected();
        } catch (Exception e) {
            return false;
        }
    }

    /** The raw handle of the current session. */
    ZooKeeper session() throws Exception {
        return client.getZookeeperClient().getZooKeeper();
    }

    /** The ensemble, for messages. */
    String connectString() {
        try {
            return client.getZookeeperClient().getCurrentConnectionString();
        } catch (RuntimeException e) {
            return "(unknown)";
        }
    }

    /** {@code <root>/<namespace>}, or the root itself for the Lable namespace. */
    String basePath(String namespace) {
        checkNamespace(namespace);
        return isLable(namespace) ? rootPath : ZKPaths.makePath(rootPath, namespace);
    }

    boolean isLable(String namespace) {
        return namespace.equals(lableNamespace);
    }

    static String pool(String base) {
        return ZKPaths.makePath(base, POOL);
    }

    static String marks(String base) {
        return ZKPaths.makePath(base, HIGH_WATER_MARKS);
    }

    static String child(String parent, long identity) {
        return ZKPaths.makePath(parent, Long.toString(identity));
    }

    static String clusterId(String base) {
        return ZKPaths.makePath(base, CLUSTER_ID);
    }

    /**
     * Returns the identities whose znodes exist under a pool or mark znode now; other children (not decimal) are
     * ignored.
     */
    Set<Long> identityChildren(String parent) throws Exception {
        Set<Long> held = new HashSet<>();
        try {
            for (String child : client.getChildren().forPath(parent)) {
                try {
                    held.add(Long.parseLong(child));
                } catch (NumberFormatException ignored) {
                    // Not an identity; leave it alone.
                }
            }
        } catch (KeeperException.NoNodeException e) {
            // No such znode yet: no identity.
        }
        return held;
    }

    /** Reads a znode's data and stat; null when it does not exist, empty when it holds none. */
    byte @Nullable [] dataOrNull(String path, Stat stat) throws Exception {
        try {
            byte[] data = client.getData().storingStatIn(stat).forPath(path);
            return data == null ? new byte[0] : data;
        } catch (KeeperException.NoNodeException e) {
            return null;
        }
    }

    /** The trimmed text of a znode's data; empty for none. */
    static String text(byte[] data) {
        return data == null ? "" : new String(data, StandardCharsets.UTF_8).trim();
    }

    static byte[] decimal(long value) {
        return Long.toString(value).getBytes(StandardCharsets.UTF_8);
    }

    static void checkNamespace(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        // The same rule as NodeClaim, and '.' and '..' are not znode names.
        if (!namespace.matches("[A-Za-z0-9._-]{1,64}") || namespace.equals(".") || namespace.equals("..")) {
            throw new IllegalArgumentException("Namespace must be 1 to 64 letters, digits, '.', '-' or '_', and "
                    + "not '.' or '..' (a znode name): '" + namespace + "'");
        }
    }
}
