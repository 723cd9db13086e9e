package dev.ids.virtualthreads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;
import org.junit.jupiter.api.Test;

/**
 * The first GIDs of a process, each on its own virtual thread. A virtual thread that waits for a class to be
 * initialised by another thread holds its carrier thread meanwhile (JDK 21 to 25; JFR reports it as
 * {@code jdk.VirtualThreadPinned}), so the generator must not leave its random pool's first use, which initialises a
 * class of ours and the system {@code SecureRandom} (some 50 ms), to the first {@code next()}. The JDK's own classes
 * met on the way (its cipher and lock classes) still pin a carrier for microseconds when first used by two threads at
 * once; that is the JDK's, and not asserted. Class initialisation happens once per process, so the scenario runs in a
 * JVM of its own.
 */
class FirstGidsOnVirtualThreadsTests {

    private static final int THREADS = 10_000;

    @Test
    void noVirtualThreadHoldsItsCarrierWhileAClassOfOursIsInitialisedForTheFirstGids() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                FirstGids.class.getName()).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).as(output).isTrue();

        assertThat(child.exitValue()).as(output).isZero();
        assertThat(output).contains("failures []").contains("distinct " + THREADS + " of " + THREADS)
                .contains("waits for a class of ours: 0");
    }

    /** The child JVM: records pinned virtual threads while the first GIDs are drawn, and prints what it saw. */
    static final class FirstGids {

        public static void main(String[] args) throws Exception {
            List<RecordedEvent> pinned = new CopyOnWriteArrayList<>();
            try (RecordingStream recording = new RecordingStream()) {
                recording.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
                recording.onEvent("jdk.VirtualThreadPinned", pinned::add);
                recording.startAsync();

                GidGenerator generator = GidGenerator.builder().build();
                OnVirtualThreads.Outcome<Gid> outcome = OnVirtualThreads.allAtOnce(THREADS, 1, generator::next);

                recording.stop(); // delivers the events recorded so far
                System.out.println("failures " + outcome.failures());
                System.out.println("distinct " + new HashSet<>(outcome.ids()).size() + " of " + THREADS);
            }
            pinned.forEach(System.out::println);
            long ours = pinned.stream().filter(FirstGids::waitedForAClassOfOurs).count();
            System.out.println("waits for a class of ours: " + ours + " (of " + pinned.size() + " pinned)");
        }

        private static boolean waitedForAClassOfOurs(RecordedEvent event) {
            return event.hasField("pinnedReason") && String.valueOf(event.getString("pinnedReason"))
                    .startsWith("Waited for initialization of dev.ids.");
        }
    }
}
