package dev.ids.node;

/**
 * How a {@link KeyedLeaseProvider} reaches its store (a client, a connection): named in the provider's messages and
 * closed with the provider. A link closes only what it opened; a client or connection the caller gave stays open.
 */
public interface StoreLink extends AutoCloseable {

    /**
     * Names the store for messages, such as {@code etcd http://10.0.0.1:2379}.
     *
     * @return the description
     */
    String describe();

    /** Closes what the link opened, and nothing the caller gave. */
    @Override
    void close();
}
