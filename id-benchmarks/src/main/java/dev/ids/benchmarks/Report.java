package dev.ids.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleFunction;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * The markdown table of one suite run: the figures, their ratios to the peers named in the targets of issue 7, and
 * whether each target was met or by how much it was missed. Only ratios within one run mean anything on a shared
 * machine.
 */
final class Report {

    private static final String PACKAGE = BenchmarkSuite.class.getPackageName() + ".";

    /** Capacity of one node (or generator, or partition) in IDs per second. */
    private static final Map<String, Double> CAPACITY = Map.of("traceId", 4_190_208.0, "lable", 64_000.0,
            "sno", 16_384_000.0);

    /** A generator, the length of its scheme's time unit in microseconds, and what it is called in the table. */
    private record Generator(String benchmark, String label, long unitMicros, String unitText) {
    }

    private static final List<Generator> OURS = List.of(
            new Generator("GenerationBenchmarks.traceId", "ids TraceId", 1_000_000, "1 s"),
            new Generator("GenerationBenchmarks.lable", "ids Lable", 1_000, "1 ms"),
            new Generator("GenerationBenchmarks.sno", "ids sno", 4_000, "4 ms"),
            new Generator("GenerationBenchmarks.gid", "ids GID", 1_000, "1 ms"),
            new Generator("GenerationBenchmarks.muid", "ids muid", 1, "1 µs"));

    private static final List<Generator> PEERS = List.of(
            new Generator("PeerGenerationBenchmarks.jdkRandomUuid", "JDK UUID.randomUUID()", 0, "—"),
            new Generator("PeerGenerationBenchmarks.uuidCreatorV7", "uuid-creator getTimeOrderedEpoch() (v7)", 1_000,
                    "1 ms"),
            new Generator("PeerGenerationBenchmarks.tsidCreator", "tsid-creator TsidCreator.getTsid()", 1_000,
                    "1 ms"),
            new Generator("PeerGenerationBenchmarks.hypersistenceTsid", "hypersistence-tsid TSID.Factory.getTsid()",
                    1_000, "1 ms"),
            new Generator("PeerGenerationBenchmarks.ulidMonotonic", "ulid-creator getMonotonicUlid()", 1_000, "1 ms"),
            new Generator("PeerGenerationBenchmarks.cosIdSnowflake", "CosId MillisecondSnowflakeId", 1_000, "1 ms"),
            new Generator("PeerGenerationBenchmarks.lableUniqueIdReference", "Lable uniqueid-core 2.0 (reference)",
                    1_000, "1 ms"));

    private final Map<String, RunResult> results = new LinkedHashMap<>();
    /** The insert runs by database and strategy, one per round. */
    private final Map<String, Map<String, List<RunResult>>> insertRuns = new LinkedHashMap<>();
    private final Map<String, Long> leads;
    private final BenchmarkSuite.Length length;
    private final String note;
    private final long seconds;
    private final List<String[]> targets = new ArrayList<>();

    Report(List<RunResult> runs, Map<String, Long> leads, BenchmarkSuite.Length length, String note, long seconds) {
        for (RunResult run : runs) {
            String name = run.getParams().getBenchmark().substring(PACKAGE.length());
            String strategy = run.getParams().getParam("strategy");
            if (strategy != null) {
                insertRuns.computeIfAbsent(run.getParams().getParam("database"), (database) -> new LinkedHashMap<>())
                        .computeIfAbsent(strategy, (any) -> new ArrayList<>()).add(run);
            } else {
                results.put(key(name, run.getParams().getThreads(), null), run);
            }
        }
        this.leads = leads;
        this.length = length;
        this.note = note;
        this.seconds = seconds;
    }

    private static String key(String name, int threads, String strategy) {
        return name + "@" + threads + (strategy == null ? "" : "/" + strategy);
    }

    private RunResult find(String name, int threads) {
        return results.get(key(name, threads, null));
    }

