package dev.ids.benchmarks;

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
 * What building a String costs before any digit is worked out: the codecs' own way (one {@code StringBuilder} chain
 * that C2 fuses into a single array becoming the String without a copy) with chars that cost one shift, one mask and
 * one add each, at TraceId's 19 and Muid's 34 chars, beside {@code UUID.toString()} in the same run. The difference
 * between a codec's {@code toString} and the floor of its length is what its digits cost; a codec cannot be faster
 * than its floor. Not part of {@link BenchmarkSuite}; run by hand, for example
 * {@code java -cp id-benchmarks/target/benchmarks.jar org.openjdk.jmh.Main 'StringFloorBenchmarks|CodecBenchmarks.(traceId|muid|uuid)ToString' -f 3}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class StringFloorBenchmarks {

    private final long[] values = new long[CodecInputs.COUNT];
    private final UUID[] uuids = CodecInputs.uuids();
    private int call;

    /** Varied bits for the chars, so that no char is a constant the JIT could fold. */
    @Setup
    public void generate() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(58);
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextLong();
        }
    }

    private int next() {
        return call++ & (CodecInputs.COUNT - 1);
    }

    @Benchmark
    public String uuidToString() {
        return uuids[next()].toString();
    }

    /** 19 chars, as many as a 19-digit TraceId. */
    @Benchmark
    public String chainOf19Chars() {
        int a = (int) values[next()];
        return new StringBuilder(19).append(c(a, 0)).append(c(a, 3)).append(c(a, 6)).append(c(a, 9))
                .append(c(a, 12)).append(c(a, 15)).append(c(a, 18)).append(c(a, 21)).append(c(a, 24))
                .append(c(a, 27)).append(c(a, 1)).append(c(a, 4)).append(c(a, 7)).append(c(a, 10)).append(c(a, 13))
                .append(c(a, 16)).append(c(a, 19)).append(c(a, 22)).append(c(a, 25)).toString();
    }

    /** 34 chars, as many as a muid, two of them dashes where a muid has them. */
    @Benchmark
    public String chainOf34Chars() {
        long value = values[next()];
        int a = (int) value;
        int b = (int) (value >>> 32);
        return new StringBuilder(34).append(c(a, 0)).append(c(a, 3)).append(c(a, 6)).append(c(a, 9))
                .append(c(a, 12)).append(c(a, 15)).append(c(a, 18)).append(c(a, 21)).append(c(a, 24))
                .append(c(a, 27)).append(c(a, 1)).append(c(a, 4)).append(c(a, 7)).append('-').append(c(b, 0))
                .append(c(b, 3)).append(c(b, 6)).append(c(b, 9)).append(c(b, 12)).append(c(b, 15)).append(c(b, 18))
                .append(c(b, 21)).append(c(b, 24)).append(c(b, 27)).append(c(b, 1)).append('-').append(c(a, 10))
                .append(c(a, 13)).append(c(a, 16)).append(c(a, 19)).append(c(a, 22)).append(c(a, 25))
                .append(c(b, 4)).append(c(b, 7)).toString();
    }

    /** A digit '0' to '7' from three bits: a Latin-1 char the JIT can prove to be one, as the codecs' chars are. */
    private static char c(int bits, int shift) {
        return (char) ('0' + (bits >>> shift & 7));
    }
}
