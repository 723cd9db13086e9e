package dev.ids.sno;

import dev.ids.internal.Checks;
import org.jspecify.annotations.Nullable;

/**
 * The partition and the share of its sequence pool one {@link SnoGenerator} issues from, and the rules that decide
 * it from a builder's settings: a partition set directly, a lease's identity, or a restored snapshot's, which must
 * not disagree.
 *
 * @param partition the partition every ID carries, 0..65535
 * @param sequenceMin the first sequence number of each unit
 * @param sequenceMax the last
 */
record SnoShare(int partition, int sequenceMin, int sequenceMax) {

    private static final int MIN_POOL = 4;

    /**
     * Decides the share from a builder's settings.
     *
     * @param partition the partition set on the builder, or {@code null}
     * @param sequenceMin the lower sequence bound set on the builder, or {@code null} (then also the upper one)
     * @param sequenceMax the upper sequence bound set on the builder, or {@code null}
     * @param leased the lease's identity, or {@code null} without a lease
     * @param restored the restored snapshot's share, or {@code null}
     * @return the share
     * @throws IllegalArgumentException when the snapshot disagrees with the partition or bounds set
     * @throws IllegalStateException when there is neither a partition, a lease nor a snapshot, or the lease's
     *     identity differs from the snapshot's partition
     */
    static SnoShare decide(@Nullable Integer partition, @Nullable Integer sequenceMin, @Nullable Integer sequenceMax,
            @Nullable Integer leased, @Nullable SnoShare restored) {
        if (leased != null) {
            if (restored == null) {
                return withBounds(leased, sequenceMin, sequenceMax);
            }
            if (restored.partition() != leased) {
                throw new IllegalStateException("the restored snapshot's partition " + restored.partition()
                        + " differs from the lease's identity " + leased + "; restore a snapshot of the leased "
                        + "partition, or none");
            }
        }
        if (restored == null) {
            if (partition == null) {
                throw new IllegalStateException("partition must be set (0 to 65535; distinct for every process "
                        + "that generates snos into one space, or shared with disjoint sequence bounds)");
            }
            return withBounds(partition, sequenceMin, sequenceMax);
        }
        if (partition != null && partition != restored.partition()) {
            throw new IllegalArgumentException("partition " + partition
                    + " differs from the restored snapshot's partition " + restored.partition());
        }
        if (sequenceMin != null && sequenceMax != null // set together by sequenceBounds
                && (sequenceMin != restored.sequenceMin() || sequenceMax != restored.sequenceMax())) {
            throw new IllegalArgumentException("sequence bounds [" + sequenceMin + ", " + sequenceMax
                    + "] differ from the restored snapshot's [" + restored.sequenceMin() + ", "
                    + restored.sequenceMax() + "]");
        }
        return restored;
    }

    private static SnoShare withBounds(int partition, @Nullable Integer sequenceMin, @Nullable Integer sequenceMax) {
        return new SnoShare(partition, sequenceMin == null ? 0 : sequenceMin,
                sequenceMax == null ? Sno.MAX_SEQUENCE : sequenceMax);
    }

    /**
     * Checks a share of the sequence pool.
     *
     * @param min the first sequence number of each unit
     * @param max the last
     * @throws IllegalArgumentException when a bound is out of range, {@code min > max}, or the pool holds fewer
     *     than 4 numbers
     */
    static void checkBounds(int min, int max) {
        Checks.inRange("sequence minimum", min, 0, Sno.MAX_SEQUENCE);
        Checks.inRange("sequence maximum", max, 0, Sno.MAX_SEQUENCE);
        if (min > max) {
            throw new IllegalArgumentException("sequence minimum " + min + " must not exceed the sequence maximum "
                    + max);
        }
        if (max - min + 1 < MIN_POOL) {
            throw new IllegalArgumentException("sequence pool [" + min + ", " + max + "] holds " + (max - min + 1)
                    + " numbers; a sno generator needs at least " + MIN_POOL);
        }
    }
}