    /** The primary score of a benchmark, or NaN when it did not run. */
    private double score(String name, int threads) {
        RunResult run = find(name, threads);
        return run == null ? Double.NaN : run.getPrimaryResult().getScore();
    }

    private double alloc(String name) {
        RunResult run = find(name, 1);
        if (run == null) {
            return Double.NaN;
        }
        Result<?> result = run.getSecondaryResults().get("gc.alloc.rate.norm");
        if (result == null) {
            result = run.getSecondaryResults().get("·gc.alloc.rate.norm");
        }
        return result == null ? Double.NaN : result.getScore();
    }

    private Long lead(String name, int threads) {
        return leads.get(Leads.key(PACKAGE + name, threads));
    }

    String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("# Benchmark results\n\n");
        out.append("Written by `dev.ids.benchmarks.BenchmarkSuite` (").append(length.name().toLowerCase(Locale.ROOT))
                .append(" run, ").append(seconds).append(" s). Only the ratios between figures of this one run mean "
                        + "anything; the absolute figures depend on the machine and its load.\n\n");
        out.append("How to read it:\n\n"
                + "- Capacity of one node per scheme: sno 65,536 IDs per 4 ms per partition (16.38 M/s), TraceId "
                + "4,096 chunks x 1,023 counters per second (4.19 M/s), Lable 64 per millisecond per generator "
                + "(64,000/s), muid one per microsecond per medallion (1 M/s); GIDs are random and unbounded. A "
                + "sequenced generator at capacity waits for its clock, so its figure is the capacity it reaches.\n"
                + "- A peer above its own scheme's capacity (a 12-bit sequence per millisecond holds 4.1 M/s) "
                + "borrows future time: the lead column shows how far ahead of the wall clock its last IDs were.\n"
                + "- Inserts: the targets read against PostgreSQL when it ran (H2 otherwise). H2 uses a "
                + "single-column integer primary key as the row key itself, while any other key (UUID, BINARY) gets "
                + "a separate unique index, so 10- and 16-byte keys pay a second B-tree there; and Lable's 64,000 "
                + "IDs per second bound 100,000 inserts to at least 1.56 s.\n\n");
        generation(out);
        threadPerTask(out);
        fastPath(out);
        codecs(out);
        inserts(out);
        out.append("## Targets (issues 7 and 12)\n\n| target | measured | verdict |\n|---|---|---|\n");
        for (String[] row : targets) {
            out.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        out.append('\n');
        machine(out);
        return out.toString();
    }

