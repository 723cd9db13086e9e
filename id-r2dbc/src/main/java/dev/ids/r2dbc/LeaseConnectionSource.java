package dev.ids.r2dbc;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ValidationDepth;
import io.r2dbc.spi.Wrapped;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The R2DBC lease store's own connections: at most a few in use at a time, each kept open between calls so that a
 * renewal or a mark write does not open one while the application opens its own by the dozen. A kept connection is
 * checked before reuse (closed by a database restart, or idle long enough for a firewall to have dropped it, it is
 * closed and replaced); one that failed is closed, never kept. One connection runs one call at a time.
 */
final class LeaseConnectionSource {

    /** Kept idle longer, a connection is replaced: shorter than the idle timeouts of common firewalls and NATs. */
    static final Duration MAX_IDLE = Duration.ofSeconds(60);

    /** How long closing a connection given up on may take before it is left to the driver. */
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private static final String POOL = "io.r2dbc.pool.ConnectionPool";

    private final ConnectionFactory factory;
    private final Semaphore inUse;
    private final Deque<Idle> idle = new ArrayDeque<>();
    private boolean closed;

    private record Idle(Connection connection, long sinceNanos) {
    }

    LeaseConnectionSource(ConnectionFactory factory, int connections) {
        this.factory = factory;
        this.inUse = new Semaphore(connections, true);
    }

    /**
     * The factory beneath an r2dbc-pool {@code ConnectionPool}, found through the {@link Wrapped} layers above it
     * (an observation proxy, say), or the factory itself when there is no pool: connections kept out of a pool would
     * take its slots from the application for good, and would have to wait for a slot behind its burst.
     */
    static ConnectionFactory beneathPool(ConnectionFactory factory) {
        ConnectionFactory layer = factory;
        for (int depth = 0; depth < 8 && layer instanceof Wrapped<?> wrapped; depth++) {
            Object inner = wrapped.unwrap();
            if (!(inner instanceof ConnectionFactory next)) {
                break;
            }
            if (layer.getClass().getName().equals(POOL)) {
                return next;
            }
            layer = next;
        }
        return factory;
    }

    /** Waits, at most the timeout, for one of the connections to be free; pair with {@link #release()}. */
    boolean reserve(Duration timeout) {
        try {
            return inUse.tryAcquire(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    void release() {
        inUse.release();
    }

    /** A kept connection that is still open and not idle too long (others are closed), else a new one. */
    Mono<Connection> acquire() {
        return Mono.defer(() -> {
            Idle kept;
            while ((kept = takeIdle()) != null) {
                Connection connection = kept.connection();
                if (System.nanoTime() - kept.sinceNanos() < MAX_IDLE.toNanos()) {
                    // LOCAL: the driver's own view (is the socket open?), no round trip.
                    return Mono.from(connection.validate(ValidationDepth.LOCAL)).onErrorReturn(false)
                            .flatMap(valid -> {
                                if (valid) {
                                    return Mono.just(connection);
                                }
                                discard(connection);
                                return acquire();
                            });
                }
                discard(connection);
            }
            return Mono.from(factory.create());
        });
    }

    private synchronized @Nullable Idle takeIdle() {
        return idle.pollFirst();
    }

    /** Keeps a connection whose call succeeded, most recent first, so the busiest one stays warm. */
    void keep(Connection connection) {
        synchronized (this) {
            if (!closed) {
                idle.addFirst(new Idle(connection, System.nanoTime()));
                return;
            }
        }
        discard(connection);
    }

    /** Closes a connection without waiting for it, and without letting its failure reach Reactor's error hooks. */
    void discard(@Nullable Connection connection) {
        if (connection != null) {
            Mono.from(connection.close()).timeout(CLOSE_TIMEOUT).onErrorResume(e -> Mono.empty()).subscribe();
        }
    }

    /** Closes the connections kept; those in use are closed when their calls end. */
    void close() {
        Deque<Idle> left;
        synchronized (this) {
            closed = true;
            left = new ArrayDeque<>(idle);
            idle.clear();
        }
        left.forEach(kept -> discard(kept.connection()));
    }
}
