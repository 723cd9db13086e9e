package dev.ids.redis;

import dev.ids.node.StoreLink;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The provider's way to the server: one connection of its own, opened from the application's client at the first
 * call (or one the caller gave, which it keeps open), to a single server or a Redis Cluster. Every call waits at most
 * the call timeout, so that a server that stops answering frees the lease's thread in time; scripts run by
 * {@code EVALSHA}, loaded by {@code EVAL} when the server does not know them yet (a restart, a failover).
 */
final class RedisLink implements StoreLink {

    private final @Nullable AbstractRedisClient client;
    private final Duration timeout;
    /**
     * The first connection's timeout: the call timeout, at least 5 s, as a cold client's first connection (Netty
     * starting) may take more than a second. Later connections get the call timeout.
     */
    private final Duration firstConnectTimeout;
    /** Whether a connection was opened once; read and written under the lock. */
    private boolean openedOnce;
    private final Map<String, String> digests = new ConcurrentHashMap<>();
    private final boolean ownsConnection;
    private final Object lock = new Object();
    /** Volatile: opened under the lock by the first call, read by every call. */
    private volatile @Nullable StatefulConnection<String, String> connection;
    private volatile boolean closed;

    private RedisLink(@Nullable AbstractRedisClient client, @Nullable StatefulConnection<String, String> connection,
            Duration timeout) {
        this.client = client;
        this.connection = connection;
        this.ownsConnection = connection == null;
        this.timeout = timeout;
        this.firstConnectTimeout = timeout.compareTo(Duration.ofSeconds(5)) < 0 ? Duration.ofSeconds(5) : timeout;
    }

    /** A link that opens a connection of its own from the client, and closes it. */
    static RedisLink over(AbstractRedisClient client, Duration timeout) {
        if (!(client instanceof RedisClient) && !(client instanceof RedisClusterClient)) {
            throw new IllegalArgumentException("The Redis node lease provider takes a RedisClient or a "
                    + "RedisClusterClient, not " + client.getClass().getName());
        }
        return new RedisLink(client, null, timeout);
    }

    /** A link over the caller's connection, which it leaves open. */
    static RedisLink on(StatefulConnection<String, String> connection, Duration timeout) {
        if (!(connection instanceof StatefulRedisConnection) && !(connection instanceof StatefulRedisClusterConnection)) {
            throw new IllegalArgumentException("The Redis node lease provider takes a StatefulRedisConnection or a "
                    + "StatefulRedisClusterConnection, not " + connection.getClass().getName());
        }
        return new RedisLink(null, connection, timeout);
    }

    /** Whether the server is a Redis Cluster. */
    boolean isCluster() {
        return client instanceof RedisClusterClient || connection instanceof StatefulRedisClusterConnection;
    }

    /** The call timeout. */
    Duration timeout() {
        return timeout;
    }