    private void generation(StringBuilder out) {
        out.append("## Generation with the system clock\n\n");
        out.append("One generator shared by the benchmark threads. Lead: how far the embedded time of the last ID of "
                + "each thread lay ahead of the wall clock at the end of each iteration (largest over iterations and "
                + "threads; negative = behind), decoded with each library's own API.\n\n");
        out.append("| generator | 1 thread, IDs/s | 2 threads, IDs/s | 2 / 1 | lead, 1 thread | lead, 2 threads "
                + "| time unit |\n|---|---|---|---|---|---|---|\n");
        List<Generator> all = new ArrayList<>(OURS);
        all.addAll(PEERS);
        for (Generator g : all) {
            double one = score(g.benchmark(), 1);
            double two = score(g.benchmark(), 2);
            out.append("| ").append(g.label()).append(" | ").append(withError(g.benchmark(), 1, Report::count))
                    .append(" | ").append(withError(g.benchmark(), 2, Report::count)).append(" | ")
                    .append(ratio(two / one)).append(" | ").append(leadText(lead(g.benchmark(), 1))).append(" | ")
                    .append(leadText(lead(g.benchmark(), 2))).append(" | ").append(g.unitText()).append(" |\n");
        }
        out.append('\n');
        for (Generator g : OURS) {
            String scheme = g.benchmark().substring(g.benchmark().indexOf('.') + 1);
            Double capacity = CAPACITY.get(scheme);
            double one = score(g.benchmark(), 1);
            double two = score(g.benchmark(), 2);
            if (capacity != null) {
                atLeast(g.label() + " saturated, 1 thread: >= 90% of " + count(capacity) + "/s", one,
                        0.9 * capacity, count(one) + "/s (" + percent(one / capacity) + " of capacity)");
            }
            atLeast(g.label() + ": 2 threads aggregate >= 1 thread", two / one, 1.0,
                    count(two) + "/s vs " + count(one) + "/s (" + ratio(two / one) + ")");
        }
        double uuidOne = score("PeerGenerationBenchmarks.jdkRandomUuid", 1);
        double uuidTwo = score("PeerGenerationBenchmarks.jdkRandomUuid", 2);
        double gidOne = score("GenerationBenchmarks.gid", 1);
        double gidTwo = score("GenerationBenchmarks.gid", 2);
        atLeast("ids GID >= 3x UUID.randomUUID(), 1 thread", gidOne / uuidOne, 3.0, ratio(gidOne / uuidOne));
        atLeast("ids GID >= 5x UUID.randomUUID(), 2 threads", gidTwo / uuidTwo, 5.0, ratio(gidTwo / uuidTwo));
        for (Generator g : all) {
            if (g.unitMicros() == 0) {
                continue;
            }
            Long one = lead(g.benchmark(), 1);
            Long two = lead(g.benchmark(), 2);
            if (one == null && two == null) {
                continue;
            }
            long worst = Math.max(one == null ? Long.MIN_VALUE : one, two == null ? Long.MIN_VALUE : two);
            String target = g.label() + ": at most one time unit (" + g.unitText() + ") ahead of the wall clock";
            if (worst <= g.unitMicros()) {
                targets.add(new String[] {target, leadText(worst), "met"});
            } else {
                targets.add(new String[] {target, leadText(worst), "**missed**: " + count((double) worst
                        / g.unitMicros()) + " time units ahead"});
            }
        }
    }

    private void threadPerTask(StringBuilder out) {
        out.append("## A new thread per call\n\n");
        // The forks run on the JVM that runs the suite (it names no other), so this JVM tells which threads they had.
        out.append("Every ID is drawn on a thread that never drew one before, as in an application with a thread per "
                + "request: ").append(ThreadPerTask.describe()).append(". Each invocation starts ")
                .append(String.format(Locale.ROOT, "%,d", ThreadPerTaskBenchmarks.BATCH))
                .append(" such tasks at once, all drawing from one shared generator, and waits for them (see "
                        + "`ThreadPerTaskBenchmarks`). IDs/s counts the calls that returned an ID; calls that threw "
                        + "are counted beside them, of all calls in the measured iterations.\n\n");
        out.append("| generator | IDs/s | vs UUID.randomUUID() | calls that threw |\n|---|---|---|---|\n");
        List<Generator> all = new ArrayList<>(OURS);
        all.add(PEERS.get(0));
        String uuid = threadPerTaskName(PEERS.get(0));
        double uuidIds = idsPerSecond(uuid);
        for (Generator g : all) {
            String name = threadPerTaskName(g);
            threadPerTaskRow(out, g.label(), name, uuidIds);
            if (OURS.contains(g) && find(name + "Leased", 1) != null) {
                threadPerTaskRow(out, g.label() + ", leased", name + "Leased", uuidIds);
            }
        }
        out.append('\n');
        double gid = idsPerSecond("ThreadPerTaskBenchmarks.gid");
        atLeast("ids GID >= 1.0x UUID.randomUUID(), a new thread per call", gid / uuidIds, 1.0,
                count(gid) + " vs " + count(uuidIds) + " IDs/s (" + ratio(gid / uuidIds) + ")");
        for (Generator g : OURS) {
            String name = threadPerTaskName(g);
            double thrown = secondary(name, "exceptions");
            targets.add(new String[] {g.label() + ": no exception with a new thread per call", thrownText(name),
                Double.isNaN(thrown) ? "not run" : thrown == 0 ? "met" : "**missed**"});
        }
    }

