package dev.ids.kubernetes;

import dev.ids.node.LeaseGrant;
import dev.ids.node.ListedLease;
import dev.ids.node.NodeLeaseStore;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Takes one identity over from a holder judged silent ({@link dev.ids.node.IdentityTakeOver}): only while its object
 * is as judged (the same holder and the expiry it wrote, which each renewal moves), and only once this process has
 * seen the object's current version stand still for the silence, on its own monotonic clock (the listing that judged
 * it counts as a sighting). Then one update carrying that version takes it; a renewal since makes it fail with 409.
 * Every write of the former holder is conditional on its holder value, so from then on it can neither renew nor
 * raise the mark, and the new lease starts after the mark read in the same update.
 *
 * @param store the store it reads and writes
 */
record KubernetesTakeOver(KubernetesLeaseStore store) {

    /**
     * Takes the identity as the class description says.
     *
     * @return the identity taken, or {@code null} when the object is no longer as judged or was not seen standing
     *     still for the silence
     */
    NodeLeaseStore.@Nullable Claimed<KubernetesProof> take(ListedLease judged, Duration silence, String holder)
            throws Exception {
        LeaseNames names = store.names(judged.namespace());
        String name = names.name(judged.identity());
        Lease read = store.api().get(name);
        long readAt = store.clock().monotonicNanos();
        if (read == null || !asJudged(read, judged)) {
            return null;
        }
        long stillFor = store.sightings().unchangedFor(read, readAt);
        if (stillFor < silence.toNanos()) {
            // Seen at this version for less than the silence (a first sighting counts from now): watch the rest.
            TimeUnit.NANOSECONDS.sleep(silence.toNanos() - stillFor);
            read = store.api().get(name);
            readAt = store.clock().monotonicNanos();
            if (read == null || !asJudged(read, judged)
                    || store.sightings().unchangedFor(read, readAt) < silence.toNanos()) {
                return null;
            }
        }
        long askedAt = store.clock().monotonicNanos();
        Lease written;
        try {
            written = store.api().update(LeaseObjects.taken(read, holder, store.durationSeconds(),
                    store.clock().wallTimeMillis()));
        } catch (LeaseApi.Refused moved) {
            return null;
        }
        KubernetesProof proof = new KubernetesProof(names, judged.identity(), holder, written);
        return new NodeLeaseStore.Claimed<>(proof, judged.identity(), askedAt,
                Math.max(0, LeaseObjects.mark(written)), LeaseGrant.of(store.leaseLength()));
    }

    private static boolean asJudged(Lease read, ListedLease judged) {
        return judged.holder() != null && judged.holder().equals(LeaseObjects.holder(read))
                && LeaseObjects.expiresAtMillis(read) == judged.expiresAtMillis();
    }
}