    /**
     * Runs a script on the keys' node.
     *
     * @return the script's answer, a list of {@code Long} and {@code String}
     */
    List<Object> script(String script, String[] keys, String... args) throws Exception {
        String digest = digests.computeIfAbsent(script, RedisLink::sha1);
        try {
            return call(commands -> commands.evalsha(digest, ScriptOutputType.MULTI, keys, args));
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof RedisNoScriptException)) {
                throw e;
            }
            return call(commands -> commands.eval(script, ScriptOutputType.MULTI, keys, args));
        }
    }

    /** Runs one command, waiting at most the call timeout. */
    <T> T call(Function<RedisClusterAsyncCommands<String, String>, RedisFuture<T>> command) throws Exception {
        StatefulConnection<String, String> open = connection();
        RedisFuture<T> future;
        try {
            future = command.apply(commands(open));
        } catch (RedisException e) {
            throw new RedisUnansweredException("Redis could not be sent the call: " + e.getMessage(), e);
        }
        return await(future, open);
    }

    /**
     * Runs one command on every master (the server itself when it is not a Cluster), each answer keyed by its node.
     */
    <T> Map<String, T> callEveryMaster(Function<RedisClusterAsyncCommands<String, String>, RedisFuture<T>> command)
            throws Exception {
        StatefulConnection<String, String> open = connection();
        Map<String, T> answers = new java.util.LinkedHashMap<>();
        if (open instanceof StatefulRedisClusterConnection<String, String> cluster) {
            List<RedisClusterNode> masters = new ArrayList<>();
            for (RedisClusterNode node : cluster.getPartitions()) {
                if (node.is(RedisClusterNode.NodeFlag.UPSTREAM)) {
                    masters.add(node);
                }
            }
            for (RedisClusterNode node : masters) {
                answers.put(node.getUri().getHost() + ":" + node.getUri().getPort(),
                        await(command.apply(cluster.getConnection(node.getNodeId()).async()), open));
            }
        } else {
            answers.put(address(open), await(command.apply(commands(open)), open));
        }
        return answers;
    }

    /** The server's address as it reports it to this connection (CLIENT INFO's laddr), or "unknown". */
    private String address(StatefulConnection<String, String> open) {
        try {
            for (String field : await(commands(open).clientInfo(), open).split(" ")) {
                if (field.startsWith("laddr=")) {
                    return field.substring("laddr=".length());
                }
            }
        } catch (Exception e) {
            // An older server, or CLIENT not permitted: the message names no address.
        }
        return "an address it does not tell";
    }

    /** Names the server for messages. */
    @Override
    public String describe() {
        StatefulConnection<String, String> open = connection;
        if (client instanceof RedisClusterClient || open instanceof StatefulRedisClusterConnection) {
            return "the Redis Cluster";
        }
        return "the Redis server";
    }

    /**
     * Waits for an answer at most the call timeout. A connection of the link's own that did not answer in time is
     * dropped, and the next call opens a new one: Lettuce has no read timeout, so a connection a firewall or NAT
     * silently lost would otherwise hold every later call until the operating system gives up on it.
     */
    private <T> T await(RedisFuture<T> future, StatefulConnection<String, String> open) throws Exception {
        try {
            return future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            drop(open);
            throw new TimeoutException("Redis did not answer within " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw e;
        } catch (CancellationException e) {
            throw new RedisUnansweredException("the call to Redis was cancelled, its connection closed", e);
        }
    }

    private static RedisClusterAsyncCommands<String, String> commands(StatefulConnection<String, String> open) {
        if (open instanceof StatefulRedisClusterConnection<String, String> cluster) {
            return cluster.async();
        }
        return ((StatefulRedisConnection<String, String>) open).async();
    }

    private StatefulConnection<String, String> connection() throws Exception {
        StatefulConnection<String, String> open = connection;
        if (open != null) {
            return open;
        }
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException("The Redis node lease provider is closed");
            }
            open = connection;
            if (open == null) {
                open = open();
                connection = open;
            }
            return open;
        }
    }

    /**
     * Opens a connection from the client within the call timeout: the client's own handshake timeout (its URI's,
     * 60 s by default) would hold a renewal or a re-claim far past the lease's deadline while the server hangs. A
     * connection that opens after it was given up on is closed.
     */
    private StatefulConnection<String, String> open() throws Exception {
        AbstractRedisClient owned = Objects.requireNonNull(client,
                "a link over the caller's connection never opens one: it has no client");
        CompletableFuture<StatefulConnection<String, String>> opening = CompletableFuture.supplyAsync(
                () -> owned instanceof RedisClusterClient cluster ? cluster.connect()
                        : ((RedisClient) owned).connect(),
                task -> {
                    Thread thread = new Thread(task, "ids-redis-connect");
                    thread.setDaemon(true);
                    thread.start();
                });
        Duration connectTimeout = openedOnce ? timeout : firstConnectTimeout;
        try {
            StatefulConnection<String, String> opened = opening.get(connectTimeout.toNanos(), TimeUnit.NANOSECONDS);
            openedOnce = true;
            return opened;
        } catch (TimeoutException e) {
            opening.thenAccept(StatefulConnection::closeAsync);
            throw new TimeoutException("Redis did not accept a connection within " + connectTimeout.toMillis()
                    + " ms");
        } catch (ExecutionException e) {
            // Checked, whatever Lettuce threw: a failed release is then retried rather than taken for a bug.
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new RedisUnansweredException("Redis could not be connected to: " + cause.getMessage(), cause);
        }
    }

    private void drop(StatefulConnection<String, String> open) {
        if (!ownsConnection) {
            return;
        }
        synchronized (lock) {
            if (connection == open) {
                connection = null;
                open.closeAsync();
            }
        }
    }

    /** Closes the connection when the link opened it. */
    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            StatefulConnection<String, String> open = connection;
            if (ownsConnection && open != null) {
                open.close();
                connection = null;
            }
        }
    }

    private static String sha1(String script) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
                    .digest(script.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is missing from this JVM", e);
        }
    }

    @Override
    public String toString() {
        return "RedisLink[" + describe() + ", timeout=" + timeout + "]";
    }

}