    private void threadPerTaskRow(StringBuilder out, String label, String name, double uuidIds) {
        double ids = idsPerSecond(name);
        out.append("| ").append(label).append(" | ").append(count(ids)).append(" | ").append(ratio(ids / uuidIds))
                .append(" | ").append(thrownText(name)).append(" |\n");
    }

    /** The thread-per-task benchmark of a generator of the generation table. */
    private static String threadPerTaskName(Generator g) {
        return "ThreadPerTaskBenchmarks." + g.benchmark().substring(g.benchmark().indexOf('.') + 1);
    }

    /** Calls per second less the share of calls that threw: the IDs actually handed out. */
    private double idsPerSecond(String name) {
        double calls = secondary(name, "calls");
        return score(name, 1) * (1 - secondary(name, "exceptions") / calls);
    }

    private String thrownText(String name) {
        double calls = secondary(name, "calls");
        double thrown = secondary(name, "exceptions");
        if (Double.isNaN(calls) || Double.isNaN(thrown)) {
            return "—";
        }
        return String.format(Locale.ROOT, "%,.0f of %,.0f", thrown, calls)
                + (thrown == 0 ? "" : " (" + percent(thrown / calls) + ")");
    }

    /** A secondary result of a benchmark at 1 thread (such as a {@link TaskCounts} counter), or NaN. */
    private double secondary(String name, String label) {
        RunResult run = find(name, 1);
        Result<?> result = run == null ? null : run.getSecondaryResults().get(label);
        return result == null ? Double.NaN : result.getScore();
    }

    private void fastPath(StringBuilder out) {
        out.append("## Generation fast path\n\n");
        out.append("Each thread has its own generator on a clock that moves one time unit forward before the "
                + "unit's sequence can run out (see `FastPathBenchmarks`), so no call waits. Compared with "
                + "tsid-creator's `getTsid()` on the system clock (1 thread, converted to ns per ID). The leased "
                + "columns take the identity from a lease that is always held (`HeldLease`): the price of fencing "
                + "each ID, at 1 thread and at 2 (each thread with generators of its own).\n\n");
        double tsid = 1e9 / score("PeerGenerationBenchmarks.tsidCreator", 1);
        out.append("| generator | ns per ID | vs tsid-creator getTsid() (").append(nanos(tsid))
                .append(" ns) | leased: ns per ID | leased ÷ unleased | 2 threads: ns per ID | leased | "
                        + "leased ÷ unleased |\n|---|---|---|---|---|---|---|---|\n");
        for (String scheme : List.of("sno", "traceId", "lable", "muid")) {
            String name = "FastPathBenchmarks." + scheme;
            double ns = score(name, 1);
            double leased = score(name + "Leased", 1);
            out.append("| ").append(scheme).append(" | ").append(withError(name, 1, Report::nanos)).append(" | ")
                    .append(ratio(ns / tsid)).append(" | ").append(withError(name + "Leased", 1, Report::nanos))
                    .append(" | ").append(ratio(leased / ns)).append(" | ")
                    .append(withError(name, 2, Report::nanos)).append(" | ")
                    .append(withError(name + "Leased", 2, Report::nanos)).append(" | ")
                    .append(ratio(score(name + "Leased", 2) / score(name, 2))).append(" |\n");
            atMost("fast path of " + scheme + " <= 0.5x tsid-creator getTsid()", ns / tsid, 0.5,
                    nanos(ns) + " ns vs " + nanos(tsid) + " ns (" + ratio(ns / tsid) + ")");
            for (int threads = 1; threads <= 2; threads++) {
                double unleased = score(name, threads);
                double fenced = score(name + "Leased", threads);
                atMost("leased " + scheme + " <= 1.2x unleased, fast path, " + threads + " thread(s)",
                        fenced / unleased, 1.2, nanos(fenced) + " ns vs " + nanos(unleased) + " ns ("
                        + ratio(fenced / unleased) + ")");
            }
        }
        out.append('\n');
    }

