package dev.ids.testing;

import dev.ids.clock.IdClock;
import dev.ids.node.NodeLease;
import dev.ids.node.ReclaimingNodeLease;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * What the calls of one leased generator came to during an outage: how long each took against its bound (the
 * lease's remaining time at the call's start plus a second), and the latest ID timestamp of each lease the
 * generator had against that lease's deadline. A lease's deadline is sampled, in the generator's clock, before and
 * after every call while the lease is held; a reclaiming lease counts its leases by its re-claims. Kept by
 * {@link LeaseOutageContract}, whatever the lease store.
 */
public final class OutageTally {

    private static final int MAX_LISTED = 10;

    private final String name;
    private final NodeLease lease;
    private final LongSupplier leaseNumber;
    private final IdClock clock;
    private final Map<Long, Long> deadlines = new TreeMap<>();
    private final Map<Long, Long> latestStamps = new TreeMap<>();
    private final List<String> overruns = new ArrayList<>();
    private long calls;
    private long ids;
    private long refused;
    private long overrunCount;
    private long longestNanos;
    private long boundOfLongestMillis;
    private long leastSlackNanos = Long.MAX_VALUE;
    private long restoredNanos = -1;
    private long recoveredNanos = -1;

    public OutageTally(String name, NodeLease lease, LongSupplier leaseNumber, IdClock clock) {
        this.name = name;
        this.lease = lease;
        this.leaseNumber = leaseNumber;
        this.clock = clock;
    }

    /** Records the lease's deadline, in the generator's clock, if the lease is held and was not replaced meanwhile. */
    public void sampleDeadline() {
        long number = leaseNumber.getAsLong();
        long remaining = lease.remaining().toMillis();
        // Read after the remaining time: the sample errs late, never early, so it cannot invent a violation.
        long deadline = clock.wallTimeMillis() + remaining;
        if (remaining > 0 && leaseNumber.getAsLong() == number) {
            synchronized (this) {
                deadlines.merge(number, deadline, Math::max);
            }
        }
    }

    /** Records one call: its start and end (System.nanoTime), its bound, and its ID's timestamp (-1: refused). */
    public synchronized void record(long began, long ended, long boundMillis, long stampMillis) {
        long number = leaseNumber.getAsLong();
        long took = ended - began;
        calls++;
        if (took > longestNanos) {
            longestNanos = took;
            boundOfLongestMillis = boundMillis;
        }
        leastSlackNanos = Math.min(leastSlackNanos, boundMillis * 1_000_000L - took);
        if (took > boundMillis * 1_000_000L && overrunCount++ < MAX_LISTED) {
            overruns.add(name + ": a call took " + took / 1_000_000 + " ms, beyond the lease's remaining time + 1 s "
                    + "at its start: " + boundMillis + " ms");
        }
        if (stampMillis < 0) {
            refused++;
            return;
        }
        ids++;
        latestStamps.merge(number, stampMillis, Math::max);
        if (number > 0 && restoredNanos >= 0 && recoveredNanos < 0) {
            recoveredNanos = ended;
        }
    }

    /** Notes when the store was restored, to time the recovery from it. */
    public synchronized void restoredAt(long nanos) {
        restoredNanos = nanos;
    }

    /** Whether a re-claimed lease's generator issued its first ID at least this long ago. */
    public synchronized boolean recoveredFor(long millis) {
        return recoveredNanos >= 0 && System.nanoTime() - recoveredNanos >= millis * 1_000_000L;
    }

    /** How many calls refused. */
    public synchronized long refusals() {
        return refused;
    }

    /** Milliseconds from the restore to the first ID under a re-claimed lease; -1 when none came. */
    public synchronized long recoveredMillis() {
        return recoveredNanos < 0 ? -1 : (recoveredNanos - restoredNanos) / 1_000_000;
    }

    /** Every broken promise: calls beyond their bound, IDs stamped after their lease's deadline. */
    public synchronized List<String> violations() {
        List<String> violations = new ArrayList<>(overruns);
        if (overrunCount > MAX_LISTED) {
            violations.add(name + ": and " + (overrunCount - MAX_LISTED) + " more calls beyond their bound");
        }
        latestStamps.forEach((number, stamp) -> {
            Long deadline = deadlines.get(number);
            if (deadline == null || stamp > deadline) {
                violations.add(name + ": an ID stamped " + stamp + " ms since the epoch, after the deadline "
                        + deadline + " of lease " + number + " of the generator");
            }
        });
        return violations;
    }

    /** One line of figures. */
    public synchronized String summary() {
        StringBuilder line = new StringBuilder(name).append(": ").append(calls).append(" calls, ").append(ids)
                .append(" IDs, ").append(refused).append(" refused; longest ").append(longestNanos / 1_000_000)
                .append(" ms (its bound ").append(boundOfLongestMillis).append(" ms); least slack ")
                .append(leastSlackNanos / 1_000_000).append(" ms");
        latestStamps.forEach((number, stamp) -> line.append("; lease ").append(number).append(": latest ID ")
                .append(deadlines.getOrDefault(number, stamp) - stamp).append(" ms before its deadline"));
        if (restoredNanos >= 0 && (recoveredNanos >= 0 || lease instanceof ReclaimingNodeLease)) {
            line.append("; recovered ").append(recoveredMillis()).append(" ms after the restore");
        }
        return line.toString();
    }
}
