package dev.ids.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.NodeLeaseProvider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * A fleet rolling out: many claimants, each a provider with a holder id of its own, claim from one namespace of 1,024
 * identities at once, and all hold distinct identities within 30 s. A subclass per store (the Redis and etcd stores')
 * runs it, supplying the claimants' providers; they share a few connections or clients, as a JVM cannot open hundreds
 * cheaply, but each still makes its own reads and conditional writes.
 */
public abstract class FleetClaimContract {

    /** The provider classes' loggers, held so that their levels stay. */
    private final List<Logger> quieted = new ArrayList<>();

    /** How many claimants claim at once. */
    protected abstract int claimants();

    /** How many threads the claims run on. */
    protected abstract int threads();

    /** The store and how the claimants reach it, for the report line, such as {@code "etcd over 4 clients"}. */
    protected abstract String fleetDescription();

    /** The class of the store's provider, whose logger is quieted for the run. */
    protected abstract Class<?> providerClass();

    /**
     * Opens the store for a fleet: returns a source of claimants, each built over the given key prefix with the holder
     * id {@code claimant-<index>} and without background renewal, sharing what the fleet shares.
     *
     * @param keyPrefix the prefix of every record, new for the run
     * @return the fleet, closed after the claims with everything it opened
     */
    protected abstract Fleet openFleet(String keyPrefix) throws Exception;

    /** The claimants' providers, over the connections or clients they share. */
    protected interface Fleet extends AutoCloseable {

        /**
         * Builds the provider of one claimant.
         *
         * @param index the claimant's index, from zero
         * @return the provider
         */
        NodeLeaseProvider claimant(int index);
    }

    @Test
    void simultaneousClaimantsHoldDistinctIdentities() throws Exception {
        String prefix = "ids-fleet-" + UUID.randomUUID().toString().substring(0, 8);
        NodeClaim claim = new NodeClaim("sno", 0, 1023);
        // Hundreds of first starts would log as many lines about their floors: the figure is about the claims.
        Logger quiet = Logger.getLogger(providerClass().getName());
        quieted.add(quiet);
        quiet.setLevel(Level.WARNING);
        try (Fleet fleet = openFleet(prefix)) {
            claimAtOnce(fleet, claim);
        }
    }

    private void claimAtOnce(Fleet fleet, NodeClaim claim) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads());
        try {
            List<NodeLeaseProvider> providers = new ArrayList<>();
            for (int i = 0; i < claimants(); i++) {
                providers.add(fleet.claimant(i));
            }
            Set<Long> identities = ConcurrentHashMap.newKeySet();
            List<NodeLease> leases = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> claims = new ArrayList<>();
            for (NodeLeaseProvider provider : providers) {
                claims.add(pool.submit(() -> {
                    start.await();
                    NodeLease lease = provider.claim(claim);
                    leases.add(lease);
                    identities.add(lease.identity());
                    return null;
                }));
            }
            long began = System.nanoTime();
            start.countDown();
            for (Future<?> done : claims) {
                done.get(60, TimeUnit.SECONDS);
            }
            Duration took = Duration.ofNanos(System.nanoTime() - began);
            System.out.println("[fleet] " + claimants() + " claimants of " + fleetDescription() + " over " + threads()
                    + " threads held distinct identities after " + took.toMillis() + " ms");
            assertThat(identities).hasSize(claimants()).allMatch(identity -> identity >= 0 && identity <= 1023);
            // The figure is 3 s (BENCHMARKS.md); a loaded CI machine gets ten times that.
            assertThat(took).isLessThan(Duration.ofSeconds(30));
            leases.forEach(NodeLease::close);
        } finally {
            pool.shutdownNow();
        }
    }
}
