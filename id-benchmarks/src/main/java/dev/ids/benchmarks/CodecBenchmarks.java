package dev.ids.benchmarks;

import com.github.f4b6a3.tsid.Tsid;
import com.github.f4b6a3.tsid.TsidCreator;
import com.github.f4b6a3.ulid.Ulid;
import com.github.f4b6a3.ulid.UlidCreator;
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
import io.hypersistence.tsid.TSID;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The string and binary forms of each scheme's value type, and the string forms of {@link UUID} and the peers. The
 * inputs are real generated IDs, read from non-final fields so the JIT cannot fold them.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodecBenchmarks {

    private TraceId traceId;
    private String traceIdText;
    private byte[] traceIdBytes;
    private LableId lableId;
    private String lableText;
    private byte[] lableBytes;
    private Sno sno;
    private String snoText;
    private byte[] snoBytes;
    private Gid gid;
    private String gidText;
    private byte[] gidBytes;
    private Muid muid;
    private String muidText;
    private byte[] muidBytes;
    private UUID uuid;
    private String uuidText;
    private Tsid tsid;
    private String tsidText;
    private TSID hypersistenceTsid;
    private String hypersistenceTsidText;
    private Ulid ulid;
    private String ulidText;

    /** Generates one ID of each kind and its string and binary forms. */
    @Setup
    public void generate() {
        traceId = TraceIdGenerator.builder().nodeNo(7).build().next();
        traceIdText = traceId.toString();
        traceIdBytes = traceId.toBytes();
        lableId = LableIdGenerator.builder().generatorId(5).clusterId(2).mode(LableMode.TIME_SEQUENTIAL).build().next();
        lableText = lableId.toString();
        lableBytes = lableId.toBytes();
        sno = SnoGenerator.builder().partition(513).build().next(3);
        snoText = sno.toString();
        snoBytes = sno.toBytes();
        gid = GidGenerator.builder().type(GidType.VOLUME).build().next();
        gidText = gid.toString();
        gidBytes = gid.toBytes();
        muid = MuidGenerator.builder().medallion(0x1BFC71B112DL).build().next();
        muidText = muid.toString();
        muidBytes = muid.toBytes();
        uuid = UUID.randomUUID();
        uuidText = uuid.toString();
        tsid = TsidCreator.getTsid();
        tsidText = tsid.toString();
        hypersistenceTsid = TSID.Factory.getTsid();
        hypersistenceTsidText = hypersistenceTsid.toString();
        ulid = UlidCreator.getMonotonicUlid();
        ulidText = ulid.toString();
    }

    @Benchmark
    public String traceIdToString() {
        return traceId.toString();
    }

    @Benchmark
    public TraceId traceIdParse() {
        return TraceId.parse(traceIdText);
    }

    @Benchmark
    public byte[] traceIdToBytes() {
        return traceId.toBytes();
    }

    @Benchmark
    public TraceId traceIdFromBytes() {
        return TraceId.fromBytes(traceIdBytes);
    }

    @Benchmark
    public String lableToString() {
        return lableId.toString();
    }

    @Benchmark
    public LableId lableParse() {
        return LableId.parse(lableText);
    }

    @Benchmark
    public byte[] lableToBytes() {
        return lableId.toBytes();
    }

    @Benchmark
    public LableId lableFromBytes() {
        return LableId.fromBytes(lableBytes);
    }

    @Benchmark
    public String snoToString() {
        return sno.toString();
    }

    @Benchmark
    public Sno snoParse() {
        return Sno.parse(snoText);
    }

    @Benchmark
    public byte[] snoToBytes() {
        return sno.toBytes();
    }

    @Benchmark
    public Sno snoFromBytes() {
        return Sno.fromBytes(snoBytes);
    }

    @Benchmark
    public String gidToString() {
        return gid.toString();
    }

    @Benchmark
    public Gid gidParse() {
        return Gid.parse(gidText);
    }

    @Benchmark
    public byte[] gidToBytes() {
        return gid.toBytes();
    }

    @Benchmark
    public Gid gidFromBytes() {
        return Gid.fromBytes(gidBytes);
    }

    @Benchmark
    public String muidToString() {
        return muid.toString();
    }

    @Benchmark
    public Muid muidParse() {
        return Muid.parse(muidText);
    }

    @Benchmark
    public byte[] muidToBytes() {
        return muid.toBytes();
    }

    @Benchmark
    public Muid muidFromBytes() {
        return Muid.fromBytes(muidBytes);
    }

    @Benchmark
    public String uuidToString() {
        return uuid.toString();
    }

    @Benchmark
    public UUID uuidFromString() {
        return UUID.fromString(uuidText);
    }

    @Benchmark
    public String tsidCreatorToString() {
        return tsid.toString();
    }

    @Benchmark
    public Tsid tsidCreatorParse() {
        return Tsid.from(tsidText);
    }

    @Benchmark
    public String hypersistenceTsidToString() {
        return hypersistenceTsid.toString();
    }

    @Benchmark
    public TSID hypersistenceTsidParse() {
        return TSID.from(hypersistenceTsidText);
    }

    @Benchmark
    public String ulidToString() {
        return ulid.toString();
    }

    @Benchmark
    public Ulid ulidParse() {
        return Ulid.from(ulidText);
    }
}
