package dev.ids.benchmarks;

import com.github.f4b6a3.tsid.Tsid;
import com.github.f4b6a3.tsid.TsidCreator;
import com.github.f4b6a3.ulid.Ulid;
import com.github.f4b6a3.ulid.UlidCreator;
import com.github.f4b6a3.uuid.UuidCreator;
import io.hypersistence.tsid.TSID;
import java.time.ZoneOffset;
import java.util.UUID;
import me.ahoo.cosid.snowflake.MillisecondSnowflakeId;
import me.ahoo.cosid.snowflake.MillisecondSnowflakeIdStateParser;
import me.ahoo.cosid.snowflake.SnowflakeIdStateParser;
import org.lable.oss.uniqueid.GeneratorException;
import org.lable.oss.uniqueid.IDGenerator;
import org.lable.oss.uniqueid.LocalUniqueIDGeneratorFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The generators users pick today, measured the same way as {@link GenerationBenchmarks}: one generator shared by
 * all benchmark threads, the system clock, the last ID of each thread kept for the lead over the wall clock.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
public class PeerGenerationBenchmarks {

    private MillisecondSnowflakeId cosId;
    private SnowflakeIdStateParser cosIdParser;
    private IDGenerator lableReference;

    /** Builds the peers that need an instance; the others are static factories. */
    @Setup
    public void build() {
        cosId = new MillisecondSnowflakeId(1);
        cosIdParser = MillisecondSnowflakeIdStateParser.of(cosId, ZoneOffset.UTC);
        lableReference = LocalUniqueIDGeneratorFactory.generatorFor(5, 2);
    }

    @Benchmark
    public UUID jdkRandomUuid(LastId last) {
        UUID id = UUID.randomUUID();
        last.id = id;
        return id;
    }

    @Benchmark
    public UUID uuidCreatorV7(LastId last) {
        UUID id = UuidCreator.getTimeOrderedEpoch();
        last.id = id;
        return id;
    }

    @Benchmark
    public Tsid tsidCreator(LastId last) {
        Tsid id = TsidCreator.getTsid();
        last.id = id;
        return id;
    }

    @Benchmark
    public TSID hypersistenceTsid(LastId last) {
        TSID id = TSID.Factory.getTsid();
        last.id = id;
        return id;
    }

    @Benchmark
    public Ulid ulidMonotonic(LastId last) {
        Ulid id = UlidCreator.getMonotonicUlid();
        last.id = id;
        return id;
    }

    @Benchmark
    public long cosIdSnowflake(LastId last) {
        long id = cosId.generate();
        last.raw = id;
        if (last.rawTime == null) {
            SnowflakeIdStateParser parser = cosIdParser;
            last.rawTime = (raw) -> parser.parse(raw).getTimestamp().toInstant(ZoneOffset.UTC);
        }
        return id;
    }

    @Benchmark
    public byte[] lableUniqueIdReference(LastId last) throws GeneratorException {
        byte[] id = lableReference.generate();
        last.id = id;
        return id;
    }
}
