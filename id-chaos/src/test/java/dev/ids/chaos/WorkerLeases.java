package dev.ids.chaos;

import dev.ids.clock.IdClock;
import dev.ids.node.ConfiguredIdentityClaim;
import dev.ids.node.IdentityTakeOver;
import dev.ids.node.LeaseHolder;
import dev.ids.node.LeaseListing;
import dev.ids.node.ListedLease;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.ReclaimingNodeLease;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * How a chaos worker leases one scheme's identity, as its arguments say. By default as an application that leases:
 * a {@link ReclaimingNodeLease} over the range {@code 0..max}. With {@code identity.<tag>=<n>}, as an instance
 * configured with identity n restarts ({@link ConfiguredIdentityClaim}: it takes the identity over from a previous
 * run that provably ended, or that stayed silent while watched).
 *
 * <p>The test-only switches take a protection away, for the negative controls of {@code ChaosFaultsIT}:
 * <ul>
 * <li>{@code unfenced=true}: the lease never says it is lost ({@link UnfencedLease}), which also removes the
 *     clock-skew fence;</li>
 * <li>{@code markless=true}: the generator does not see the high-water mark the claim read ({@link MarklessLease}),
 *     so it does not wait for the clock to pass it;</li>
 * <li>{@code takeover=hostAndPid}: a configured identity is taken over at once from a holder with this process's
 *     host name and process id, the rule of before issue 33, which two containers with one host name (each running
 *     its application as process 1) fool.</li>
 * </ul>
 */
final class WorkerLeases {

    private static final Duration RECLAIM_CHECK = Duration.ofMillis(200);

    /**
     * How long a claim from the range may take: some identity frees within a lease and the grace of a worker's end,
     * so a claim still failing after a minute is a fault of the run, not of the nemesis.
     */
    private static final Duration RANGE_CLAIM_LIMIT = Duration.ofMinutes(1);

    private final NodeLeaseProvider provider;
    private final Map<String, String> options;
    private final long max;
    private final boolean unfenced;
    private final boolean markless;
    private final boolean hostAndPid;

    WorkerLeases(NodeLeaseProvider provider, Map<String, String> options) {
        this.provider = provider;
        this.options = options;
        this.max = Long.parseLong(options.get("max"));
        this.unfenced = Boolean.parseBoolean(options.getOrDefault("unfenced", "false"));
        this.markless = Boolean.parseBoolean(options.getOrDefault("markless", "false"));
        String takeover = options.getOrDefault("takeover", "product");
        if (!takeover.equals("product") && !takeover.equals("hostAndPid")) {
            throw new IllegalArgumentException("takeover must be product or hostAndPid: '" + takeover + "'");
        }
        this.hostAndPid = takeover.equals("hostAndPid");
    }

    /** The provider's holder id, as the store records this worker's leases; {@code null} where it has none. */
    String holderId() {
        return provider instanceof IdentityTakeOver store ? store.holderId() : null;
    }

    /**
     * Reads the store's records of every leased scheme once, where the provider lists them: a worker that waits for
     * its cue to claim has its driver loaded and the store answered by then, so that its claim follows the cue
     * closely (a restart whose clock is behind the killed holder's by less than the grace repeats its IDs only if it
     * issues within that much of the kill, as the negative control must show).
     */
    void warmUp() {
        if (provider instanceof LeaseListing listing) {
            for (ChaosScheme scheme : ChaosScheme.values()) {
                if (scheme.leased()) {
                    listing.listLeases(scheme.namespace());
                }
            }
        }
    }

    /**
     * Claims every leased scheme's identity, each on a thread of its own: a configured claim that finds its identity
     * held watches the holder for a renewal period plus the grace, and four such watches in a row would outlast the
     * pause of a holder the nemesis stops past its lease.
     *
     * @param report takes a {@code CLAIMED} line per lease as it is claimed
     * @return the leases, by scheme
     */
    Map<ChaosScheme, Leased> claimAll(Consumer<String> report) throws InterruptedException, ExecutionException {
        ExecutorService claims = Executors.newCachedThreadPool();
        try {
            Map<ChaosScheme, Future<Leased>> pending = new EnumMap<>(ChaosScheme.class);
            for (ChaosScheme scheme : ChaosScheme.values()) {
                if (scheme.leased()) {
                    pending.put(scheme, claims.submit(() -> {
                        Leased leased = claim(scheme);
                        NodeLease lease = leased.lease();
                        report.accept("CLAIMED scheme=" + scheme.tag() + " identity=" + lease.identity() + " mark="
                                + lease.highWaterMarkMillis() + " skew=" + lease.clockSkew().toMillis() + " held="
                                + lease.isHeld() + " at=" + System.currentTimeMillis());
                        return leased;
                    }));
                }
            }
            Map<ChaosScheme, Leased> leases = new EnumMap<>(ChaosScheme.class);
            for (Map.Entry<ChaosScheme, Future<Leased>> claim : pending.entrySet()) {
                leases.put(claim.getKey(), claim.getValue().get());
            }
            return leases;
        } finally {
            claims.shutdown();
        }
    }

