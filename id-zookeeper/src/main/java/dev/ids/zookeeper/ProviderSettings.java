package dev.ids.zookeeper;

import dev.ids.clock.IdClock;
import java.time.Duration;
import java.util.Objects;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.utils.PathUtils;
import org.jspecify.annotations.Nullable;

/**
 * The settings of a {@link ZooKeeperNodeLeaseProvider}, each checked as it is set, and the Curator client they
 * name: the caller's, which must be started, or one created from the connection string. The public builder
 * documents every setting and holds its default; this class keeps the rules apart from it, so that the provider
 * reads as what it does with them.
 *
 * <p>It knows nothing of the provider or its builder (the builder hands it the defaults), so the dependency runs one
 * way. Not thread-safe, as builders are not; the provider reads it while it is built and keeps no reference to it.
 */
final class ProviderSettings {

    private @Nullable CuratorFramework client;
    private @Nullable String connectString;
    private Duration sessionTimeout;
    private Duration connectionTimeout;
    private String rootPath;
    private String lableNamespace;
    private IdClock clock = IdClock.system();
    private Duration lableReleaseDelay;

    /**
     * Starts with the defaults the builder documents.
     *
     * @param sessionTimeout the session timeout of a client the provider creates
     * @param connectionTimeout the connection timeout of a client the provider creates
     * @param rootPath the root znode
     * @param lableNamespace the namespace whose claims use Lable's layout
     * @param lableReleaseDelay how long a released Lable identity stays taken
     */
    ProviderSettings(Duration sessionTimeout, Duration connectionTimeout, String rootPath, String lableNamespace,
            Duration lableReleaseDelay) {
        this.sessionTimeout = sessionTimeout;
        this.connectionTimeout = connectionTimeout;
        this.rootPath = rootPath;
        this.lableNamespace = lableNamespace;
        this.lableReleaseDelay = lableReleaseDelay;
    }

    void lableReleaseDelay(Duration lableReleaseDelay) {
        Objects.requireNonNull(lableReleaseDelay, "lableReleaseDelay");
        if (lableReleaseDelay.isNegative()) {
            throw new IllegalArgumentException("lableReleaseDelay must not be negative: " + lableReleaseDelay);
        }
        this.lableReleaseDelay = lableReleaseDelay;
    }

    void client(CuratorFramework client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    void connectString(String connectString) {
        Objects.requireNonNull(connectString, "connectString");
        if (connectString.isBlank()) {
            throw new IllegalArgumentException("ZooKeeper connection string must not be blank; give host:port "
                    + "pairs such as zk1:2181,zk2:2181");
        }
        this.connectString = connectString;
    }

    void sessionTimeout(Duration sessionTimeout) {
        this.sessionTimeout = positive("sessionTimeout", sessionTimeout);
    }

    void connectionTimeout(Duration connectionTimeout) {
        this.connectionTimeout = positive("connectionTimeout", connectionTimeout);
    }

    void rootPath(String rootPath) {
        Objects.requireNonNull(rootPath, "rootPath");
        try {
            PathUtils.validatePath(rootPath);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("ZooKeeper root path '" + rootPath + "' is not a valid znode "
                    + "path (" + e.getMessage() + "); give an absolute path such as /ids", e);
        }
        this.rootPath = rootPath;
    }

    void lableNamespace(String lableNamespace) {
        Znodes.checkNamespace(lableNamespace);
        this.lableNamespace = lableNamespace;
    }

    void clock(IdClock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Checks that exactly one of a client and a connection string was given; the builder's check before building. */
    void checkClientGiven() {
        if ((client == null) == (connectString == null)) {
            throw new IllegalStateException("Give the ZooKeeper node lease provider either a started "
                    + "CuratorFramework (client) or a connection string (connectString), not "
                    + (client == null ? "neither" : "both"));
        }
    }

    /** Whether the provider creates (and so closes) its client: it was given a connection string, not a client. */
    boolean ownsClient() {
        return client == null;
    }

    /**
     * Returns the client the provider uses: the caller's, once checked started, or a new one, started but not yet
     * connected. Call once per provider, after {@link #checkClientGiven()}.
     */
    CuratorFramework openClient() {
        CuratorFramework given = client;
        if (given == null) {
            return Znodes.connect(Objects.requireNonNull(connectString, "checked: a connection string when no client"),
                    sessionTimeout, connectionTimeout);
        }
        if (given.getState() != CuratorFrameworkState.STARTED) {
            throw new IllegalArgumentException("The CuratorFramework given to the ZooKeeper node lease provider "
                    + "is " + given.getState() + "; start it before building the provider (or give a "
                    + "connection string and let the provider own the client)");
        }
        return given;
    }

    String rootPath() {
        return rootPath;
    }

    String lableNamespace() {
        return lableNamespace;
    }

    IdClock clock() {
        return clock;
    }

    Duration lableReleaseDelay() {
        return lableReleaseDelay;
    }

    private static Duration positive(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero() || value.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + " must be positive and below 24 days: " + value);
        }
        return value;
    }
}
