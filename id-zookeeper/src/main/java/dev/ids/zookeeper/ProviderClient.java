package dev.ids.zookeeper;

import org.apache.curator.framework.CuratorFramework;

/**
 * The Curator client of one provider, whether the provider owns it, and whether the provider is closed: a client the
 * provider created from a connection string is closed with it, one the caller gave is left open for the caller to
 * close. Once closed, the provider refuses every call that would use the client.
 *
 * <p>Knows nothing of the provider (the provider hands it what to close first), so the dependency runs one way.
 */
final class ProviderClient {

    private final CuratorFramework client;
    private final boolean owned;
    private volatile boolean closed;

    /**
     * Holds a client for one provider.
     *
     * @param client the started client
     * @param owned whether the provider created it, and so closes it
     */
    ProviderClient(CuratorFramework client, boolean owned) {
        this.client = client;
        this.owned = owned;
    }

    CuratorFramework curator() {
        return client;
    }

    /** Refuses a call after the provider was closed. */
    void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("The ZooKeeper node lease provider is closed; build a new one");
        }
    }

    /**
     * Closes the provider once: runs {@code closeLeases} (which still needs the client), then closes the client if
     * the provider owns it. Later calls do nothing.
     */
    void close(Runnable closeLeases) {
        if (closed) {
            return;
        }
        closed = true;
        closeLeases.run();
        if (owned) {
            client.close();
        }
    }
}
