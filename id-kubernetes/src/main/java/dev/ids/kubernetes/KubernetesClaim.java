package dev.ids.kubernetes;

import dev.ids.node.LeaseGrant;
import dev.ids.node.NodeLeaseStore;
import dev.ids.node.StoreClaim;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One claim on Lease objects: what the list at its start found, and the conditional write that takes one identity. An
 * identity without an object is taken by creating it (the API server lets one create of a name succeed); one whose
 * object is released, or whose holder this process has watched stay silent for its duration plus the grace, by an
 * update carrying the version read (any change since makes it fail with 409). Used by one thread.
 */
final class KubernetesClaim extends StoreClaim<KubernetesProof> {

    private final KubernetesLeaseStore store;
    private final LeaseNames names;
    /** The objects the list found in the range, free or not, by identity. */
    private final Map<Long, Lease> found;

    KubernetesClaim(KubernetesLeaseStore store, LeaseNames names, Map<Long, Lease> found, long[] taken, String holder) {
        super(taken, holder);
        this.store = store;
        this.names = names;
        this.found = found;
    }

    @Override
    public NodeLeaseStore.@Nullable Claimed<KubernetesProof> tryTake(long identity) throws Exception {
        Lease read = found.get(identity);
        long askedAt = store.clock().monotonicNanos();
        long wall = store.clock().wallTimeMillis();
        Lease written;
        if (read == null) {
            written = store.api().create(LeaseObjects.created(names, identity, holder(), store.durationSeconds(),
                    wall));
            if (written == null) {
                return null; // another claimant created it first
            }
        } else {
            try {
                written = store.api().update(LeaseObjects.taken(read, holder(), store.durationSeconds(), wall));
            } catch (LeaseApi.Refused moved) {
                return null; // renewed, taken or deleted since the list
            }
        }
        KubernetesProof proof = new KubernetesProof(names, identity, holder(), written);
        return new NodeLeaseStore.Claimed<>(proof, identity, askedAt, Math.max(0, LeaseObjects.mark(written)),
                LeaseGrant.of(store.leaseLength()));
    }

    @Override
    public String describeTaken() {
        return "Lease objects " + names.name(0).replaceAll("0$", "<identity>") + " in " + store.api().describe()
                + " (a holder's object is free once released, or once this process has seen it unchanged for its "
                + "leaseDurationSeconds plus the reclaim grace)";
    }
}
