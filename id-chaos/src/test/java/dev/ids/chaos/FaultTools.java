package dev.ids.chaos;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * What the machine offers the nemesis beyond signals and proxies, found out once per JVM: libfaketime (Debian's
 * {@code libfaketime}, brought by the {@code faketime} package) for a worker whose clock is skewed, and, as root,
 * new PID, UTS and network namespaces for workers that share one host name and process id, and whose link to the
 * store can be taken down. A fault that needs what is missing is not drawn, and a test that needs it is skipped,
 * each saying why.
 */
final class FaultTools {

    /** Where Debian puts the library, per architecture. */
    private static final List<Path> LIBFAKETIME = List.of(
            Path.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"),
            Path.of("/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1"),
            Path.of("/usr/lib/faketime/libfaketime.so.1"));

    /** Why no worker can have its clock skewed here; {@code null} when one can. */
    static final String NO_FAKETIME = findLibfaketime() == null ? "libfaketime is not installed (looked for "
            + LIBFAKETIME + "); install Debian's faketime package" : null;

    /** Why workers cannot run in namespaces of their own here; {@code null} when they can. */
    static final String NO_NAMESPACES = probeNamespaces();

    private FaultTools() {
    }

    /** The library to preload, or {@code null}. */
    static Path libfaketime() {
        return findLibfaketime();
    }

    /**
     * The environment that skews a worker's wall clock by an offset, and no other clock. libfaketime's monotonic
     * clock is left alone ({@code FAKETIME_DONT_FAKE_MONOTONIC}), as a stepped or skewed wall clock leaves
     * {@code CLOCK_MONOTONIC} alone on a real machine, and so are the JVM's timed waits: with libfaketime's default
     * monotonic fix, {@code LockSupport.parkNanos} and {@code Object.wait} with a timeout returned at once here
     * (1,000 parks of a millisecond took 0 ms), while {@code FAKETIME_FORCE_MONOTONIC_FIX=0} keeps them exact.
     *
     * @param offsetMillis how far ahead (positive) or behind (negative) the worker's wall clock runs
     * @return the variables to set
     */
    static Map<String, String> skewedClock(long offsetMillis) {
        String seconds = (offsetMillis < 0 ? "-" : "+") + Math.abs(offsetMillis) / 1000 + "."
                + String.format("%03d", Math.abs(offsetMillis) % 1000);
        return Map.of("LD_PRELOAD", String.valueOf(libfaketime()), "FAKETIME", seconds,
                "FAKETIME_DONT_FAKE_MONOTONIC", "1", "FAKETIME_FORCE_MONOTONIC_FIX", "0");
    }

    /**
     * Skips the calling test, saying why, where libfaketime is missing; fails it with {@code CI=true}, where
     * {@code .ci/run} installs it.
     */
    static void assumeFaketime() {
        if (NO_FAKETIME == null) {
            return;
        }
        if ("true".equals(System.getenv("CI"))) {
            throw new IllegalStateException(NO_FAKETIME + " (required with CI=true)");
        }
        System.out.println("[skipped] " + NO_FAKETIME);
        Assumptions.assumeTrue(false, NO_FAKETIME);
    }

    /** Skips the calling test, saying why, where namespaces cannot be made (not root, a restricted container). */
    static void assumeNamespaces() {
        if (NO_NAMESPACES != null) {
            System.out.println("[skipped] " + NO_NAMESPACES);
        }
        Assumptions.assumeTrue(NO_NAMESPACES == null, NO_NAMESPACES);
    }

    private static Path findLibfaketime() {
        return LIBFAKETIME.stream().filter(Files::isReadable).findFirst().orElse(null);
    }

    /**
     * Makes what an isolated worker needs, once: a PID, UTS and mount namespace with a host name of its own and a
     * private {@code /dev/shm}, inside a network namespace with a veth pair to this one, whose link goes down and up.
     */
    private static String probeNamespaces() {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        try (NetLink link = NetLink.create(tag)) {
            link.down();
            link.up();
            List<String> command = new ArrayList<>(link.launcher("idsprobe-" + tag));
            command.add("hostname");
            String printed = run(command);
            return printed.strip().equals("idsprobe-" + tag) ? null
                    : "a worker cannot be started in namespaces of its own: " + printed.strip();
        } catch (IOException | RuntimeException e) {
            return "namespaces cannot be made here (root and ip, unshare are needed): " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while probing namespaces";
        }
    }

    /**
     * Runs a command to its end, within 10 s, and returns what it printed.
     *
     * @throws IOException when it cannot be started, fails, or takes longer
     */
    static String run(List<String> command) throws IOException, InterruptedException {
        Path printed = Files.createTempFile("ids-chaos-", ".out");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(printed.toFile())
                    .start();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish within 10 s");
            }
            String output = Files.readString(printed, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " failed with status " + process.exitValue()
                        + ": " + output.strip());
            }
            return output;
        } finally {
            Files.deleteIfExists(printed);
        }
    }
}

