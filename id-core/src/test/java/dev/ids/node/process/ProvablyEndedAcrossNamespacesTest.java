package dev.ids.node.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.LeaseHolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33: two containers with PID namespaces of their own and one host name (host networking, a fixed
 * {@code hostname:} of compose replicas) both run their application as process 1, so host name and process id do not
 * tell one's holder from the other's. Reproduced with {@code unshare}: each JVM runs as process 1 of a new PID
 * namespace, in a UTS namespace with the same host name.
 */
class ProvablyEndedAcrossNamespacesTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path directory;

    @Test
    void aRunningHolderOfAnotherPidNamespaceWithThisHostNameAndProcessIdIsNotProvablyEnded() throws Exception {
        String host = "idshost-" + UUID.randomUUID().toString().substring(0, 8);
        assumeNamespacesCanBeMade(host);
        try (ChildJvm first = inNewPidNamespace("A", host, "hold");
                ChildJvm second = inNewPidNamespace("B", host, "check", holder(first))) {
            String line = second.awaitLine("ENDED ", TIMEOUT);

            assertThat(first.field("HOLDER ", "pid", TIMEOUT)).as("A's process id, in its namespace")
                    .isEqualTo(second.field("ENDED ", "pid", TIMEOUT)).as("B's, in its own");
            assertThat(holder(first)).contains("@" + host + "/pid ");
            assertThat(line).as("B's verdict on A's holder, while A runs").startsWith("ENDED false ");
            first.stop();
            first.awaitSuccess(TIMEOUT);
        }
    }

    @Test
    void aHolderOfAProcessOfThisPidNamespaceIsProvablyEndedOnceThatProcessHasEnded() throws Exception {
        try (ChildJvm child = ChildJvm.start("A", directory, HolderProbe.class, List.of("hold"))) {
            LeaseHolder holder = LeaseHolder.parse(holder(child) + "#3");
            Assumptions.assumeTrue(holder.id().matches(".*/pid \\d+/.+"),
                    () -> "no process token here (not Linux?): " + holder);

            assertThat(holder.isProvablyEnded()).as("while it runs").isFalse();
            child.kill();
            assertThat(holder.isProvablyEnded()).as("killed").isTrue();
        }
    }

    private static String holder(ChildJvm child) throws InterruptedException {
        String line = child.awaitLine("HOLDER ", TIMEOUT);
        return line.substring("HOLDER ".length(), line.lastIndexOf(" pid="));
    }

    /**
     * Starts the probe as process 1 of a new PID namespace, with a new UTS namespace named {@code host} and
     * {@code HOSTNAME} set likewise ({@link LeaseHolder} reads that first); {@code --kill-child} ends the namespace
     * when the test kills {@code unshare}.
     */
    private ChildJvm inNewPidNamespace(String name, String host, String... args) throws IOException {
        return ChildJvm.start(name, directory, launcher(host), Map.of("HOSTNAME", host), HolderProbe.class,
                List.of(args));
    }

    private static List<String> launcher(String host) {
        return List.of("unshare", "--pid", "--fork", "--uts", "--mount-proc", "--kill-child", "sh", "-c",
                "hostname \"$0\" && exec \"$@\"", host);
    }

    /** Skips the test, saying why, where namespaces cannot be made (no unshare, not root, a restricted container). */
    private void assumeNamespacesCanBeMade(String host) throws InterruptedException {
        String reason;
        try {
            List<String> command = new ArrayList<>(launcher(host));
            command.add("hostname");
            Path output = directory.resolve("unshare.out");
            Process unshare = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                    .start();
            if (!unshare.waitFor(10, TimeUnit.SECONDS)) {
                unshare.destroyForcibly();
                reason = "unshare did not finish within 10 s";
            } else {
                String printed = Files.readString(output).strip();
                reason = unshare.exitValue() == 0 && printed.equals(host) ? null
                        : "unshare failed with status " + unshare.exitValue() + ": " + printed;
            }
        } catch (IOException e) {
            reason = "no unshare: " + e.getMessage();
        }
        if (reason != null) {
            System.out.println("Skipped: new PID and UTS namespaces cannot be made here (" + reason + ")");
        }
        Assumptions.assumeTrue(reason == null, reason);
    }
}
