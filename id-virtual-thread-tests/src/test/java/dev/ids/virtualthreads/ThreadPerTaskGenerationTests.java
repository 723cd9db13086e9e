package dev.ids.virtualthreads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.util.HashSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The load of issue 12 on the system clock: a virtual thread per call, as a Spring Boot application with
 * {@code spring.threads.virtual.enabled=true} runs every request. Every call gets a distinct ID and none throws.
 */
class ThreadPerTaskGenerationTests {

    private static final int THREADS = 100_000;

    @Test
    void aHundredThousandVirtualThreadsEachGetADistinctTraceIdFromFewChunks() {
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(7).build();

        OnVirtualThreads.Outcome<TraceId> outcome = OnVirtualThreads.allAtOnce(THREADS, 1, generator::next);

        assertThat(outcome.failures()).isEmpty();
        assertThat(new HashSet<>(outcome.ids())).hasSize(THREADS);
        // A chunk holds 1023 IDs: the chunks used depend on the IDs drawn, not on the threads that drew them.
        long chunks = outcome.ids().stream().map(id -> id.timestampSeconds() << 12 | id.chunkNo()).distinct().count();
        assertThat(chunks).as("(second, chunk) pairs used for %d IDs", THREADS).isLessThan(THREADS / 100);
    }

    @Test
    void traceIdsAtSixThousandRequestsASecondEachOnItsOwnVirtualThreadNeverFail() {
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(7).build();

        OnVirtualThreads.Outcome<TraceId> outcome = OnVirtualThreads.atSteadyRate(6_000, 18_000, generator::next);

        assertThat(outcome.failures()).isEmpty();
        assertThat(new HashSet<>(outcome.ids())).hasSize(18_000);
    }

    @Test
    void aHundredThousandVirtualThreadsEachGetADistinctGid() {
        GidGenerator generator = GidGenerator.builder().build();

        OnVirtualThreads.Outcome<Gid> outcome = OnVirtualThreads.allAtOnce(THREADS, 1, generator::next);

        assertThat(outcome.failures()).isEmpty();
        assertThat(new HashSet<>(outcome.ids())).hasSize(THREADS);
    }

    @Test
    void aHundredThousandVirtualThreadsEachGetADistinctLableId() {
        LableIdGenerator generator = LableIdGenerator.builder().generatorId(5).build();

        OnVirtualThreads.Outcome<LableId> outcome = OnVirtualThreads.allAtOnce(THREADS, 1, generator::next);

        assertThat(outcome.failures()).as("calls that only had to wait for the next millisecond").isEmpty();
        assertThat(new HashSet<>(outcome.ids())).hasSize(THREADS);
    }

    @Test
    void aHundredThousandVirtualThreadsEachGetADistinctMuid() {
        MuidGenerator generator = MuidGenerator.builder().randomMedallion().build();

        OnVirtualThreads.Outcome<Muid> outcome = OnVirtualThreads.allAtOnce(THREADS, 1, generator::next);

        assertThat(outcome.failures()).isEmpty();
        assertThat(new HashSet<>(outcome.ids())).hasSize(THREADS);
    }

    @Test
    void aSnoShardOfFourNumbersServes128VirtualThreadsAt1000IdsASecondWithoutAnException() {
        // 4 sequence numbers per 4 ms unit: 1,000 IDs a second; 3,200 IDs take about 3.2 s, each wait under a unit.
        SnoGenerator generator = SnoGenerator.builder().partition(9).sequenceBounds(100, 103).build();

        OnVirtualThreads.Outcome<Sno> outcome = OnVirtualThreads.allAtOnce(128, 25, generator::next);

        assertThat(outcome.failures()).as("capacity waits, each shorter than one unit").isEmpty();
        assertThat(outcome.ids().stream().collect(Collectors.toSet())).hasSize(128 * 25);
    }
}
