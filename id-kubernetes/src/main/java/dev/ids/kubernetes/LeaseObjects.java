package dev.ids.kubernetes;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseSpec;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes the fields of a {@code coordination.k8s.io/v1} Lease the store uses: {@code holderIdentity} (the
 * holder value, empty once released), {@code leaseDurationSeconds} (what the holder asks others to wait for, from the
 * moment they see the object change), {@code acquireTime}, {@code renewTime} and {@code leaseTransitions} (as
 * client-go writes them, for people and tools; no expiry is judged by them), and the mark annotation. Every change is
 * made on a copy that keeps the read object's {@code resourceVersion}, so that the update is conditional on it.
 */
final class LeaseObjects {

    private LeaseObjects() {
    }

    /** The holder value, or {@code null} when released (or never held). */
    static @Nullable String holder(Lease lease) {
        LeaseSpec spec = lease.getSpec();
        String holder = spec == null ? null : spec.getHolderIdentity();
        return holder == null || holder.isEmpty() ? null : holder;
    }

    /** The lease length the holder wrote, in seconds, or -1 when it wrote none. */
    static long durationSeconds(Lease lease) {
        LeaseSpec spec = lease.getSpec();
        Integer seconds = spec == null ? null : spec.getLeaseDurationSeconds();
        return seconds == null || seconds <= 0 ? -1 : seconds;
    }

    /** The stored mark, or -1 when there is none (or it is not a number, as a hand-edited one may be). */
    static long mark(Lease lease) {
        Map<String, String> annotations = lease.getMetadata().getAnnotations();
        String mark = annotations == null ? null : annotations.get(LeaseNames.MARK_ANNOTATION);
        if (mark == null || !mark.matches("[0-9]{1,18}")) {
            return -1;
        }
        return Long.parseLong(mark);
    }

    /** The latest holder recorded in the object, held or released, or {@code null}. */
    static @Nullable String latestHolder(Lease lease) {
        String holder = holder(lease);
        if (holder != null) {
            return holder;
        }
        Map<String, String> annotations = lease.getMetadata().getAnnotations();
        return annotations == null ? null : annotations.get(LeaseNames.LATEST_HOLDER_ANNOTATION);
    }

    /** When the lease expires unless renewed, on the holder's clock ({@code renewTime} plus the duration); else 0. */
    static long expiresAtMillis(Lease lease) {
        LeaseSpec spec = lease.getSpec();
        long seconds = durationSeconds(lease);
        if (holder(lease) == null || seconds < 0 || spec.getRenewTime() == null) {
            return 0;
        }
        return spec.getRenewTime().toInstant().toEpochMilli() + seconds * 1000;
    }

    /** A new object for an identity that has none: held by the holder, with no mark. */
    static Lease created(LeaseNames names, long identity, String holder, long durationSeconds, long wallMillis) {
        ZonedDateTime now = microTime(wallMillis);
        return new LeaseBuilder()
                .withMetadata(new ObjectMetaBuilder().withName(names.name(identity)).withLabels(names.labels(identity))
                        .withAnnotations(Map.of(LeaseNames.LATEST_HOLDER_ANNOTATION, holder)).build())
                .withNewSpec().withHolderIdentity(holder).withLeaseDurationSeconds(Math.toIntExact(durationSeconds))
                .withAcquireTime(now).withRenewTime(now).withLeaseTransitions(0).endSpec()
                .build();
    }

    /** The object as read, taken by a new holder: a transition, the mark kept. */
    static Lease taken(Lease read, String holder, long durationSeconds, long wallMillis) {
        ZonedDateTime now = microTime(wallMillis);
        LeaseSpec spec = read.getSpec() == null ? new LeaseSpec() : read.getSpec();
        int transitions = spec.getLeaseTransitions() == null ? 0 : spec.getLeaseTransitions();
        Lease taken = new LeaseBuilder(read).editOrNewSpec().withHolderIdentity(holder)
                .withLeaseDurationSeconds(Math.toIntExact(durationSeconds)).withAcquireTime(now).withRenewTime(now)
                .withLeaseTransitions(transitions + 1).endSpec().build();
        return annotated(taken, LeaseNames.LATEST_HOLDER_ANNOTATION, holder);
    }

    /** The object as read, renewed by its holder. */
    static Lease renewed(Lease read, long durationSeconds, long wallMillis) {
        return new LeaseBuilder(read).editOrNewSpec().withLeaseDurationSeconds(Math.toIntExact(durationSeconds))
                .withRenewTime(microTime(wallMillis)).endSpec().build();
    }

    /** The object as read, with the mark set to a value. */
    static Lease marked(Lease read, long markMillis) {
        return annotated(read, LeaseNames.MARK_ANNOTATION, Long.toString(markMillis));
    }

    /** The object as read, released: no holder, so that anyone may take it at once; the mark lowered if asked. */
    static Lease released(Lease read, long lowerTo) {
        Lease released = new LeaseBuilder(read).editOrNewSpec().withHolderIdentity(null).endSpec().build();
        return lowerTo >= 0 ? marked(released, lowerTo) : released;
    }

    private static Lease annotated(Lease lease, String key, String value) {
        Map<String, String> annotations = lease.getMetadata().getAnnotations() == null ? new HashMap<>()
                : new HashMap<>(lease.getMetadata().getAnnotations());
        annotations.put(key, value);
        return new LeaseBuilder(lease).editMetadata().withAnnotations(annotations).endMetadata().build();
    }

    private static ZonedDateTime microTime(long wallMillis) {
        return Instant.ofEpochMilli(wallMillis).atZone(ZoneOffset.UTC);
    }
}
