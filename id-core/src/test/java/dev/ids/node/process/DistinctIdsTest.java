package dev.ids.node.process;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The duplicate check of the multi-process tests must itself find duplicates, in either way of keeping IDs. */
class DistinctIdsTest {

    @ParameterizedTest
    @ValueSource(ints = {0, 22})
    void distinctIdsFromSeveralSourcesPass(int blockBits) {
        DistinctIds distinct = new DistinctIds(blockBits);
        for (long i = 0; i < 100_000; i++) {
            distinct.add(i * 31 + (i % 3 << 40), "a"); // three blocks
            distinct.add(-i - 1, "b");
        }

        assertThat(distinct.duplicates()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 22})
    void anIdWrittenByTwoSourcesIsReportedWithTheSecondSource(int blockBits) {
        DistinctIds distinct = new DistinctIds(blockBits);
        distinct.add(1L << 40 | 5, "a");
        distinct.add(1L << 40 | 6, "a");
        distinct.add(2L << 40 | 5, "b");
        distinct.add(1L << 40 | 5, "b");

        assertThat(distinct.duplicates()).singleElement().asString()
                .startsWith(Long.toUnsignedString(1L << 40 | 5)).contains("b");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 22})
    void negativeIdsAreKeptApartFromPositiveOnes(int blockBits) {
        DistinctIds distinct = new DistinctIds(blockBits);
        distinct.add(Long.MIN_VALUE | 3, "a");
        distinct.add(3, "a");
        distinct.add(Long.MIN_VALUE | 3, "a");

        assertThat(distinct.duplicates()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 22})
    void everyRepeatIsCountedBeyondTheTwentyReported(int blockBits) {
        DistinctIds distinct = new DistinctIds(blockBits);
        for (long i = 0; i < 30; i++) {
            distinct.add(i, "a");
            distinct.add(i, "b");
        }
        distinct.add(7, "c"); // a third time: a second repeat of one ID
        distinct.add(100, "c");

        assertThat(distinct.duplicates()).hasSize(20);
        assertThat(distinct.duplicateCount()).isEqualTo(31);
    }
}
