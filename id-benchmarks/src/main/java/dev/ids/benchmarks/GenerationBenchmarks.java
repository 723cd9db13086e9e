package dev.ids.benchmarks;

import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Generation with the system clock, one generator shared by all benchmark threads: what a node gets when it asks
 * for IDs as fast as it can. The sequenced generators saturate their scheme's capacity here and then wait for the
 * clock, so their throughput is the capacity they reach, not the cost of one call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
public class GenerationBenchmarks {

    private TraceIdGenerator traceIds;
    private LableIdGenerator lableIds;
    private SnoGenerator snos;
    private GidGenerator gids;
    private MuidGenerator muids;

    /** Builds one generator per scheme, as an application would. */
    @Setup
    public void build() {
        traceIds = TraceIdGenerator.builder().nodeNo(7).build();
        lableIds = LableIdGenerator.builder().generatorId(5).clusterId(2).mode(LableMode.TIME_SEQUENTIAL).build();
        snos = SnoGenerator.builder().partition(513).build();
        gids = GidGenerator.builder().type(GidType.VOLUME).build();
        muids = MuidGenerator.builder().medallion(0x1BFC71B112DL).build();
    }

    @Benchmark
    public TraceId traceId(LastId last) {
        TraceId id = traceIds.next();
        last.id = id;
        return id;
    }

    @Benchmark
    public LableId lable(LastId last) {
        LableId id = lableIds.next();
        last.id = id;
        return id;
    }

    @Benchmark
    public Sno sno(LastId last) {
        Sno id = snos.next();
        last.id = id;
        return id;
    }

    @Benchmark
    public Gid gid(LastId last) {
        Gid id = gids.next();
        last.id = id;
        return id;
    }

    @Benchmark
    public Muid muid(LastId last) {
        Muid id = muids.next();
        last.id = id;
        return id;
    }
}
