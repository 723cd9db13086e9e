package dev.ids.autoconfigure.node;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The close of one lease when the context closes, on a thread of its own, so that {@link NodeLeases} closes them side
 * by side and waits for all of them together, at most a timeout; a release given up, or one that threw, is logged
 * here, where the timeout is known.
 */
final class LeaseRelease {

    /** The leases' logger, where operators look for them. */
    private static final Log logger = LogFactory.getLog(NodeLeases.class);

    private final LeasedIdentity leased;

    private final Duration remaining;

    private final Thread thread;

    private volatile @Nullable RuntimeException failure;

    private LeaseRelease(LeasedIdentity leased) {
        this.leased = leased;
        this.remaining = leased.lease().isHeld() ? leased.lease().remaining() : Duration.ZERO;
        this.thread = new Thread(this::close, "ids-lease-release-" + leased.generatorName());
        this.thread.setDaemon(true);
    }

    private static LeaseRelease start(LeasedIdentity leased) {
        LeaseRelease release = new LeaseRelease(leased);
        release.thread.start();
        return release;
    }

    private void close() {
        try {
            leased.lease().close();
        } catch (RuntimeException ex) {
            failure = ex;
        }
    }

    private void await(long deadline, Duration timeout) {
        try {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        String identity = "the node identity " + leased.lease().identity() + " of '" + leased.generatorName()
                + "' in " + leased.provider();
        String free = "; it becomes free when its lease expires"
                + (remaining.isZero() ? "" : ", in at most " + remaining.toMillis() + " ms");
        if (thread.isAlive()) {
            logger.warn("Did not release " + identity + " within " + timeout.toMillis() + " ms, going on with the"
                    + " shutdown" + free);
        } else if (failure != null) {
            logger.warn("Cannot release " + identity + free, failure);
        }
    }

    /**
     * Closes the leases side by side and waits at most the timeout for all of them, then returns; a release still
     * running goes on, on its daemon thread.
     *
     * @param leases the leases to close
     * @param timeout how long to wait for all of them
     */
    static void releaseAll(List<LeasedIdentity> leases, Duration timeout) {
        List<LeaseRelease> releases = leases.stream().map(LeaseRelease::start).toList();
        long deadline = System.nanoTime() + timeout.toNanos();
        for (LeaseRelease release : releases) {
            release.await(deadline, timeout);
        }
    }
}
