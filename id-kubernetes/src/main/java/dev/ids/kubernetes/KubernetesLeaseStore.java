package dev.ids.kubernetes;

import dev.ids.clock.IdClock;
import dev.ids.node.LeaseGrant;
import dev.ids.node.LeaseLostException;
import dev.ids.node.LeaseTimingSettings;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseStore;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The Kubernetes lease store: the answers {@link dev.ids.node.StoredNodeLease} asks of a store, each an update of the
 * identity's Lease object conditional on the {@code resourceVersion} last seen ({@link LeaseApi#update}). A claim
 * creates the object, or takes a released or silent one ({@link KubernetesClaim}); a renewal rewrites
 * {@code renewTime}, so that the version moves and watchers start counting again; a mark write raises the mark
 * annotation, never lowers it; a release clears {@code holderIdentity} and keeps the mark. Each update that meets a
 * conflict reads the object again: still this lease's (the same uid and holder value), it is tried again; gone, or
 * another holder's, the lease ends at once.
 *
 * <p>Expiry is never read from the object's times: the API server keeps no clock a client may compare, and
 * {@code renewTime} is the holder's wall clock. A claimant judges expiry by its own monotonic clock from the moment it
 * first saw the object's current version ({@link LeaseSightings}). The skew between this application's clock and the
 * others' is not measured, as for etcd and ZooKeeper: a claim that finds no mark allows one mark step for it
 * (docs/LEASES.md, "A record that is lost").
 *
 * @param api the Lease objects' API
 * @param prefix the start of every object's name
 * @param timings the lease's timings and clock
 * @param sightings when this process first saw each object's current version
 * @param logger where the store reports what it gives up on
 */
record KubernetesLeaseStore(LeaseApi api, String prefix, LeaseTimingSettings.Timings timings,
        LeaseSightings sightings, System.Logger logger) implements NodeLeaseStore<KubernetesProof> {

    /** How often one write reads and tries again when the object moved under it while still this lease's. */
    private static final int ATTEMPTS = 5;

    KubernetesLeaseStore(LeaseApi api, String prefix, LeaseTimingSettings.Timings timings, System.Logger logger) {
        this(api, prefix, timings, new LeaseSightings(), logger);
    }

    IdClock clock() {
        return timings.clock();
    }

    Duration leaseLength() {
        return timings.leaseLength();
    }

    /** The names of a namespace's objects. */
    LeaseNames names(String namespace) {
        return new LeaseNames(prefix, namespace);
    }

    /**
     * The duration every holder writes into its object: the lease length in whole seconds, rounded up, so that a
     * watcher waits at least as long as the holder's own deadline allows.
     */
    long durationSeconds() {
        return (leaseLength().toMillis() + 999) / 1000;
    }

    @Override
    public KubernetesClaim startClaim(NodeClaim claim, String holder) throws Exception {
        LeaseNames names = names(claim.namespace());
        List<Lease> objects = api.list(names.selector());
        long readAt = clock().monotonicNanos();
        Map<Long, Lease> found = new HashMap<>();
        List<Long> taken = new ArrayList<>();
        for (Lease object : objects) {
            long identity = names.identityOf(object);
            if (identity < claim.min() || identity > claim.max()) {
                continue;
            }
            found.put(identity, object);
            boolean free = LeaseObjects.holder(object) == null
                    || sightings.expired(object, readAt, timings.reclaimGrace().toNanos());
            if (!free) {
                taken.add(identity);
            }
        }
        return new KubernetesClaim(this, names, found, taken.stream().mapToLong(Long::longValue).toArray(), holder);
    }

    @Override
    public LeaseGrant renew(KubernetesProof proof) throws Exception {
        long seconds = durationSeconds();
        change(proof, read -> LeaseObjects.renewed(read, seconds, clock().wallTimeMillis()));
        return LeaseGrant.of(leaseLength());
    }

    @Override
    public long writeMark(KubernetesProof proof, long epochMillis) throws Exception {
        Lease written = change(proof, read -> LeaseObjects.mark(read) >= epochMillis ? null
                : LeaseObjects.marked(read, epochMillis));
        return Math.max(epochMillis, LeaseObjects.mark(written));
    }

    @Override
    public long release(KubernetesProof proof, long lowerTo) throws Exception {
        try {
            // Once no holder is named, no write of this lease can land (each checks the holder), so this mark is final.
            return LeaseObjects.mark(change(proof, read -> LeaseObjects.released(read, lowerTo)));
        } catch (LeaseLostException e) {
            return -1; // another holder's object, or none: nothing of this lease to release
        }
    }

    /**
     * Writes a change to the lease's object, conditional on the version last seen; on a conflict, reads the object
     * and tries again while it is still this lease's.
     *
     * @param change the object as it should be, from the object as read; {@code null} when no write is needed
     * @return the object written, or as read when no write was needed
     * @throws LeaseLostException when the object is gone or another holder's
     */
    private Lease change(KubernetesProof proof, Function<Lease, @Nullable Lease> change) throws Exception {
        Lease read = proof.latest();
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            if (!proof.owns(read)) {
                // The copy kept is the release's: an update carrying its version would land on a freed object.
                throw new LeaseLostException(lost(proof, read));
            }
            Lease wanted = change.apply(read);
            if (wanted == null) {
                return read;
            }
            try {
                Lease written = api.bounded().update(wanted);
                proof.saw(written);
                return written;
            } catch (LeaseApi.Refused refused) {
                read = refused.gone() ? null : api.bounded().get(proof.name());
                if (read == null) {
                    throw new LeaseLostException(lost(proof, null));
                }
            }
        }
        throw new KubernetesCallException("Lease " + proof.name() + " changed under each of " + ATTEMPTS
                + " updates while still this lease's; is something else writing it?", LeaseApi.CONFLICT, null);
    }

    /** Tells why an object read back is no longer the lease's. */
    private String lost(KubernetesProof proof, @Nullable Lease found) {
        if (found == null) {
            return "its Lease object " + api.namespace() + "/" + proof.name() + " is gone: deleted (Lease objects of "
                    + "ids must never be deleted by hand while their holder runs)";
        }
        String holder = LeaseObjects.holder(found);
        if (holder == null) {
            return "its Lease object " + api.namespace() + "/" + proof.name() + " was released";
        }
        if (holder.equals(proof.holder())) {
            return "its Lease object " + api.namespace() + "/" + proof.name() + " was deleted and created again";
        }
        return "another process holds the identity now (" + holder + ")";
    }

    @Override
    public String describe(KubernetesProof proof, boolean held, String state) {
        return "KubernetesNodeLease[namespace=" + proof.names().namespace() + ", identity=" + proof.identity()
                + ", holder=" + proof.holder() + ", lease=" + api.namespace() + "/" + proof.name() + ", held=" + held
                + "]";
    }

    @Override
    public String location() {
        return "in Lease objects " + prefix + "-* (" + api.describe() + ")";
    }
}
