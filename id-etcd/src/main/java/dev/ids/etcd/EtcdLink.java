package dev.ids.etcd;

import dev.ids.internal.ExceptionMessages;
import dev.ids.node.StoreLink;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.ClientBuilder;
import io.etcd.jetcd.common.exception.EtcdException;
import io.grpc.Status;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The provider's way to the cluster: a jetcd {@link Client} of its own, built from the settings at the first call
 * (or one the caller gave, which it keeps open), and a time limit on every operation, so that a cluster that stops
 * answering frees the lease's thread in time.
 *
 * <p>jetcd multiplexes every call on one HTTP/2 connection per member, and gRPC notices a connection that silently
 * stopped (a firewall or NAT that lost its state) only by its keep-alive pings, at best after 10 s plus their
 * timeout. So a client of the provider's own that let a call run out of time is dropped, closed on a thread of its
 * own, and the next call builds a new one: its connections are new. A client the caller gave is never dropped.
 */
final class EtcdLink implements StoreLink {

    /**
     * The first call's limit at least: a cold JVM loads gRPC, Netty and protobuf and connects first, which took more
     * than 5 s for one of four JVMs started at once on two cores (MultiProcessEtcdLeaseIT).
     */
    private static final Duration FIRST_CALL = Duration.ofSeconds(15);

    private final @Nullable ClientBuilder template;
    private final Duration timeout;
    private final String description;
    private final Object lock = new Object();
    /** Volatile: built under the lock by the first call after a drop, read by every call. */
    private volatile @Nullable Client client;
    /**
     * Whether a call has been answered once: until then the JVM may still be loading gRPC and Netty, and calls get the
     * first call's longer limit. Clients built after a drop get the plain limit, as a link that is hung again must
     * free the lease's thread in time.
     */
    private volatile boolean warm;
    private volatile boolean closed;

    private EtcdLink(@Nullable ClientBuilder template, @Nullable Client client, Duration timeout, String description) {
        this.template = template;
        this.client = client;
        this.timeout = timeout;
        this.description = description;
    }

    /**
     * A link that builds clients of its own from the given builder (copied for each), answering every call without
     * waiting for a connection that is not ready and with jetcd's own retries bounded by the call's limit.
     */
    static EtcdLink over(ClientBuilder builder, Duration timeout, String description) {
        ClientBuilder template = builder.copy().waitForReady(false).retryMaxDuration(timeout)
                .connectTimeout(timeout.compareTo(Duration.ofSeconds(1)) > 0 ? Duration.ofSeconds(1) : timeout)
                // gRPC's least interval; etcd's default --grpc-keepalive-min-time (5 s) accepts it.
                .keepaliveTime(Duration.ofSeconds(10)).keepaliveTimeout(Duration.ofSeconds(5));
        return new EtcdLink(template, null, timeout, description);
    }

    /** A link over the caller's client, which it neither drops nor closes. */
    static EtcdLink on(Client client, Duration timeout, String description) {
        return new EtcdLink(null, client, timeout, description);
    }

    /** The endpoints, for messages. */
    @Override
    public String describe() {
        return description;
    }

    /** The limit of one operation. */
    Duration timeout() {
        return timeout;
    }

    /**
     * Returns when an operation started now must be done by: the limit from now, or the first call's longer limit
     * while the client is cold.
     *
     * @return the deadline, in {@link System#nanoTime()}
     */
    long deadline() {
        return System.nanoTime() + limit().toNanos();
    }

    /** The limit of an operation started now. */
    private Duration limit() {
        return warm || timeout.compareTo(FIRST_CALL) >= 0 ? timeout : FIRST_CALL;
    }

    /**
     * Makes one call and waits for its answer until the deadline.
     *
     * @param deadlineNanos the operation's deadline, from {@link #deadline()}
     * @param request the call on the client
     * @return the answer
     * @throws EtcdCallException when it is not answered in time (the client of the provider's own is then dropped),
     *     the client is closed, or etcd answers with an error
     * @throws InterruptedException when the thread is interrupted while it waits (a lease closing)
     */
    <T> T call(long deadlineNanos, Function<Client, CompletableFuture<T>> request)
            throws EtcdCallException, InterruptedException {
        Client open = client();
        CompletableFuture<T> future;
        try {
            future = request.apply(open);
        } catch (RuntimeException e) {
            throw failure(e);
        }
        long left = deadlineNanos - System.nanoTime();
        try {
            T answer = future.get(Math.max(0, left), TimeUnit.NANOSECONDS);
            warm = true;
            return answer;
        } catch (TimeoutException e) {
            future.cancel(true);
            drop(open);
            throw new EtcdCallException("etcd did not answer within " + limit().toMillis() + " ms",
                    Status.Code.DEADLINE_EXCEEDED, e);
        } catch (InterruptedException e) {
            future.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            throw failure(e.getCause() != null ? e.getCause() : e);
        } catch (CancellationException e) {
            throw failure(e);
        }
    }

    private EtcdCallException failure(Throwable cause) {
        Throwable reason = cause instanceof CompletionException && cause.getCause() != null ? cause.getCause() : cause;
        if (closed) {
            return new EtcdCallException("the etcd lease provider is closed", Status.Code.CANCELLED, reason);
        }
        Status.Code code = reason instanceof EtcdException etcd ? Status.Code.valueOf(etcd.getErrorCode().name())
                : Status.fromThrowable(reason).getCode();
        return new EtcdCallException(describe(reason), code, reason);
    }

    /**
     * The messages of an error and its causes, each once: gRPC's status often names only its code, and the reason
     * (a refused password, a TLS handshake) lies in a cause.
     */
    private static String describe(Throwable error) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = error; cause != null && text.length() < 500; cause = cause.getCause()) {
            String message = ExceptionMessages.of(cause);
            if (text.indexOf(message) < 0) {
                text.append(text.length() == 0 ? "" : ": ").append(message);
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return text.toString();
    }

    private Client client() throws EtcdCallException {
        Client open = client;
        if (open != null) {
            return open;
        }
        synchronized (lock) {
            if (closed) {
                throw new EtcdCallException("the etcd lease provider is closed", Status.Code.CANCELLED, null);
            }
            open = client;
            if (open == null) {
                open = Objects.requireNonNull(template, "a link over the caller's client keeps it until closed")
                        .copy().build();
                client = open;
            }
            return open;
        }
    }

    /** Drops a client of the provider's own that let a call run out of time, unless another call dropped it first. */
    private void drop(Client stale) {
        if (template == null) {
            return;
        }
        synchronized (lock) {
            if (client != stale) {
                return;
            }
            client = null;
        }
        closeQuietly(stale);
    }

    /** Closes a client on a thread of its own: its channel's shutdown must not hold up the lease's call. */
    private static void closeQuietly(Client stale) {
        Thread closer = new Thread(() -> {
            try {
                stale.close();
            } catch (RuntimeException e) {
                // Its connections go with it either way; nothing waits for this.
            }
        }, "ids-etcd-client-close");
        closer.setDaemon(true);
        closer.start();
    }

    /** Closes the client of the provider's own; a client the caller gave stays open. */
    @Override
    public void close() {
        Client open;
        synchronized (lock) {
            closed = true;
            open = client;
            client = null;
        }
        if (open != null && template != null) {
            open.close();
        }
    }
}
