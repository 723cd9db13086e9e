package dev.ids.kubernetes;

import dev.ids.node.ListedLease;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The operator's view of a namespace: one list of its Lease objects. A held identity is listed with the expiry its
 * holder wrote ({@code renewTime} plus {@code leaseDurationSeconds}, on the holder's clock): the same on every read
 * until the holder renews, as a takeover's judgement needs, and never used to judge expiry. Each object listed is
 * also a sighting ({@link LeaseSightings}), so a takeover after a watch through this listing knows how long the
 * object stood still.
 *
 * @param store the store it reads
 */
record KubernetesLeaseListing(KubernetesLeaseStore store) {

    /** Lists every identity of the namespace that has an object, ascending. */
    List<ListedLease> list(String namespace) throws Exception {
        LeaseNames names = store.names(namespace);
        List<Lease> objects = store.api().list(names.selector());
        long readAt = store.clock().monotonicNanos();
        Map<Long, ListedLease> rows = new TreeMap<>();
        for (Lease object : objects) {
            long identity = names.identityOf(object);
            if (identity < 0) {
                continue;
            }
            store.sightings().unchangedFor(object, readAt);
            rows.put(identity, new ListedLease(namespace, identity, LeaseObjects.latestHolder(object),
                    LeaseObjects.holder(object) != null, LeaseObjects.expiresAtMillis(object),
                    Math.max(0, LeaseObjects.mark(object))));
        }
        return List.copyOf(rows.values());
    }
}
