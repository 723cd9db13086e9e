package dev.ids.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.LongStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class ClaimCandidatesTest {

    /** Rows with this expiry are claimable (lapsed past the grace); any other expiry is a live lease. */
    private static final long LAPSED = 7;

    @Property(tries = 300)
    void offersTheLowestFreeIdentityFirstThenEveryOtherFreeOneOnceAndNoHeldOne(
            @ForAll @LongRange(min = 0, max = 1000) long min, @ForAll @IntRange(min = 1, max = 80) int size,
            @ForAll @Size(max = 100) List<@IntRange(min = 0, max = 79) Integer> rowOffsets,
            @ForAll @Size(max = 100) List<Boolean> lapsed, @ForAll("holder") String holder) {
        long max = min + size - 1;
        TreeMap<Long, Long> rows = new TreeMap<>();
        for (int i = 0; i < rowOffsets.size(); i++) {
            if (rowOffsets.get(i) < size) {
                rows.put(min + rowOffsets.get(i), i < lapsed.size() && lapsed.get(i) ? LAPSED : 1_000L);
            }
        }
        List<Long> free = LongStream.rangeClosed(min, max)
                .filter(id -> !rows.containsKey(id) || rows.get(id) == LAPSED).boxed().toList();

        List<Long> offered = drain(candidates(new NodeClaim("ns", min, max), rows, holder));

        assertThat(offered).containsExactlyInAnyOrderElementsOf(free);
        if (!free.isEmpty()) {
            assertThat(offered.get(0)).isEqualTo(free.get(0));
        }
    }

    @Provide
    Arbitrary<String> holder() {
        return Arbitraries.strings().ofMinLength(1).ofMaxLength(30);
    }

    @Test
    void afterTheLowestFreeIdentityClaimantsSpreadOverTheRange() {
        // A roll-out: 300 claimants read an empty range at once; all try 0, then walk from their own points.
        NodeClaim claim = new NodeClaim("ns", 0, 65535);
        Set<Long> secondChoices = new HashSet<>();
        for (int i = 0; i < 300; i++) {
            ClaimCandidates candidates = candidates(claim, new TreeMap<>(), "fleet-" + i + "#1");
            assertThat(candidates.next()).isZero();
            secondChoices.add(candidates.next());
        }
        // Were they the next-lowest identity for all, one claimant would win each round: n²/2 attempts.
        assertThat(secondChoices).as("distinct second choices").hasSizeGreaterThan(290);
    }

    @Test
    void theFullRangeOfLongsWrapsWithoutOverflow() {
        TreeMap<Long, Long> rows = new TreeMap<>();
        rows.put(0L, 1_000L);
        ClaimCandidates candidates = candidates(new NodeClaim("ns", 0, Long.MAX_VALUE), rows, "h");
        assertThat(candidates.next()).isOne();
        assertThat(candidates.next()).isNotNegative().isNotEqualTo(1L);
    }

    @Test
    void takenIdentitiesMayComeInAnyOrderWithDuplicatesAndOutsideTheRange() {
        long[] taken = {12, 10, 3, 10, 99, 11};
        ClaimCandidates candidates = new ClaimCandidates(new NodeClaim("ns", 10, 14), taken, "h");
        taken[0] = 13; // the caller's array is copied: a later change does not count
        List<Long> offered = drain(candidates);
        assertThat(offered.get(0)).isEqualTo(13L);
        assertThat(offered).containsExactlyInAnyOrder(13L, 14L);
    }

    @Test
    void aFullRangeOffersNothing() {
        TreeMap<Long, Long> rows = new TreeMap<>();
        rows.put(5L, 1_000L);
        rows.put(6L, 1_000L);
        assertThat(candidates(new NodeClaim("ns", 5, 6), rows, "h").next()).isEqualTo(ClaimCandidates.NONE);
    }

    /** The candidates of a claimant whose read found these rows: those with a lapsed lease are free. */
    private static ClaimCandidates candidates(NodeClaim claim, TreeMap<Long, Long> rows, String holder) {
        long[] taken = rows.entrySet().stream().filter(row -> row.getValue() != LAPSED)
                .mapToLong(Map.Entry::getKey).toArray();
        return new ClaimCandidates(claim, taken, holder);
    }

    private static List<Long> drain(ClaimCandidates candidates) {
        List<Long> offered = new ArrayList<>();
        for (long next = candidates.next(); next != ClaimCandidates.NONE; next = candidates.next()) {
            offered.add(next);
        }
        return offered;
    }
}