    private void codecs(StringBuilder out) {
        out.append("## String and binary forms\n\n");
        out.append("ns per call, each call taking the next of 1,024 distinct IDs of a fleet (`CodecInputs`), and "
                + "bytes allocated per call (JMH's gc profiler, `gc.alloc.rate.norm`) next to the size of the result itself (64-bit HotSpot layout with compressed pointers).\n\n");
        out.append("| type | toString | alloc / result | parse | alloc / result | toBytes | alloc / result "
                + "| fromBytes | alloc / result |\n|---|---|---|---|---|---|---|---|---|\n");
        Map<String, Object> samples = samples();
        double uuidToString = score("CodecBenchmarks.uuidToString", 1);
        double uuidParse = score("CodecBenchmarks.uuidFromString", 1);
        String[][] rows = {
            {"TraceId", "traceId"}, {"LableId", "lable"}, {"Sno", "sno"}, {"Gid", "gid"}, {"Muid", "muid"},
            {"UUID (JDK)", "uuid"}, {"Long (JDK), the TraceIds' numbers", "jdkLong"},
            {"tsid-creator Tsid", "tsidCreator"},
            {"hypersistence TSID", "hypersistenceTsid"}, {"ulid-creator Ulid", "ulid"}};
        for (String[] row : rows) {
            String prefix = "CodecBenchmarks." + row[1];
            boolean uuid = row[1].equals("uuid");
            boolean ours = !uuid && !row[0].contains(" ");
            Object id = samples.get(row[1]);
            String text = id.toString();
            String toString = prefix + "ToString";
            String parse = prefix + (uuid ? "FromString" : "Parse");
            out.append("| ").append(row[0]).append(" | ").append(withError(toString, 1, Report::nanos))
                    .append(" | ").append(allocText(toString, ObjectSizes.of(text))).append(" | ")
                    .append(withError(parse, 1, Report::nanos)).append(" | ")
                    .append(allocText(parse, ObjectSizes.of(id))).append(" | ");
            if (ours) {
                byte[] bytes = bytesOf(id);
                out.append(withError(prefix + "ToBytes", 1, Report::nanos)).append(" | ")
                        .append(allocText(prefix + "ToBytes", ObjectSizes.of(bytes))).append(" | ")
                        .append(withError(prefix + "FromBytes", 1, Report::nanos)).append(" | ")
                        .append(allocText(prefix + "FromBytes", ObjectSizes.of(id))).append(" |\n");
            } else {
                out.append("— | — | — | — |\n");
            }
            if (ours) {
                double ts = score(toString, 1);
                double ps = score(parse, 1);
                atMost(row[0] + ".toString() faster than UUID.toString()", ts / uuidToString, 1.0,
                        nanos(ts) + " vs " + nanos(uuidToString) + " ns (" + ratio(ts / uuidToString) + ")");
                atMost(row[0] + ".parse faster than UUID.fromString()", ps / uuidParse, 1.0,
                        nanos(ps) + " vs " + nanos(uuidParse) + " ns (" + ratio(ps / uuidParse) + ")");
                if (row[1].equals("traceId")) {
                    // a TraceId's text is the decimal of its number: the JDK's own codec for those digits
                    double jdkToString = score("CodecBenchmarks.jdkLongToString", 1);
                    double jdkParse = score("CodecBenchmarks.jdkLongParse", 1);
                    atMost("TraceId.toString() faster than Long.toString() of the same numbers", ts / jdkToString,
                            1.0, nanos(ts) + " vs " + nanos(jdkToString) + " ns (" + ratio(ts / jdkToString) + ")");
                    atMost("TraceId.parse faster than Long.parseLong() of the same texts", ps / jdkParse, 1.0,
                            nanos(ps) + " vs " + nanos(jdkParse) + " ns (" + ratio(ps / jdkParse) + ")");
                }
                long textSize = ObjectSizes.of(text);
                long idSize = ObjectSizes.of(id);
                atMost(row[0] + ".toString() allocates no more than its result (" + textSize + " B)",
                        alloc(toString), textSize + 0.5, bytes(alloc(toString)) + " B/op");
                atMost(row[0] + ".parse allocates no more than its result (" + idSize + " B)", alloc(parse),
                        idSize + 0.5, bytes(alloc(parse)) + " B/op");
            }
        }
        out.append('\n');
    }

