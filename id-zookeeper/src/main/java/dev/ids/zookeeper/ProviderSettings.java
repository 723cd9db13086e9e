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
 * name: the caller's, which must be started, or one created from the connection string, starting from the defaults
 * the provider declares. The public builder extends it; this class keeps the setters and their rules apart from the
 * provider, so that the provider reads as what it does with them.
 *
 * <p>Not thread-safe, as builders are not; the provider reads it while it is built and keeps no reference to it.
 *
 * @param <B> the builder, which every setter returns
 */
abstract class ProviderSettings<B extends ProviderSettings<B>> {

    private @Nullable CuratorFramework client;
    private @Nullable String connectString;
    private Duration sessionTimeout = ZooKeeperNodeLeaseProvider.DEFAULT_SESSION_TIMEOUT;
    private Duration connectionTimeout = ZooKeeperNodeLeaseProvider.DEFAULT_CONNECTION_TIMEOUT;
    private String rootPath = ZooKeeperNodeLeaseProvider.DEFAULT_ROOT_PATH;
    private String lableNamespace = ZooKeeperNodeLeaseProvider.DEFAULT_LABLE_NAMESPACE;
    private IdClock clock = IdClock.system();
    private Duration lableReleaseDelay = ZooKeeperNodeLeaseProvider.DEFAULT_LABLE_RELEASE_DELAY;

    /**
     * Returns this builder as its concrete type, which {@code B} names.
     *
     * @return this
     */
    @SuppressWarnings("unchecked")
    protected final B self() {
        return (B) this;
    }

    /**
     * Sets how long a released identity of the Lable namespace stays taken before its znode is deleted (default
     * {@link ZooKeeperNodeLeaseProvider#DEFAULT_LABLE_RELEASE_DELAY}, what Lable's own module keeps against clock
     * skew); at least that when generators of Lable's own module share the pool, longer if its configured skew is.
     * {@link ZooKeeperNodeLeaseProvider#close()} waits for it.
     *
     * @param lableReleaseDelay the delay; zero deletes at once
     * @return this builder
     */
    public B lableReleaseDelay(Duration lableReleaseDelay) {
        Objects.requireNonNull(lableReleaseDelay, "lableReleaseDelay");
        if (lableReleaseDelay.isNegative()) {
            throw new IllegalArgumentException("lableReleaseDelay must not be negative: " + lableReleaseDelay);
        }
        this.lableReleaseDelay = lableReleaseDelay;
        return self();
    }

    /**
     * Uses a Curator client the caller has started and will close; the provider does not close it.
     *
     * @param client the started client
     * @return this builder
     */
    public B client(CuratorFramework client) {
        this.client = Objects.requireNonNull(client, "client");
        return self();
    }

    /**
     * Connects to ZooKeeper with a client the provider creates and closes.
     *
     * @param connectString the ensemble, such as {@code zk1:2181,zk2:2181,zk3:2181}
     * @return this builder
     */
    public B connectString(String connectString) {
        Objects.requireNonNull(connectString, "connectString");
        if (connectString.isBlank()) {
            throw new IllegalArgumentException("ZooKeeper connection string must not be blank; give host:port "
                    + "pairs such as zk1:2181,zk2:2181");
        }
        this.connectString = connectString;
        return self();
    }

    /**
     * Sets the session timeout of a client the provider creates (default 30 s). Shorter means an identity of a
     * crashed process is free sooner, but a pause or a network hiccup of that length loses the lease.
     *
     * @param sessionTimeout the session timeout asked of the server
     * @return this builder
     */
    public B sessionTimeout(Duration sessionTimeout) {
        this.sessionTimeout = positive("sessionTimeout", sessionTimeout);
        return self();
    }

    /**
     * Sets the connection timeout of a client the provider creates (default 10 s), which is also how long each of
     * its calls waits for an answer (ZooKeeper's request timeout), so that a server that hangs holds no claim or
     * release for longer.
     *
     * @param connectionTimeout how long an operation waits for a connection, and for its answer
     * @return this builder
     */
    public B connectionTimeout(Duration connectionTimeout) {
        this.connectionTimeout = positive("connectionTimeout", connectionTimeout);
        return self();
    }

    /**
     * Sets the root znode (default {@value ZooKeeperNodeLeaseProvider#DEFAULT_ROOT_PATH}).
     *
     * @param rootPath an absolute znode path, such as {@code /ids} or {@code /unique-id-generator}
     * @return this builder
     */
    public B rootPath(String rootPath) {
        Objects.requireNonNull(rootPath, "rootPath");
        try {
            PathUtils.validatePath(rootPath);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("ZooKeeper root path '" + rootPath + "' is not a valid znode "
                    + "path (" + e.getMessage() + "); give an absolute path such as /ids", e);
        }
        this.rootPath = rootPath;
        return self();
    }

    /**
     * Sets the namespace whose claims use Lable's layout directly under the root, {@code <root>/pool/<id>} and
     * {@code <root>/cluster-id} (default {@value ZooKeeperNodeLeaseProvider#DEFAULT_LABLE_NAMESPACE}). To share a
     * pool with Lable's own module, set the root to the znode that module was given.
     *
     * @param lableNamespace the namespace of Lable claims
     * @return this builder
     */
    public B lableNamespace(String lableNamespace) {
        Znodes.checkNamespace(lableNamespace);
        this.lableNamespace = lableNamespace;
        return self();
    }

    /**
     * Sets the clock whose monotonic reading times lease deadlines (default the system clock).
     *
     * @param clock the clock
     * @return this builder
     */
    public B clock(IdClock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return self();
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

    /** Returns the settings of the znodes and leases, as set. */
    Terms terms() {
        return new Terms(rootPath, lableNamespace, clock, lableReleaseDelay);
    }

    private static Duration positive(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero() || value.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + " must be positive and below 24 days: " + value);
        }
        return value;
    }

    /**
     * The settings of the znodes and leases, as set.
     *
     * @param rootPath the root znode
     * @param lableNamespace the namespace whose claims use Lable's layout
     * @param clock the clock of the lease deadlines
     * @param lableReleaseDelay how long a released Lable identity stays taken
     */
    record Terms(String rootPath, String lableNamespace, IdClock clock, Duration lableReleaseDelay) {
    }
}
