package dev.ids.traceid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Instant;
import java.util.List;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** The ranges of a time-range query over TraceIds, whose seconds wrap every 2^25. */
class TraceIdRangeProperties {

    private static final long WRAP = 1L << 25;

    /** The start of the window that began at 2026-05-10T03:48:16Z. */
    private static final long WINDOW_START = 1_778_384_896L;

    @Example
    void anIntervalAcrossTheStartOfAWindowIsTwoRangesWhereMinToMaxWouldBeEmpty() {
        Instant from = Instant.parse("2026-01-01T00:00:00Z");
        Instant to = Instant.parse("2026-06-01T00:00:00Z");
        assertThat(Instant.ofEpochSecond(WINDOW_START)).isEqualTo("2026-05-10T03:48:16Z");
        assertThat(TraceId.min(from)).as("the single range one would write").isGreaterThan(TraceId.max(to));

        List<TraceIdRange> ranges = TraceIdRange.covering(from, to);

        assertThat(ranges).hasSize(2);
        assertThat(ranges.get(0).min()).isEqualTo(TraceId.min(from));
        assertThat(ranges.get(0).max().timestampSeconds()).isEqualTo(WRAP - 1);
        assertThat(ranges.get(1).min().timestampSeconds()).isZero();
        assertThat(ranges.get(1).max()).isEqualTo(TraceId.max(to));
        TraceId justBefore = TraceId.of(WRAP - 1, 7, 7, 7);
        TraceId justAfter = TraceId.of(0, 7, 7, 7);
        assertThat(ranges).anyMatch(range -> range.contains(justBefore)).anyMatch(range -> range.contains(justAfter));
    }

    @Property
    void aTraceIdIsInTheRangesExactlyWhenItsSecondIsInTheInterval(
            @ForAll @LongRange(min = WINDOW_START - WRAP, max = WINDOW_START + WRAP) long first,
            @ForAll @LongRange(min = 0, max = (1L << 25) - 1) long length,
            @ForAll @LongRange(min = 0, max = (1L << 25) - 1) long offset,
            @ForAll @IntRange(min = 0, max = 65535) int nodeNo,
            @ForAll @IntRange(min = 0, max = 4095) int chunkNo,
            @ForAll @IntRange(min = 1, max = 1023) int counter) {
        long last = first + length;
        long second = first + offset; // within one window from the first second: inside the interval or not
        TraceId id = TraceId.of(second & (WRAP - 1), nodeNo, chunkNo, counter);

        List<TraceIdRange> ranges = TraceIdRange.covering(Instant.ofEpochSecond(first, 999_999_999L),
                Instant.ofEpochSecond(last));

        assertThat(ranges).hasSizeBetween(1, 2);
        assertThat(ranges.stream().anyMatch(range -> range.contains(id))).isEqualTo(second <= last);
    }

    @Example
    void anIntervalThatEndsBeforeItStartsOrSpansAWindowIsRefused() {
        Instant from = Instant.parse("2026-01-01T00:00:00Z");
        assertThatIllegalArgumentException().isThrownBy(() -> TraceIdRange.covering(from, from.minusSeconds(1)))
                .withMessage("The interval ends (2025-12-31T23:59:59Z) before it starts (2026-01-01T00:00:00Z)");
        assertThatIllegalArgumentException().isThrownBy(() -> TraceIdRange.covering(from, from.plusSeconds(WRAP)))
                .withMessageContaining("longer than a TraceId window of 2^25 seconds (388 days)");
        assertThat(TraceIdRange.covering(from, from.plusSeconds(WRAP - 1))).hasSize(2);
    }
}
