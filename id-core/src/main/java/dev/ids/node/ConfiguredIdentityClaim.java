package dev.ids.node;

import dev.ids.clock.IdClock;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Claims the one identity an instance is configured with, and takes it over when a previous run of that instance
 * still holds it. Killed ({@code kill -9}, the OOM killer), that run released nothing, and its lease would fail every
 * restart until it expires plus the grace (70 s by default): a crash loop. So when the identity is held in a store
 * whose records outlive their holders ({@link IdentityTakeOver}), its record is read and its holder judged:
 * <ul>
 * <li>a holder proven ended ({@link LeaseHolder#isProvablyEnded()}: same boot, same PID namespace, its process gone)
 *     is taken over at once;</li>
 * <li>any other holder's record is watched for {@link IdentityTakeOver#silenceBeforeTakeOver()}: a holder that renews
 *     is another instance configured with the same identity, and the claim fails; one whose record stays unchanged
 *     for the whole watch is taken over, if the store also finds that it has not renewed for the silence.</li>
 * </ul>
 * Every takeover is conditional on the record as judged ({@link IdentityTakeOver#takeOver}), so two restarts racing
 * for one identity cannot both win, and a holder that renewed after it was judged keeps its lease. Safe whoever the
 * holder is: the new lease's IDs start after the holder's high-water mark. Whatever the store, the rule is this one
 * class: a store only reads and conditionally takes its records.
 */
public final class ConfiguredIdentityClaim {

    private static final System.Logger LOG = System.getLogger(ConfiguredIdentityClaim.class.getName());

    /** How often the holder's record is read while waiting for it to renew or stay silent. */
    static final Duration POLL = Duration.ofMillis(500);

    private ConfiguredIdentityClaim() {
    }

    /**
     * Claims a configured identity, claimed again whenever its lease ends; when another holder has it, takes it over
     * as the class description says, if the provider's records outlive their holders ({@link IdentityTakeOver}).
     *
     * @param provider the provider
     * @param claim the namespace and the one identity configured
     * @param configuredBy who is configured with it, for the log: {@code ID generator 'sno' (ids.sno.partition)}
     * @param reclaimPeriod how often the lease is checked, and claimed again once it has ended
     * @return the lease
     * @throws NoFreeNodeIdentityException when another holder has the identity and renewed it while watched (or the
     *     provider takes no identities over), or the wait was interrupted
     * @throws IllegalStateException when the store cannot be reached
     */
    public static NodeLease claim(NodeLeaseProvider provider, NodeClaim claim, String configuredBy,
            Duration reclaimPeriod) {
        Objects.requireNonNull(configuredBy, "configuredBy");
        try {
            return ReclaimingNodeLease.claim(provider, claim, IdClock.system(), reclaimPeriod);
        } catch (NoFreeNodeIdentityException held) {
            if (!(provider instanceof IdentityTakeOver store)) {
                throw held;
            }
            NodeLease lease = takeOver(store, claim, configuredBy, reclaimPeriod);
            if (lease == null) {
                throw held;
            }
            return lease;
        }
    }

    /** Judges the holder and takes the identity over from it; {@code null} when a running holder has it. */
    private static @Nullable NodeLease takeOver(IdentityTakeOver store, NodeClaim claim, String configuredBy,
            Duration reclaimPeriod) {
        ListedLease seen = record(store, claim);
        if (seen == null || seen.leaseHolder().isEmpty()) {
            return null;
        }
        if (seen.leaseHolder().get().isProvablyEnded()) {
            try {
                return take(store, seen, Duration.ZERO, configuredBy, "a process of this host and PID namespace "
                        + "that has ended without releasing it", reclaimPeriod);
            } catch (NoFreeNodeIdentityException changed) {
                return null; // renewed or taken by another claimant since it was read: a running holder has it
            }
        }
        Duration silence = store.silenceBeforeTakeOver();
        LOG.log(Level.INFO, () -> configuredBy + " is configured with node identity " + claim.min() + ", which '"
                + seen.holder() + "' holds in namespace '" + claim.namespace() + "'; watching its record for "
                + silence.toSeconds() + " s to see whether that holder renews its lease (another instance: the "
                + "claim fails) or stays silent (a previous run of this instance that ended without releasing it: "
                + "the identity is taken over)");
        // The record's expiry alone cannot tell how long ago its holder renewed: that holder's lease length may not
        // be this provider's. So the record must be seen unchanged for the whole silence here, and then the takeover's own
        // condition (no renewal for the silence, had the holder this provider's lease length) must hold as well.
        long watchedSince = System.nanoTime();
        while (System.nanoTime() - watchedSince < silence.toNanos()) {
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
            if (!seen.equals(record(store, claim))) {
                return null; // renewed, released or taken by another: a running instance has it
            }
        }
        try {
            return take(store, seen, silence, configuredBy, "whose record did not change for " + silence.toSeconds()
                    + " s: a previous run of this instance that ended without releasing it, or an instance cut off "
                    + "from the lease store", reclaimPeriod);
        } catch (NoFreeNodeIdentityException held) {
            return null; // renewed at the last moment, or its lease is longer than the silence allows to take
        }
    }

    /** Takes the identity from the holder judged, says so, and keeps claiming it again. */
    private static NodeLease take(IdentityTakeOver store, ListedLease judged, Duration silence,
            String configuredBy, String why, Duration reclaimPeriod) {
        NodeLease first = store.takeOver(judged, silence);
        LOG.log(Level.WARNING, () -> configuredBy + " took node identity " + judged.identity() + " in namespace '"
                + judged.namespace() + "' over from '" + judged.holder() + "', " + why + "; its IDs start after "
                + "that holder's high-water mark");
        NodeClaim one = new NodeClaim(judged.namespace(), judged.identity(), judged.identity());
        return ReclaimingNodeLease.of(store, first, one, IdClock.system(), reclaimPeriod);
    }

    private static @Nullable ListedLease record(IdentityTakeOver store, NodeClaim claim) {
        return store.listLeases(claim.namespace()).stream().filter(listed -> listed.identity() == claim.min())
                .findFirst().orElse(null);
    }
}
