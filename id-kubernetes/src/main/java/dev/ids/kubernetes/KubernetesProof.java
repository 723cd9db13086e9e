package dev.ids.kubernetes;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What a Kubernetes lease's updates are conditional on: the identity's object (its name, and the {@code uid} the claim
 * found or created, so that an object deleted and created again is never taken for this lease's), the holder value
 * written in it, and the object as this lease last wrote or read it, whose {@code resourceVersion} the next update
 * carries. Only that last part changes: a stale copy costs one conflict and a read, never a wrong write, as every
 * update is checked by the API server against the version it carries.
 *
 * @param names the names of the namespace's objects
 * @param identity the identity held
 * @param holder the holder value written in the object
 * @param uid the object's {@code uid} as the claim found or created it
 * @param lastSeen the object as this lease last wrote or read it
 */
record KubernetesProof(LeaseNames names, long identity, String holder, String uid, AtomicReference<Lease> lastSeen) {

    KubernetesProof(LeaseNames names, long identity, String holder, Lease claimed) {
        this(names, identity, holder, claimed.getMetadata().getUid(), new AtomicReference<>(claimed));
    }

    /** The object's name. */
    String name() {
        return names.name(identity);
    }

    /** The object as last written or read by this lease. */
    Lease latest() {
        return lastSeen.get();
    }

    /** Keeps an object this lease wrote, or read and found its own. */
    void saw(Lease lease) {
        lastSeen.set(lease);
    }

    /** Whether an object read is this lease's: the same object (uid) naming this lease's holder value. */
    boolean owns(Lease read) {
        return Objects.equals(uid, read.getMetadata().getUid()) && holder.equals(LeaseObjects.holder(read));
    }
}
