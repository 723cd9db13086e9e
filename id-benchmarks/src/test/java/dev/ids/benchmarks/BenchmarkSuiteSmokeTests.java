package dev.ids.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Runs the suite as the README's command does, in its smoke mode (a few benchmarks in this JVM, one tiny
 * iteration), so that the command and the table it writes cannot rot unnoticed. The figures are not checked: only
 * that each kind of benchmark ran and was reported.
 */
class BenchmarkSuiteSmokeTests {

    @Test
    void theSmokeRunMeasuresEachKindOfBenchmarkAndWritesTheTable() throws Exception {
        Path out = Path.of("target", "smoke-benchmarks.md");
        Files.deleteIfExists(out);

        BenchmarkSuite.run(BenchmarkSuite.parse(new String[] {"--smoke", "--out", out.toString(), "--note",
                "smoke test"}));

        String table = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(table).contains("# Benchmark results", "(smoke run", "- note: smoke test");
        // generation on the system clock, with the lead decoded from the last ID
        assertThat(row(table, "| ids sno |")).matches("\\| ids sno \\| [0-9.]+ [kM]? ?.*\\| [+-][0-9.]+ ms \\|.*");
        assertThat(row(table, "| tsid-creator TsidCreator.getTsid() |")).matches(".*\\| [+-][0-9.]+ ms \\|.*");
        // a new thread per call, with the calls that threw, against UUID.randomUUID() in the same run
        assertThat(table).containsPattern("a new (virtual|platform) thread per call");
        assertThat(row(table, "| ids sno |", 1))
                .matches("\\| ids sno \\| [0-9.]+( [kM])? \\| [0-9.]+x \\| 0 of [0-9,]+ \\|");
        assertThat(row(table, "| JDK UUID.randomUUID() |", 1))
                .matches("\\| JDK UUID.randomUUID\\(\\) \\| [0-9.]+( [kM])? \\| 1.00x \\| 0 of [0-9,]+ \\|");
        assertThat(table).contains("| ids sno: no exception with a new thread per call | 0 of ");
        assertThat(row(table, "| ids sno, leased |", 0))
                .matches("\\| ids sno, leased \\| [0-9.]+( [kM])? \\| [0-9.]+x \\| 0 of [0-9,]+ \\|");
        // fast path, compared with tsid-creator, and with a held lease compared with none
        // (at 1 thread and at 2), and the target of leased against unleased
        assertThat(row(table, "| sno |")).matches("\\| sno \\| [0-9.]+ [^|]*\\| [0-9.]+x \\| [0-9.]+ [^|]*\\| [0-9.]+x "
                + "\\| [0-9.]+ [^|]*\\| [0-9.]+ [^|]*\\| [0-9.]+x \\|");
        assertThat(table).contains("| leased sno <= 1.2x unleased, fast path, 2 thread(s) | ");
        // codecs with the gc profiler: bytes allocated next to the result's size (a 16-char sno string: 56 B)
        assertThat(row(table, "| Sno |")).matches("\\| Sno \\| [0-9.]+ .*\\| [0-9]+ / 56 B \\| [0-9.]+ .*");
        // inserts through Hibernate, on PostgreSQL too where it is reachable (CI requires it)
        assertThat(row(table, "| sno |", 1)).matches("\\| sno \\| [0-9.]+ .*");
        if (InsertDatabase.postgresqlUnavailability().isEmpty()) {
            assertThat(table).contains("| PostgreSQL, ms per run | PostgreSQL, rows/s |");
            assertThat(row(table, "| sno |", 1)).matches("\\| sno \\| [0-9.]+ \\| [0-9.]+( [kM])? \\| [0-9.]+x \\| — "
                    + "\\| [0-9.]+ \\| [0-9.]+( [kM])? \\| [0-9.]+x \\| — \\|");
        }
        assertThat(row(table, "| sequence |")).matches("\\| sequence \\| [0-9.]+ .*\\| 1.00x \\| — \\|");
        assertThat(table).contains("| ids sno: at most one time unit (4 ms) ahead of the wall clock |");
        assertThat(table).containsPattern("lscpu CPU\\(s\\): [0-9]+|lscpu not available");
    }

    @Test
    void anUnknownOptionIsRefusedNamingTheOptions() {
        assertThatThrownBy(() -> BenchmarkSuite.parse(new String[] {"--fast"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'--fast'")
                .hasMessageContaining("--long, --smoke, --out FILE, --note TEXT, --include REGEX");
    }

    private static String row(String table, String start) {
        return row(table, start, 0);
    }

    /** The {@code skip}-th line (from 0) that starts with {@code start}. */
    private static String row(String table, String start, int skip) {
        return table.lines().filter((line) -> line.startsWith(start)).skip(skip).findFirst()
                .orElseThrow(() -> new AssertionError("no row starting with " + start + " in\n" + table));
    }
}
