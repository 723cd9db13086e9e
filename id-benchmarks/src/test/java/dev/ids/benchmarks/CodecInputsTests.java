package dev.ids.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The codec benchmarks' inputs look like a table's IDs: distinct, from many nodes, spread over months, unsorted. */
class CodecInputsTests {

    @Test
    void eachKindHas1024DistinctIdsWithTheSameTimesInTheSameOrderEveryTime() {
        for (Object[] ids : List.of(CodecInputs.traceIds(), CodecInputs.lableIds(), CodecInputs.snos(),
                CodecInputs.gids(), CodecInputs.muids(), CodecInputs.uuids(), CodecInputs.tsidCreatorIds(),
                CodecInputs.hypersistenceTsids(), CodecInputs.ulids())) {
            assertThat(ids).hasSize(1_024);
            assertThat(new HashSet<>(Arrays.asList(ids))).hasSize(1_024);
        }
        assertThat(Arrays.stream(CodecInputs.snos()).map(id -> id.timestamp()))
                .containsExactlyElementsOf(Arrays.stream(CodecInputs.snos()).map(id -> id.timestamp()).toList());
        assertThat(CodecInputs.uuids()).containsExactly(CodecInputs.uuids());
    }

    @Test
    void theIdsComeFromManyNodesOverMonthsInNoParticularOrder() {
        assertSpread(CodecInputs.traceIds(), id -> id.timestampSeconds(), id -> (long) id.nodeNo());
        assertSpread(CodecInputs.snos(), id -> id.timestamp().getEpochSecond(), id -> (long) id.partition());
        assertSpread(CodecInputs.muids(), id -> id.timestampMicros() / 1_000_000, id -> id.medallion());
    }

    private static <T extends Comparable<? super T>> void assertSpread(T[] ids, ToLongFunction<T> seconds,
            Function<T, Long> node) {
        long first = Arrays.stream(ids).mapToLong(seconds).min().orElseThrow();
        long last = Arrays.stream(ids).mapToLong(seconds).max().orElseThrow();
        assertThat(Duration.ofSeconds(last - first)).isGreaterThan(Duration.ofDays(90));
        assertThat(Arrays.stream(ids).map(node).collect(Collectors.toSet())).hasSize(32);
        T[] sorted = ids.clone();
        Arrays.sort(sorted);
        assertThat(ids).isNotEqualTo(sorted);
    }
}
