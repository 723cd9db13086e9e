package dev.ids.benchmarks;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs the benchmark suite with JMH and writes the markdown table of {@link Report}.
 *
 * <pre>
 * java -jar id-benchmarks/target/benchmarks.jar [--long] [--out FILE] [--note TEXT] [--include REGEX]
 * </pre>
 *
 * <ul>
 *   <li>default: the short suite, one fork per benchmark and short iterations, a few minutes on 2 cores;</li>
 *   <li>{@code --long}: two forks per benchmark and longer iterations, for figures to publish;</li>
 *   <li>{@code --smoke}: a handful of benchmarks in this JVM with one tiny iteration, only to check that the
 *       suite still runs end to end (the build's test does this);</li>
 *   <li>{@code --out}: where the table goes, by default {@code benchmarks.md} beside the jar;</li>
 *   <li>{@code --note}: a line for the table's machine section, such as what else ran on the machine;</li>
 *   <li>{@code --include}: only the benchmarks whose name matches the regular expression.</li>
 * </ul>
 */
public final class BenchmarkSuite {

    private static final String PACKAGE = BenchmarkSuite.class.getPackageName() + ".";

    private BenchmarkSuite() {
    }

    /** How long the suite runs. */
    enum Length {
        SMOKE, SHORT, LONG
    }

    /** The parsed command line. */
    record Settings(Length length, Path out, String note, Pattern include) {
    }

    /**
     * Runs the suite.
     *
     * @param args the options listed in the class description
     * @throws Exception when JMH fails or the table cannot be written
     */
    public static void main(String[] args) throws Exception {
        Settings settings;
        try {
            settings = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: java -jar benchmarks.jar [--long | --smoke] [--out FILE] [--note TEXT]"
                    + " [--include REGEX]");
            System.exit(2);
            return;
        }
        Path written = run(settings);
        System.out.println("Benchmark table written to " + written.toAbsolutePath());
    }

    /**
     * Runs the suite with the given settings and writes the table.
     *
     * @param settings the parsed command line
     * @return the file written
     * @throws RunnerException when JMH fails
     * @throws IOException when the table cannot be written
     */
    static Path run(Settings settings) throws RunnerException, IOException {
        long started = System.nanoTime();
        Path leads = Files.createTempFile("ids-bench-leads", ".tsv");
        List<RunResult> results = new ArrayList<>();
        try {
            for (Group group : groups(settings.length())) {
                results.addAll(runGroup(group, settings, leads));
            }
            Report report = new Report(results, Leads.read(leads), settings.length(), settings.note(),
                    (System.nanoTime() - started) / 1_000_000_000L);
            Path out = settings.out();
            if (out.toAbsolutePath().getParent() != null) {
                Files.createDirectories(out.toAbsolutePath().getParent());
            }
            Files.writeString(out, report.markdown(), StandardCharsets.UTF_8);
            return out;
        } finally {
            Files.deleteIfExists(leads);
        }
    }

    static Settings parse(String[] args) {
        Length length = Length.SHORT;
        Path out = null;
        String note = "";
        Pattern include = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--long" -> length = Length.LONG;
                case "--smoke" -> length = Length.SMOKE;
                case "--out" -> out = Path.of(value(args, ++i, arg));
                case "--note" -> note = value(args, ++i, arg);
                case "--include" -> include = Pattern.compile(value(args, ++i, arg));
                default -> throw new IllegalArgumentException("unknown option '" + arg
                        + "'; the options are --long, --smoke, --out FILE, --note TEXT, --include REGEX");
            }
        }
        return new Settings(length, out != null ? out : defaultOut(), note, include);
    }

    private static String value(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[index];
    }

    /** {@code benchmarks.md} in the directory of the jar, or beside {@code target/classes}. */
    private static Path defaultOut() {
        try {
            Path code = Path.of(BenchmarkSuite.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path dir = code.getParent();
            return dir == null ? Path.of("benchmarks.md") : dir.resolve("benchmarks.md");
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("benchmarks.md");
        }
    }

    /**
     * One JMH run: the benchmarks matching {@code include} at one thread count, with one kind of iteration;
     * {@code kind} names the part of the table it feeds.
     */
    record Group(String kind, String include, int threads, int warmups, TimeValue warmupTime, int iterations,
            TimeValue iterationTime, int forks, boolean gc, String[] params) {
    }

    /** Iteration settings of one kind of benchmark. */
    private record Timing(int forks, int warmups, TimeValue warmupTime, int iterations, TimeValue iterationTime) {

        Group group(String kind, String include, int threads, boolean gc, String... params) {
            return new Group(kind, include, threads, warmups, warmupTime, iterations, iterationTime, forks, gc,
                    params);
        }
    }

    /**
     * The generation benchmarks in the order they run. Each runs at 1 and then 2 threads, and the figures that the
     * targets compare run next to each other (GID beside {@code UUID.randomUUID()}, the fast path right after
     * tsid-creator), so that a change in the machine's load between them distorts the ratios less.
     */
    private static final List<String> GENERATION_ORDER = List.of("GenerationBenchmarks.traceId",
            "GenerationBenchmarks.lable", "PeerGenerationBenchmarks.lableUniqueIdReference", "GenerationBenchmarks.sno",
            "GenerationBenchmarks.muid", "GenerationBenchmarks.gid", "PeerGenerationBenchmarks.jdkRandomUuid",
            "PeerGenerationBenchmarks.tsidCreator", "PeerGenerationBenchmarks.hypersistenceTsid",
            "PeerGenerationBenchmarks.ulidMonotonic", "PeerGenerationBenchmarks.uuidCreatorV7",
            "PeerGenerationBenchmarks.cosIdSnowflake");

    static List<Group> groups(Length length) {
        String fastPath = PACKAGE + "FastPathBenchmarks\\.";
        String codec = PACKAGE + "CodecBenchmarks\\.";
        String insert = PACKAGE + "InsertBenchmarks\\.";
        String threadPerTask = PACKAGE + "ThreadPerTaskBenchmarks\\.";
        TimeValue none = TimeValue.NONE;
        if (length == Length.SMOKE) {
            Timing tiny = new Timing(0, 0, none, 1, TimeValue.milliseconds(100));
            return List.of(tiny.group("generation", exactly("GenerationBenchmarks.sno"), 1, false),
                    tiny.group("generation", exactly("PeerGenerationBenchmarks.tsidCreator"), 1, false),
                    tiny.group("fast path", fastPath + "sno(Leased)?$", 1, false),
                    tiny.group("fast path", fastPath + "sno(Leased)?$", 2, false),
                    tiny.group("thread per task", threadPerTask + "(sno|snoLeased|jdkRandomUuid)$", 1, false),
                    tiny.group("codecs", codec + "(snoToString|snoParse|uuidToString)$", 1, true),
                    new Timing(0, 0, none, 1, none).group("inserts", insert, 1, false, "strategy=sno,sequence",
                            "rows=1000", databases()));
        }
        boolean quick = length == Length.SHORT;
        Timing generation = quick ? new Timing(1, 1, TimeValue.milliseconds(500), 2, TimeValue.seconds(1))
                : new Timing(2, 3, TimeValue.seconds(1), 5, TimeValue.seconds(2));
        Timing small = quick ? new Timing(1, 1, TimeValue.milliseconds(500), 2, TimeValue.milliseconds(500))
                : new Timing(2, 3, TimeValue.seconds(1), 5, TimeValue.seconds(1));
        Timing inserts = quick ? new Timing(1, 1, none, 2, none) : new Timing(1, 2, none, 3, none);
        List<Group> groups = new ArrayList<>();
        for (String benchmark : GENERATION_ORDER) {
            groups.add(generation.group("generation", exactly(benchmark), 1, false));
            groups.add(generation.group("generation", exactly(benchmark), 2, false));
            if (benchmark.endsWith(".tsidCreator")) {
                groups.add(small.group("fast path", fastPath, 1, false));
                groups.add(small.group("fast path", fastPath, 2, false));
            }
        }
        // One JMH run in name order puts GID right beside UUID.randomUUID(), the peer its target compares it with.
        groups.add(generation.group("thread per task", threadPerTask, 1, false));
        // The string forms built by string concatenation run as method handles that reach full speed only once C2
        // has compiled them, which takes several seconds on a loaded machine: the short run warms codecs longer.
        Timing codecs = quick ? new Timing(1, 4, TimeValue.milliseconds(500), 2, TimeValue.milliseconds(500)) : small;
        groups.add(codecs.group("codecs", codec, 1, true));
        // Rounds in rotated order, each strategy a JMH run of its own, so that no strategy always runs first or
        // right after the same neighbour; the report takes the median of the rounds.
        String databases = databases();
        for (int round = 0; round < (quick ? 2 : 4); round++) {
            for (int i = 0; i < INSERT_STRATEGIES.size(); i++) {
                String strategy = INSERT_STRATEGIES.get((i + round * 3) % INSERT_STRATEGIES.size());
                groups.add(inserts.group("inserts", insert, 1, false, "strategy=" + strategy, databases));
            }
        }
        return groups;
    }

    /** The ID strategies of the insert benchmarks, in the order of the first round. */
    static final List<String> INSERT_STRATEGIES = List.of("identity", "sequence", "uuidv7", "trace-id", "lable",
            "sno", "gid", "muid");

    /**
     * The databases the inserts run on: H2, and PostgreSQL when it is reachable; CI ({@code CI=true}) requires it.
     */
    private static synchronized String databases() {
        if (databases == null) {
            databases = findDatabases();
        }
        return databases;
    }

    private static String databases;

    private static String findDatabases() {
        Optional<String> unavailable = InsertDatabase.postgresqlUnavailability();
        if (unavailable.isEmpty()) {
            return "database=h2,postgresql";
        }
        if ("true".equals(System.getenv("CI"))) {
            throw new IllegalStateException(unavailable.get() + "; CI=true requires it");
        }
        System.out.println("Inserts on H2 only: " + unavailable.get());
        return "database=h2";
    }

    private static String exactly(String benchmark) {
        return PACKAGE + benchmark.replace(".", "\\.") + "$";
    }

    private static List<RunResult> runGroup(Group group, Settings settings, Path leads) throws RunnerException {
        String include = group.include();
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(include)
                .threads(group.threads())
                .forks(group.forks())
                .warmupIterations(group.warmups())
                .measurementIterations(group.iterations())
                .shouldFailOnError(true)
                .jvmArgsAppend("-Xms512m", "-Xmx1g", "-D" + LastId.FILE_PROPERTY + "=" + leads)
                .verbosity(settings.length() == Length.SMOKE ? VerboseMode.SILENT : VerboseMode.NORMAL);
        if (settings.include() != null) {
            options.exclude("^(?!.*(" + settings.include().pattern() + ")).*$");
        }
        if (group.warmupTime() != TimeValue.NONE) {
            options.warmupTime(group.warmupTime());
        }
        if (group.iterationTime() != TimeValue.NONE) {
            options.measurementTime(group.iterationTime());
        }
        if (group.gc()) {
            options.addProfiler(GCProfiler.class);
        }
        for (String param : group.params()) {
            String[] pair = param.split("=", 2);
            options.param(pair[0], pair[1].split(","));
        }
        if (group.forks() == 0) {
            System.setProperty(LastId.FILE_PROPERTY, leads.toString());
        }
        System.out.printf(Locale.ROOT, "%n== %s: %s, %d thread(s) ==%n", group.kind(), include, group.threads());
        try {
            return new ArrayList<>(new Runner(options.build()).run());
        } catch (NoBenchmarksException e) {
            return List.of(); // --include left nothing of this group
        }
    }
}