    private static byte[] bytesOf(Object id) {
        if (id instanceof dev.ids.traceid.TraceId t) {
            return t.toBytes();
        } else if (id instanceof dev.ids.lable.LableId l) {
            return l.toBytes();
        } else if (id instanceof dev.ids.sno.Sno s) {
            return s.toBytes();
        } else if (id instanceof dev.ids.gid.Gid g) {
            return g.toBytes();
        } else if (id instanceof dev.ids.muid.Muid m) {
            return m.toBytes();
        }
        throw new IllegalArgumentException(String.valueOf(id));
    }

    /** IDs like the ones the codec benchmarks use, for the sizes of their results. */
    private static Map<String, Object> samples() {
        Map<String, Object> samples = new LinkedHashMap<>();
        samples.put("traceId", CodecInputs.traceIds()[0]);
        samples.put("lable", CodecInputs.lableIds()[0]);
        samples.put("sno", CodecInputs.snos()[0]);
        samples.put("gid", CodecInputs.gids()[0]);
        samples.put("muid", CodecInputs.muids()[0]);
        samples.put("uuid", CodecInputs.uuids()[0]);
        samples.put("jdkLong", CodecInputs.traceIds()[0].toLong());
        samples.put("tsidCreator", CodecInputs.tsidCreatorIds()[0]);
        samples.put("hypersistenceTsid", CodecInputs.hypersistenceTsids()[0]);
        samples.put("ulid", CodecInputs.ulids()[0]);
        return samples;
    }

    private void inserts(StringBuilder out) {
        out.append("## Inserts through Hibernate\n\n");
        out.append("100,000 rows per invocation with JDBC batching (batch size ").append(InsertBenchmarks.BATCH_SIZE)
                .append("; IDENTITY cannot batch), each from an empty table; plain Hibernate, the ids generators "
                        + "from the `ids.generator.<scheme>` settings. PostgreSQL runs on this machine over a socket "
                        + "on 127.0.0.1; H2 in memory, where IDENTITY costs no round trip. Each strategy runs in "
                        + "several rounds in rotated order; the figures are the median of the rounds, with their "
                        + "range.\n\n");
        List<String> databases = new ArrayList<>();
        for (String database : List.of("postgresql", "h2")) {
            if (insertRuns.containsKey(database)) {
                databases.add(database);
            }
        }
        out.append("| ID strategy |");
        StringBuilder rule = new StringBuilder("|---|");
        for (String database : databases) {
            String name = database.equals("h2") ? "H2" : "PostgreSQL";
            out.append(' ').append(name).append(", ms per run | ").append(name).append(", rows/s | vs pooled SEQUENCE | "
                    + "vs IDENTITY |");
            rule.append("---|---|---|---|");
        }
        out.append('\n').append(rule).append('\n');
        List<String> strategies = new ArrayList<>(BenchmarkSuite.INSERT_STRATEGIES);
        for (String strategy : strategies) {
            if (databases.stream().noneMatch((database) -> insertRuns.get(database).containsKey(strategy))) {
                continue;
            }
            out.append("| ").append(strategy).append(" |");
            for (String database : databases) {
                double rate = insertRate(database, strategy);
                out.append(' ').append(insertMillis(database, strategy)).append(" | ").append(count(rate))
                        .append(" | ").append(ratio(rate / insertRate(database, "sequence"))).append(" | ")
                        .append(ratio(rate / insertRate(database, "identity"))).append(" |");
            }
            out.append('\n');
        }
        out.append('\n');
        if (databases.isEmpty()) {
            return;
        }
        String database = databases.get(0);
        String on = database.equals("h2") ? " (H2)" : " (PostgreSQL)";
        double sequence = insertRate(database, "sequence");
        double identity = insertRate(database, "identity");
        for (String scheme : List.of("trace-id", "lable", "sno", "gid", "muid")) {
            double rate = insertRate(database, scheme);
            if (Double.isNaN(rate)) {
                continue;
            }
            atLeast("inserts with " + scheme + " >= pooled SEQUENCE" + on, rate / sequence, 1.0,
                    count(rate) + " vs " + count(sequence) + " rows/s (" + ratio(rate / sequence) + ")");
            atLeast("inserts with " + scheme + " >= 3x IDENTITY" + on, rate / identity, 3.0,
                    count(rate) + " vs " + count(identity) + " rows/s (" + ratio(rate / identity) + ")");
        }
    }

