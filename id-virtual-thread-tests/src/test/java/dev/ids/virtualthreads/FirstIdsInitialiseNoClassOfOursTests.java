package dev.ids.virtualthreads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A generator's first {@code next()} initialises no class of ours: building the generator does. A virtual thread
 * that waits for a class that another thread is initialising holds its carrier thread meanwhile (JDK 21 to 25), so a
 * class left to the first call pins carriers when an application's first requests arrive together. Which thread
 * wins that race is chance ({@link FirstGidsOnVirtualThreadsTests} caught it once in four CI runs), so this asks the
 * JVM itself: {@code -Xlog:class+init} lists every class as it is initialised, and no class of ours may appear
 * between the generator's construction and its first IDs. Each scheme runs in a JVM of its own, as a class is
 * initialised once per process.
 */
class FirstIdsInitialiseNoClassOfOursTests {

    @ParameterizedTest
    @ValueSource(strings = {"trace-id", "lable", "sno", "gid", "muid"})
    void theFirstIdsInitialiseNoClassOfOurs(String scheme, @TempDir Path directory) throws Exception {
        Path log = directory.resolve("class-init.log");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(java.toString(), "-Xlog:class+init=info:file=" + log,
                "-cp", System.getProperty("java.class.path"), FirstIds.class.getName(), scheme)
                .redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).as(output).isTrue();
        assertThat(child.exitValue()).as(output).isZero();

        List<String> initialised = Files.readAllLines(log).stream().filter(line -> line.contains(" Initializing '"))
                .map(line -> line.substring(line.indexOf('\'') + 1, line.lastIndexOf('\''))).toList();
        int built = initialised.indexOf(FirstIds.Built.class.getName().replace('.', '/'));
        int drawn = initialised.indexOf(FirstIds.Drawn.class.getName().replace('.', '/'));
        assertThat(built).as("the marker after construction in %s", initialised).isNotNegative();
        assertThat(drawn).as("the marker after the first IDs in %s", initialised).isGreaterThan(built);

        // A lambda's class is no such wait: it is initialised as it is defined, by the thread that links the call
        // site, before any other thread can see it.
        assertThat(initialised.subList(built + 1, drawn)).as("classes the first IDs of %s initialised", scheme)
                .filteredOn(name -> !name.startsWith("dev/ids/virtualthreads/") && !name.contains("$$Lambda"))
                .noneMatch(name -> name.startsWith("dev/ids/"));
    }

    /** The child JVM: builds one generator, marks the moment, draws its first IDs on virtual threads, marks again. */
    static final class FirstIds {

        public static void main(String[] args) throws Exception {
            Supplier<?> generator = generator(args[0]);
            Class.forName(Built.class.getName());
            OnVirtualThreads.Outcome<?> outcome = OnVirtualThreads.allAtOnce(100, 10, generator);
            Class.forName(Drawn.class.getName());
            if (!outcome.failures().isEmpty() || outcome.ids().size() != 1_000) {
                throw new AssertionError(outcome.ids().size() + " IDs, failures " + outcome.failures());
            }
        }

        private static Supplier<?> generator(String scheme) {
            return switch (scheme) {
                case "trace-id" -> TraceIdGenerator.builder().nodeNo(7).build()::next;
                case "lable" -> LableIdGenerator.builder().generatorId(5).build()::next;
                case "sno" -> SnoGenerator.builder().partition(9).build()::next;
                case "gid" -> GidGenerator.builder().build()::next;
                case "muid" -> MuidGenerator.builder().randomMedallion().build()::next;
                default -> throw new IllegalArgumentException(scheme);
            };
        }

        /** Initialised once the generator is built. */
        static final class Built {
            static final long AT = System.nanoTime();
        }

        /** Initialised once the first IDs are drawn. */
        static final class Drawn {
            static final long AT = System.nanoTime();
        }
    }
}
