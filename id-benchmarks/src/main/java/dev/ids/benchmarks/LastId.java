package dev.ids.benchmarks;

import com.github.f4b6a3.tsid.Tsid;
import com.github.f4b6a3.ulid.Ulid;
import com.github.f4b6a3.uuid.util.UuidUtil;
import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import io.hypersistence.tsid.TSID;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Function;
import org.lable.oss.uniqueid.bytes.IDBuilder;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The last ID one benchmark thread generated, kept so that at the end of each iteration its embedded time can be
 * compared with the wall clock: a generator that hands out more IDs than its time units hold by borrowing future
 * time shows a lead here, measured rather than assumed.
 *
 * <p>Each benchmark stores what its generator returned in {@link #id} (or the raw {@code long} in {@link #raw} with
 * a decoder in {@link #rawTime}); the teardown decodes the time with the ID library's own API and appends
 * {@code benchmark, threads, lead in microseconds} to the file named by the system property {@value #FILE_PROPERTY}.
 */
@State(Scope.Thread)
public class LastId {

    /** The system property naming the file the leads are appended to; without it nothing is recorded. */
    static final String FILE_PROPERTY = "ids.bench.leads";

    /** The last ID, of any type {@link #embeddedTime()} knows. */
    public Object id;

    /** The last ID when the generator returns a primitive {@code long}. */
    public long raw;

    /** Decodes {@link #raw}; {@code null} when the benchmark uses {@link #id}. */
    public Function<Long, Instant> rawTime;

    /**
     * Records how far the last ID's embedded time lies ahead of the wall clock now.
     *
     * @param params the running benchmark
     */
    @TearDown(Level.Iteration)
    public void recordLead(BenchmarkParams params) {
        String file = System.getProperty(FILE_PROPERTY);
        if (file != null) {
            record(Path.of(file), params.getBenchmark(), params.getThreads(), Instant.now());
        }
        id = null;
    }

    /** Appends the lead of the last ID over {@code now}, unless there is no ID or it carries no time. */
    void record(Path file, String benchmark, int threads, Instant now) {
        Instant embedded = embeddedTime();
        if (embedded == null) {
            return;
        }
        long leadMicros = Duration.between(now, embedded).toNanos() / 1000L;
        String line = benchmark + "\t" + threads + "\t" + leadMicros + "\n";
        try {
            Files.write(file, line.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append the lead to " + file, e);
        }
    }

    /** The time the last ID carries, decoded with its library's own API; {@code null} for none. */
    Instant embeddedTime() {
        if (rawTime != null) {
            return rawTime.apply(raw);
        }
        Object last = id;
        if (last instanceof TraceId traceId) {
            // timestamp() would resolve a second after now to 388 days earlier and hide the very lead measured here.
            return traceId.timestampNear(Instant.now());
        } else if (last instanceof LableId lable) {
            return lable.timestamp();
        } else if (last instanceof Sno sno) {
            return sno.timestamp();
        } else if (last instanceof Gid gid) {
            return gid.timestamp();
        } else if (last instanceof Muid muid) {
            return muid.timestamp();
        } else if (last instanceof Tsid tsid) {
            return tsid.getInstant();
        } else if (last instanceof TSID tsid) {
            return tsid.getInstant();
        } else if (last instanceof Ulid ulid) {
            return ulid.getInstant();
        } else if (last instanceof UUID uuid) {
            return uuid.version() == 7 ? UuidUtil.getInstant(uuid) : null;
        } else if (last instanceof byte[] lableReference) {
            return Instant.ofEpochMilli(IDBuilder.parseTimestamp(lableReference));
        }
        return null;
    }
}
