package dev.ids.benchmarks;

import com.sun.management.ThreadMXBean;
import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.UUID;

/**
 * The string races of {@link CodecBenchmarks} timed by the thread's CPU time instead of the wall clock, for a machine
 * that other work shares: a wall-clock figure there counts the time the thread waited for a core, and a load that
 * changes from second to second moves JMH's ratios by more than the codecs differ. This one runs each codec and
 * {@code UUID} in turn, many times, and reports the median and the least CPU time a call, each with its ratio to
 * {@code UUID}'s (the least is the one a passing load disturbs least).
 *
 * <pre>
 * java -cp id-benchmarks/target/benchmarks.jar dev.ids.benchmarks.CodecCpuTime [ROUNDS]
 * </pre>
 *
 * <p>Each call takes the next of the same {@value CodecInputs#COUNT} inputs as the JMH benchmarks and stores its
 * result where the JIT cannot drop it; each codec has its own loop, so that no call site is shared and every call
 * is inlined as it is in JMH. Not part of the suite: JMH's figures on a quiet machine remain the published ones.
 */
public final class CodecCpuTime {

    static final String[] NAMES = {"uuidToString", "uuidFromString", "traceIdToString", "traceIdParse",
        "lableToString", "lableParse", "snoToString", "snoParse", "gidToString", "gidParse", "muidToString",
        "muidParse"};
    private static final int CALLS = 2_000_000;
    private static final int MASK = CodecInputs.COUNT - 1;

    private final Object[] sink = new Object[CodecInputs.COUNT];
    private final UUID[] uuids = CodecInputs.uuids();
    private final TraceId[] traceIds = CodecInputs.traceIds();
    private final LableId[] lableIds = CodecInputs.lableIds();
    private final Sno[] snos = CodecInputs.snos();
    private final Gid[] gids = CodecInputs.gids();
    private final Muid[] muids = CodecInputs.muids();
    private final String[] uuidTexts = texts(uuids);
    private final String[] traceIdTexts = texts(traceIds);
    private final String[] lableTexts = texts(lableIds);
    private final String[] snoTexts = texts(snos);
    private final String[] gidTexts = texts(gids);
    private final String[] muidTexts = texts(muids);

    CodecCpuTime() {
    }

    /**
     * Runs three warm-up rounds and then the given number of measured rounds (15 by default), and prints a table.
     *
     * @param args the number of measured rounds, optionally
     */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        CodecCpuTime timer = new CodecCpuTime();
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        double[][] nanos = new double[NAMES.length][rounds];
        double[] bytes = new double[NAMES.length];
        for (int round = -3; round < rounds; round++) {
            for (int i = 0; i < NAMES.length; i++) {
                long allocated = threads.getCurrentThreadAllocatedBytes();
                long started = threads.getCurrentThreadCpuTime();
                timer.run(i);
                long spent = threads.getCurrentThreadCpuTime() - started;
                bytes[i] = (threads.getCurrentThreadAllocatedBytes() - allocated) / (double) CALLS;
                if (round >= 0) {
                    nanos[i][round] = spent / (double) CALLS;
                }
            }
        }
        System.out.printf(Locale.ROOT, "%-16s %9s %9s %9s %9s %7s%n", "benchmark", "median ns", "min ns",
                "vs UUID", "min vs", "B/call");
        for (int i = 0; i < NAMES.length; i++) {
            // Even rows are string forms and odd rows parses, as the first two, UUID's, are.
            double median = median(nanos[i]);
            double min = min(nanos[i]);
            System.out.printf(Locale.ROOT, "%-16s %9.1f %9.1f %8.2fx %8.2fx %7.1f%n", NAMES[i], median, min,
                    median / median(nanos[i % 2]), min / min(nanos[i % 2]), bytes[i]);
        }
    }

    /** Makes {@value #CALLS} calls of one benchmark, by its index in {@link #NAMES}. */
    void run(int benchmark) {
        switch (benchmark) {
            case 0 -> uuidToString();
            case 1 -> uuidFromString();
            case 2 -> traceIdToString();
            case 3 -> traceIdParse();
            case 4 -> lableToString();
            case 5 -> lableParse();
            case 6 -> snoToString();
            case 7 -> snoParse();
            case 8 -> gidToString();
            case 9 -> gidParse();
            case 10 -> muidToString();
            case 11 -> muidParse();
            default -> throw new IllegalArgumentException("no benchmark " + benchmark);
        }
    }

    private void uuidToString() {
        for (int call = 0; call < CALLS; call++) {
            sink[call & MASK] = uuids[call & MASK].toString();
        }
    }

    private void uuidFromString() {
        for (int call = 0; call < CALLS; call++) {
            sink[call & MASK] = UUID.fromString(uuidTexts[call & MASK]);
        }
    }

    private void traceIdToString() {
        for (int call = 0; call < CALLS; call++) {
            sink[call & MASK] = traceIds[call & MASK].toString();
        }
    }

    private void traceIdParse() {
        for (int call = 0; call < CALLS; call++) {
            sink[call & MASK] = TraceId.parse(traceIdTexts[call & MASK]);
        }
    }

    private void lableToString() {
        for (int call = 0; call < CALLS; call++) {
            sink[call & MASK] = lableIds[call & MASK].toString();
        }
    }

    private void lableParse() {
        for (int call = 0; call < CALLS; call++) {
            sink[call & MASK] = LableId.parse(lableTexts[call & MASK]);
        }
    }

    private void snoToString() {
        for (int call = 0; call < CALLS; call++) {
            sink[call & MASK] = snos[call & MASK].toString();
        }
    }

    private void snoParse() {
        for (int call = 0; call < CALLS; call++) {
            sink[call & MASK] = Sno.parse(snoTexts[call & MASK]);
        }
    }

    private void gidToString() {
        for (int call = 0; call < CALLS; call++) {
            sink[call & MASK] = gids[call & MASK].toString();
        }
    }

    private void gidParse() {
        for (int call = 0; call < CALLS; call++) {
            sink[call & MASK] = Gid.parse(gidTexts[call & MASK]);
        }
    }

    private void muidToString() {
        for (int call = 0; call < CALLS; call++) {
            sink[call & MASK] = muids[call & MASK].toString();
        }
    }

    private void muidParse() {
        for (int call = 0; call < CALLS; call++) {
            sink[call & MASK] = Muid.parse(muidTexts[call & MASK]);
        }
    }

    private static String[] texts(Object[] ids) {
        String[] texts = new String[ids.length];
        for (int i = 0; i < ids.length; i++) {
            texts[i] = ids[i].toString();
        }
        return texts;
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElseThrow();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
