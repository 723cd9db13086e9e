package dev.ids.kubernetes;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * What this provider has seen of other holders' Lease objects, on its own monotonic clock: for each object, the
 * version last read and the moment it was first read at that version. This is how expiry is judged, as client-go
 * judges it: a holder that has not changed its object for the duration it wrote there plus the reclaim grace, counted
 * from the moment this process first saw that version, has let its own deadline pass (its deadline runs from the start
 * of the renewal that wrote that version, which came before). No wall clock takes part: a claimant whose clock runs a
 * minute ahead judges the same, and {@code renewTime} is never compared with anything.
 *
 * <p>A version first seen now counts from now, however old it is: a process that has just started must watch an
 * object for the whole duration before it may take it. Thread-safe.
 */
final class LeaseSightings {

    /** One version of an object, and when this process first read it. */
    private record Sighting(String uid, String resourceVersion, long sinceNanos) {
    }

    private final ConcurrentMap<String, Sighting> seen = new ConcurrentHashMap<>();

    /**
     * Records an object as read and returns how long it has been unchanged, as far as this process knows.
     *
     * @param lease the object as read
     * @param readNanos the monotonic time after the read returned (later is the safe side)
     * @return nanoseconds since this version was first seen; 0 for a version seen for the first time
     */
    long unchangedFor(Lease lease, long readNanos) {
        String name = lease.getMetadata().getName();
        String uid = lease.getMetadata().getUid();
        String version = lease.getMetadata().getResourceVersion();
        Sighting sighting = seen.compute(name, (key, old) -> old != null && Objects.equals(old.uid(), uid)
                && Objects.equals(old.resourceVersion(), version) ? old : new Sighting(uid, version, readNanos));
        return readNanos - sighting.sinceNanos();
    }

    /**
     * Tells whether an object's holder has let its lease pass: held, with a duration written, and unchanged for that
     * duration plus the grace since this process first saw it.
     *
     * @param lease the object as read
     * @param readNanos the monotonic time after the read returned
     * @param graceNanos the reclaim grace
     * @return whether the identity may be taken, by an update conditional on this version
     */
    boolean expired(Lease lease, long readNanos, long graceNanos) {
        long unchanged = unchangedFor(lease, readNanos);
        long seconds = LeaseObjects.durationSeconds(lease);
        // An object without a duration (not written by this store) is never judged expired: waiting a length of
        // this process's own choosing is how two holders came to share a lease (fabric8io/kubernetes-client#7160).
        return LeaseObjects.holder(lease) != null && seconds > 0
                && unchanged >= seconds * 1_000_000_000L + graceNanos;
    }

    /** Forgets an object that is gone, so that one created again under its name is watched afresh. */
    void forget(String name) {
        seen.remove(name);
    }
}
