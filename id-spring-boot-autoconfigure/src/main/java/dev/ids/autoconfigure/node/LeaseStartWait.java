package dev.ids.autoconfigure.node;

import java.time.Duration;
import java.time.Instant;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Waits once, as the application starts and before the web server takes requests, until the clock has passed the
 * high-water mark of every lease the generators hold: a lease whose claim found no mark (a fresh store, or a record
 * deleted or lost) starts about 20 s ahead, beyond any time a former holder may still issue IDs for
 * (docs/LEASES.md, "A record that is lost"), and a restart after a crash up to a step ahead. Waiting here, for all
 * leases together, the first requests are served instead of refused. A mark further ahead than
 * {@link #LONGEST_WAIT} (a clock stepped far back) is not waited for: the generators refuse, saying why.
 */
final class LeaseStartWait implements SmartLifecycle {

    /** Before the web server's start (Boot's {@code WebServerApplicationContext.START_STOP_LIFECYCLE_PHASE}). */
    static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

    /** The longest start-up wait: a mark further ahead is left to the generators' refusals. */
    static final Duration LONGEST_WAIT = Duration.ofMinutes(1);

    private static final Log logger = LogFactory.getLog(NodeLeases.class);

    private final NodeLeases leases;

    private volatile boolean running;

    LeaseStartWait(NodeLeases leases) {
        this.leases = leases;
    }

    @Override
    public void start() {
        running = true;
        long until = 0;
        for (LeasedIdentity leased : leases.leased()) { // a loop, not a stream: no stream classes loaded at start-up
            until = Math.max(until, leased.lease().highWaterMarkMillis());
        }
        long waitMillis = until + 1 - System.currentTimeMillis();
        if (waitMillis <= 0) {
            return;
        }
        if (waitMillis > LONGEST_WAIT.toMillis()) {
            logger.warn("A node identity lease's high-water mark " + Instant.ofEpochMilli(until) + " lies "
                    + waitMillis + " ms ahead of this instance's clock, longer than the start-up waits ("
                    + LONGEST_WAIT.toSeconds() + " s); its generator refuses IDs until the clock passes it");
            return;
        }
        logger.info("Waiting " + waitMillis + " ms, until " + Instant.ofEpochMilli(until) + ", before the "
                + "application starts: a node identity lease starts from a high-water mark ahead of the clock (a "
                + "claim that found no mark, or a restart after a crash), up to which an earlier holder may have "
                + "issued IDs");
        try {
            Thread.sleep(waitMillis);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void stop() {
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }
}