    /**
     * Claims the scheme's identity, patiently: every identity may be held (a killed or paused worker's, until its
     * lease lapses or is taken over), or the store cut off, for a while.
     *
     * @param scheme a leased scheme
     * @return the lease the generator is built on, and how many times it was claimed again
     */
    private Leased claim(ChaosScheme scheme) throws InterruptedException {
        String configured = options.get("identity." + scheme.tag());
        NodeLease lease;
        if (configured != null) {
            NodeClaim one = new NodeClaim(scheme.namespace(), Long.parseLong(configured), Long.parseLong(configured));
            // No limit: the identity may be held by another worker that took it while this one's predecessor had
            // lost its lease, and it stays held while that worker lives; the worker's stop ends the wait.
            lease = patiently(() -> hostAndPid ? takeOverByHostAndPid(one)
                    : ConfiguredIdentityClaim.claim(provider, one, "chaos worker", RECLAIM_CHECK), null);
        } else {
            NodeClaim range = new NodeClaim(scheme.namespace(), 0, max);
            lease = unfenced ? patiently(() -> provider.claim(range), RANGE_CLAIM_LIMIT)
                    : patiently(() -> ReclaimingNodeLease.claim(provider, range, IdClock.system(), RECLAIM_CHECK),
                            RANGE_CLAIM_LIMIT);
        }
        LongSupplier number = lease instanceof ReclaimingNodeLease reclaiming ? reclaiming::reclaimCount : () -> 0;
        if (markless) {
            lease = new MarklessLease(lease);
        }
        return new Leased(unfenced ? new UnfencedLease(lease) : lease, number);
    }

    /**
     * A scheme's lease as the generator gets it.
     *
     * @param lease the lease
     * @param number how many times it was claimed again after a loss (its lease number, for the tally)
     */
    record Leased(NodeLease lease, LongSupplier number) {
    }

    /**
     * The negative control's takeover: a held identity is taken at once, with no silence, when its holder names this
     * host and this process id, as if that proved the holder a former run of this process.
     */
    private NodeLease takeOverByHostAndPid(NodeClaim one) {
        try {
            return ReclaimingNodeLease.claim(provider, one, IdClock.system(), RECLAIM_CHECK);
        } catch (NoFreeNodeIdentityException held) {
            IdentityTakeOver store = (IdentityTakeOver) provider;
            ListedLease record = store.listLeases(one.namespace()).stream()
                    .filter(listed -> listed.identity() == one.min()).findFirst().orElseThrow(() -> held);
            LeaseHolder holder = record.leaseHolder().orElseThrow(() -> held);
            boolean sameHostAndPid = holder.host().filter(hostName()::equals).isPresent()
                    && holder.processId().orElse(-1) == ProcessHandle.current().pid();
            if (!sameHostAndPid) {
                throw held;
            }
            NodeLease first = store.takeOver(record, Duration.ZERO);
            return ReclaimingNodeLease.of(store, first, one, IdClock.system(), RECLAIM_CHECK);
        }
    }

    /** The host name as {@link LeaseHolder} reads it: the environment's, else the kernel's. */
    private static String hostName() {
        String host = System.getenv("HOSTNAME");
        if (host != null && !host.isBlank()) {
            return host.strip();
        }
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.US_ASCII).strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** A claim that may find every identity held, or the store away, for a while. */
    @FunctionalInterface
    private interface Claim {

        NodeLease claim();
    }

    /**
     * Retries a claim every 100 ms.
     *
     * @param claim the claim
     * @param limit how long at most, or {@code null} for as long as the worker runs
     */
    private static NodeLease patiently(Claim claim, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + (limit == null ? Long.MAX_VALUE / 2 : limit.toNanos());
        while (true) {
            try {
                return claim.claim();
            } catch (IllegalStateException e) {
                // Every identity held (NoFreeNodeIdentityException), a holder that renewed while watched, or the
                // store cut off.
                if (System.nanoTime() - deadline > 0) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }
}
