package dev.ids.autoconfigure.actuate;

import dev.ids.internal.DaemonThreads;
import dev.ids.internal.ExceptionMessages;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A read of the lease store for the {@code ids} endpoint, bounded in time: a store that hangs would otherwise hold
 * each request for the pool's connection timeout (30 s with Hikari's default), and a page that polls the endpoint
 * would pile requests up. One read at a time, on a daemon thread that ends when idle; requests that arrive while it
 * is under way wait for that same read, within their own bound, rather than start another.
 *
 * @param <T> what the read returns
 */
final class BoundedStoreRead<T> {

    private final Duration timeout;

    private final ThreadPoolExecutor reader;

    /** The read under way or the latest one; guarded by this. */
    private @Nullable CompletableFuture<T> latest;

    /** When ({@link System#nanoTime()}) the latest read began; guarded by this. */
    private long latestBegan;

    BoundedStoreRead(Duration timeout) {
        this.timeout = timeout;
        this.reader = new ThreadPoolExecutor(1, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                DaemonThreads.named("ids-endpoint-store-read"));
        this.reader.allowCoreThreadTimeOut(true);
    }

    /**
     * Reads, or joins the read under way, and waits for it at most the timeout.
     *
     * @param read the read
     * @return what it returned
     * @throws IllegalStateException when it failed, or did not finish in time (saying how long it has been under way)
     */
    T read(Supplier<T> read) {
        CompletableFuture<T> current;
        long began;
        synchronized (this) {
            if (latest == null || latest.isDone()) {
                latestBegan = System.nanoTime();
                latest = CompletableFuture.supplyAsync(read, reader);
            }
            current = latest;
            began = latestBegan;
        }
        try {
            return current.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("the lease store did not answer within " + timeout.toMillis() + " ms (a "
                    + "read has been under way for " + (System.nanoTime() - began) / 1_000_000 + " ms); it may be "
                    + "down or hung");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw cause instanceof IllegalStateException failure ? failure
                    : new IllegalStateException(ExceptionMessages.of(cause), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the lease store");
        }
    }
}