    /** The scores (ms per invocation) of the rounds of one strategy on one database, sorted. */
    private double[] insertScores(String database, String strategy) {
        List<RunResult> runs = insertRuns.getOrDefault(database, Map.of()).getOrDefault(strategy, List.of());
        return runs.stream().mapToDouble((run) -> run.getPrimaryResult().getScore()).sorted().toArray();
    }

    /** Rows per second at the median of the rounds, or NaN when the strategy did not run there. */
    private double insertRate(String database, String strategy) {
        List<RunResult> runs = insertRuns.getOrDefault(database, Map.of()).getOrDefault(strategy, List.of());
        if (runs.isEmpty()) {
            return Double.NaN;
        }
        int rows = Integer.parseInt(runs.get(0).getParams().getParam("rows"));
        return rows / median(insertScores(database, strategy)) * 1000.0;
    }

    private String insertMillis(String database, String strategy) {
        double[] scores = insertScores(database, strategy);
        if (scores.length == 0) {
            return "—";
        }
        return fixed(median(scores)) + (scores.length > 1 ? " (" + fixed(scores[0]) + "–"
                + fixed(scores[scores.length - 1]) + ")" : "");
    }

    private static double median(double[] sorted) {
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private void machine(StringBuilder out) {
        out.append("## Machine\n\n");
        out.append("- date: ").append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append('\n');
        out.append("- processors available to the JVM: ").append(Runtime.getRuntime().availableProcessors())
                .append('\n');
        for (String line : lscpu()) {
            out.append("- ").append(line).append('\n');
        }
        out.append("- JDK: ").append(System.getProperty("java.vm.name")).append(' ')
                .append(System.getProperty("java.runtime.version")).append(" (").append(System.getProperty("os.name"))
                .append(' ').append(System.getProperty("os.arch")).append(")\n");
        out.append("- JMH ").append(org.openjdk.jmh.util.Utils.class.getPackage().getImplementationVersion() == null
                ? "1.37" : org.openjdk.jmh.util.Utils.class.getPackage().getImplementationVersion())
                .append(", ").append(settingsText()).append('\n');
        if (!note.isBlank()) {
            out.append("- note: ").append(note).append('\n');
        }
    }

    /** The JMH settings of each kind of benchmark in this run, from the suite's own definition. */
    private String settingsText() {
        StringBuilder text = new StringBuilder(length.name().toLowerCase(Locale.ROOT)).append(" run:");
        java.util.Set<String> described = new java.util.HashSet<>();
        for (BenchmarkSuite.Group group : BenchmarkSuite.groups(length)) {
            if (described.add(group.kind())) {
                text.append(' ').append(group.kind()).append(" (")
                        .append(group.forks() == 0 ? "no fork" : group.forks() + " fork(s)").append(", ")
                        .append(group.warmups()).append(" x ").append(timeText(group.warmupTime()))
                        .append(" warm-up, ").append(group.iterations()).append(" x ")
                        .append(timeText(group.iterationTime())).append(");");
            }
        }
        return text.append(" forks run with -Xms512m -Xmx1g").toString();
    }

    private static String timeText(org.openjdk.jmh.runner.options.TimeValue time) {
        return time == org.openjdk.jmh.runner.options.TimeValue.NONE ? "single shot" : time.toString();
    }

    private static List<String> lscpu() {
        List<String> lines = new ArrayList<>();
        try {
            Process process = new ProcessBuilder("lscpu").redirectErrorStream(true).start();
            try (BufferedReader reader = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    String trimmed = line.trim().replaceAll("\\s{2,}", " ");
                    if (trimmed.startsWith("Model name:") || trimmed.startsWith("CPU(s):")
                            || trimmed.startsWith("Thread(s) per core:") || trimmed.startsWith("Architecture:")
                            || trimmed.startsWith("Hypervisor vendor:")) {
                        lines.add("lscpu " + trimmed);
                    }
                }
            }
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            lines.add("lscpu not available: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return lines;
    }

    private void atLeast(String target, double measured, double threshold, String shown) {
        targets.add(new String[] {target, shown, Double.isNaN(measured) ? "not run"
                : measured >= threshold ? "met" : "**missed** by " + percent((threshold - measured) / threshold)});
    }

    private void atMost(String target, double measured, double threshold, String shown) {
        targets.add(new String[] {target, shown, Double.isNaN(measured) ? "not run"
                : measured <= threshold ? "met"
                : "**missed** by " + (threshold > 0 ? percent((measured - threshold) / threshold)
                        : fixed(measured - threshold))});
    }

    private String withError(String name, int threads, DoubleFunction<String> format) {
        return withError(find(name, threads), format);
    }

    private static String withError(RunResult run, DoubleFunction<String> format) {
        if (run == null) {
            return "—";
        }
        Result<?> primary = run.getPrimaryResult();
        double error = error(primary);
        return format.apply(primary.getScore()) + (Double.isNaN(error) ? "" : " ± " + format.apply(error));
    }

    private static double error(Result<?> result) {
        double error = result.getScoreError();
        return Double.isFinite(error) ? error : Double.NaN;
    }

    private String allocText(String name, long resultSize) {
        double alloc = alloc(name);
        return Double.isNaN(alloc) ? "—" : bytes(alloc) + " / " + resultSize + " B";
    }

    private static String leadText(Long micros) {
        if (micros == null) {
            return "—";
        }
        return String.format(Locale.ROOT, "%+.3f ms", micros / 1000.0);
    }

    static String count(double value) {
        if (Double.isNaN(value)) {
            return "—";
        }
        if (Math.abs(value) >= 1e6) {
            return String.format(Locale.ROOT, "%.2f M", value / 1e6);
        }
        if (Math.abs(value) >= 1e3) {
            return String.format(Locale.ROOT, "%.1f k", value / 1e3);
        }
        return String.format(Locale.ROOT, "%.1f", value);
    }

    private static String nanos(double value) {
        return Double.isNaN(value) ? "—" : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String bytes(double value) {
        return Double.isNaN(value) ? "—" : String.format(Locale.ROOT, "%.0f", value);
    }

    private static String fixed(double value) {
        return Double.isNaN(value) ? "—" : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String ratio(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "—" : String.format(Locale.ROOT, "%.2fx", value);
    }

    private static String percent(double value) {
        return Double.isNaN(value) ? "—" : String.format(Locale.ROOT, "%.1f%%", value * 100);
    }
}
