package dev.ids.autoconfigure.node;

import dev.ids.clock.IdClock;
import dev.ids.node.LeaseHolder;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.ReclaimingNodeLease;
import dev.ids.node.sql.LeaseRow;
import dev.ids.node.sql.LeaseTableProvider;
import java.time.Duration;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Takes over, at start-up, the identity this instance is configured with when a previous run of it still holds it.
 * Killed ({@code kill -9}, the OOM killer), that run released nothing, and its lease would fail every restart until
 * it expires plus the grace (70 s by default): a crash loop. A holder that runs renews its lease every renewal period;
 * one that stays silent for {@link LeaseTableProvider#silenceBeforeTakeOver()} is taken over, which is safe whoever it
 * is ({@link LeaseTableProvider#claimFromSilentHolder}); one that renews meanwhile is another instance configured with
 * the same identity, and the start-up fails as before. A holder provably ended (a process of this boot and PID
 * namespace that no longer runs: {@link LeaseHolder#isProvablyEnded()}) is taken over at once, without the watch.
 */
final class SilentHolderTakeOver {

    private static final Log logger = LogFactory.getLog(SilentHolderTakeOver.class);

    /** How often the holder's row is read while waiting for it to renew or stay silent. */
    static final Duration POLL = Duration.ofMillis(500);

    private SilentHolderTakeOver() {
    }

    /**
     * Waits for the holder of a configured identity to renew its lease or stay silent, and takes the identity over
     * if it stays silent.
     *
     * @return the lease, claimed again whenever it ends; {@code null} when the holder renewed (another instance holds
     *     the identity) or the wait was interrupted
     */
    static @Nullable NodeLease claim(LeaseTableProvider table, NodeClaim claim, String generatorName,
            String property, Duration reclaimPeriod) {
        LeaseRow seen = row(table, claim);
        if (seen == null) {
            return null;
        }
        if (LeaseHolder.parse(seen.holder()).isProvablyEnded()) {
            try {
                return takeOver(table, claim, Duration.ZERO, generatorName, seen, "a process of this boot and PID "
                        + "namespace that has provably ended without releasing it", reclaimPeriod);
            } catch (NoFreeNodeIdentityException renewedThisMillisecond) {
                // the row changed as it was read: watch its holder as any other
            }
        }
        Duration silence = table.silenceBeforeTakeOver();
        long giveUpAt = System.nanoTime() + silence.plus(POLL).plus(POLL).toNanos();
        logger.info("ID generator '" + generatorName + "' is configured with node identity " + claim.min() + " ("
                + property + "), which '" + seen.holder() + "' holds in namespace '" + claim.namespace()
                + "'; waiting up to " + silence.toSeconds() + " s to see whether that holder renews its lease "
                + "(another instance: the start-up fails) or stays silent (a previous run of this instance that "
                + "ended without releasing it: the identity is taken over)");
        while (true) {
            try {
                return takeOver(table, claim, silence, generatorName, seen, "which had not renewed its lease for "
                        + silence.toSeconds() + " s: a previous run of this instance that ended without releasing "
                        + "it, or an instance cut off from the lease store", reclaimPeriod);
            } catch (NoFreeNodeIdentityException held) {
                LeaseRow now = row(table, claim);
                if (now != null && now.expiresAtMillis() > seen.expiresAtMillis()
                        || System.nanoTime() - giveUpAt > 0) {
                    return null; // renewed (or taken by another): a running instance holds it
                }
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
    }

    /** Takes the identity from a holder silent for {@code silence}, says so, and keeps claiming it again. */
    private static NodeLease takeOver(LeaseTableProvider table, NodeClaim claim, Duration silence,
            String generatorName, LeaseRow from, String why, Duration reclaimPeriod) {
        NodeLease first = table.claimFromSilentHolder(claim, silence);
        logger.warn("ID generator '" + generatorName + "' took node identity " + claim.min() + " in namespace '"
                + claim.namespace() + "' over from '" + from.holder() + "', " + why + "; its IDs start after that "
                + "holder's high-water mark");
        return ReclaimingNodeLease.of(table, first, claim, IdClock.system(), reclaimPeriod);
    }

    private static @Nullable LeaseRow row(LeaseTableProvider table, NodeClaim claim) {
        return table.rows(claim.namespace()).stream().filter(row -> row.identity() == claim.min()).findFirst()
                .orElse(null);
    }
}
