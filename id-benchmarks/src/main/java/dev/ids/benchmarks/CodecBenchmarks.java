package dev.ids.benchmarks;

import com.github.f4b6a3.tsid.Tsid;
import com.github.f4b6a3.ulid.Ulid;
import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
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
 * The string and binary forms of each scheme's value type, and the string forms of {@link UUID} and the peers. Each
 * call takes the next of {@value CodecInputs#COUNT} distinct generated IDs (see {@link CodecInputs}), the same way for
 * ours and the peers, so no codec is measured on one input the branch predictor has learnt.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodecBenchmarks {

    private final Inputs<TraceId> traceIds = new Inputs<>();
    private final Inputs<LableId> lableIds = new Inputs<>();
    private final Inputs<Sno> snos = new Inputs<>();
    private final Inputs<Gid> gids = new Inputs<>();
    private final Inputs<Muid> muids = new Inputs<>();
    private final Inputs<UUID> uuids = new Inputs<>();
    private final Inputs<Tsid> tsids = new Inputs<>();
    private final Inputs<TSID> hypersistenceTsids = new Inputs<>();
    private final Inputs<Ulid> ulids = new Inputs<>();
    /** The TraceIds' numbers, for the JDK's own decimal codec of the same values. */
    private long[] traceIdNumbers;
    private int call;

    /** Generates each kind's inputs and their string and binary forms (see {@link CodecInputs}). */
    @Setup
    public void generate() {
        traceIds.of(CodecInputs.traceIds(), TraceId::toBytes);
        lableIds.of(CodecInputs.lableIds(), LableId::toBytes);
        snos.of(CodecInputs.snos(), Sno::toBytes);
        gids.of(CodecInputs.gids(), Gid::toBytes);
        muids.of(CodecInputs.muids(), Muid::toBytes);
        uuids.of(CodecInputs.uuids(), null);
        tsids.of(CodecInputs.tsidCreatorIds(), null);
        hypersistenceTsids.of(CodecInputs.hypersistenceTsids(), null);
        ulids.of(CodecInputs.ulids(), null);
        traceIdNumbers = new long[traceIds.ids.length];
        for (int i = 0; i < traceIdNumbers.length; i++) {
            traceIdNumbers[i] = traceIds.ids[i].toLong();
        }
    }

    /** The index of this call's input: every call takes the next one, the same way for every kind. */
    private int next() {
        return call++ & (CodecInputs.COUNT - 1);
    }

    @Benchmark
    public String traceIdToString() {
        return traceIds.ids[next()].toString();
    }

    @Benchmark
    public TraceId traceIdParse() {
        return TraceId.parse(traceIds.texts[next()]);
    }

    @Benchmark
    public byte[] traceIdToBytes() {
        return traceIds.ids[next()].toBytes();
    }

    @Benchmark
    public TraceId traceIdFromBytes() {
        return TraceId.fromBytes(traceIds.bytes[next()]);
    }

    @Benchmark
    public String lableToString() {
        return lableIds.ids[next()].toString();
    }

    @Benchmark
    public LableId lableParse() {
        return LableId.parse(lableIds.texts[next()]);
    }

    @Benchmark
    public byte[] lableToBytes() {
        return lableIds.ids[next()].toBytes();
    }

    @Benchmark
    public LableId lableFromBytes() {
        return LableId.fromBytes(lableIds.bytes[next()]);
    }

    @Benchmark
    public String snoToString() {
        return snos.ids[next()].toString();
    }

    @Benchmark
    public Sno snoParse() {
        return Sno.parse(snos.texts[next()]);
    }

    @Benchmark
    public byte[] snoToBytes() {
        return snos.ids[next()].toBytes();
    }

    @Benchmark
    public Sno snoFromBytes() {
        return Sno.fromBytes(snos.bytes[next()]);
    }

    @Benchmark
    public String gidToString() {
        return gids.ids[next()].toString();
    }

    @Benchmark
    public Gid gidParse() {
        return Gid.parse(gids.texts[next()]);
    }

    @Benchmark
    public byte[] gidToBytes() {
        return gids.ids[next()].toBytes();
    }

    @Benchmark
    public Gid gidFromBytes() {
        return Gid.fromBytes(gids.bytes[next()]);
    }

    @Benchmark
    public String muidToString() {
        return muids.ids[next()].toString();
    }

    @Benchmark
    public Muid muidParse() {
        return Muid.parse(muids.texts[next()]);
    }

    @Benchmark
    public byte[] muidToBytes() {
        return muids.ids[next()].toBytes();
    }

    @Benchmark
    public Muid muidFromBytes() {
        return Muid.fromBytes(muids.bytes[next()]);
    }

    @Benchmark
    public String uuidToString() {
        return uuids.ids[next()].toString();
    }

    @Benchmark
    public UUID uuidFromString() {
        return UUID.fromString(uuids.texts[next()]);
    }

    /**
     * The JDK's decimal of the same 63-bit numbers a TraceId writes: what {@link #traceIdToString()} costs without
     * the scheme, so a TraceId is measured against the JDK's own way to write its digits as well as against UUID's
     * hex, which needs no division.
     */
    @Benchmark
    public String jdkLongToString() {
        return Long.toString(traceIdNumbers[next()]);
    }

    /** The JDK's parse of the TraceIds' decimal texts, for {@link #traceIdParse()}. */
    @Benchmark
    public long jdkLongParse() {
        return Long.parseLong(traceIds.texts[next()]);
    }

    @Benchmark
    public String tsidCreatorToString() {
        return tsids.ids[next()].toString();
    }

    @Benchmark
    public Tsid tsidCreatorParse() {
        return Tsid.from(tsids.texts[next()]);
    }

    @Benchmark
    public String hypersistenceTsidToString() {
        return hypersistenceTsids.ids[next()].toString();
    }

    @Benchmark
    public TSID hypersistenceTsidParse() {
        return TSID.from(hypersistenceTsids.texts[next()]);
    }

    @Benchmark
    public String ulidToString() {
        return ulids.ids[next()].toString();
    }

    @Benchmark
    public Ulid ulidParse() {
        return Ulid.from(ulids.texts[next()]);
    }

    /** One kind's inputs in their three forms, by index. */
    private static final class Inputs<T> {

        T[] ids;
        String[] texts;
        byte[][] bytes;

        void of(T[] generated, java.util.function.Function<T, byte[]> toBytes) {
            ids = generated;
            texts = new String[ids.length];
            bytes = new byte[ids.length][];
            for (int i = 0; i < ids.length; i++) {
                texts[i] = ids[i].toString();
                bytes[i] = toBytes == null ? null : toBytes.apply(ids[i]);
            }
        }
    }
}
