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
 */
final class KubernetesProof {

    private final LeaseNames names;
    private final long identity;
    private final String holder;
    private final String uid;
    private final AtomicReference<Lease> latest;

    KubernetesProof(LeaseNames names, long identity, String holder, Lease claimed) {
        this.names = names;
        this.identity = identity;
        this.holder = holder;
        this.uid = claimed.getMetadata().getUid();
        this.latest = new AtomicReference<>(claimed);
    }

    LeaseNames names() {
        return names;
    }

    long identity() {
        return identity;
    }

    String holder() {
        return holder;
    }

    /** The object's name. */
    String name() {
        return names.name(identity);
    }

    /** The object as last written or read by this lease. */
    Lease latest() {
        return latest.get();
    }

    /** Keeps an object this lease wrote, or read and found its own. */
    void saw(Lease lease) {
        latest.set(lease);
    }

    /** Whether an object read is this lease's: the same object (uid) naming this lease's holder value. */
    boolean owns(Lease read) {
        return Objects.equals(uid, read.getMetadata().getUid()) && holder.equals(LeaseObjects.holder(read));
    }
}
