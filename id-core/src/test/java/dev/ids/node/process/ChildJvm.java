package dev.ids.node.process;

import static org.assertj.core.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A child JVM of a multi-process test, started on this JVM's class path: its standard output is echoed with its
 * name and kept for {@link #awaitLine}, its standard error goes to a file that failures quote.
 */
public final class ChildJvm implements AutoCloseable {

    private final String name;
    private final Process process;
    private final Path errFile;
    private final List<String> lines = new CopyOnWriteArrayList<>();

    private ChildJvm(String name, Process process, Path errFile) {
        this.name = name;
        this.process = process;
        this.errFile = errFile;
        Thread reader = new Thread(this::readOutput, "child-out-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts {@code java -cp <this JVM's class path> <mainClass> <args>}.
     *
     * @param name a short name for messages, such as {@code A}
     * @param directory where its standard error file goes
     * @param mainClass the main class
     * @param args the arguments
     * @return the running child
     * @throws IOException when it cannot be started
     */
    public static ChildJvm start(String name, Path directory, Class<?> mainClass, List<String> args)
            throws IOException {
        return start(name, directory, List.of(), Map.of(), mainClass, args);
    }

    /**
     * Starts {@code <launcher> java -cp <this JVM's class path> <mainClass> <args>}, with more environment: a
     * launcher such as {@code unshare} runs the JVM in namespaces of its own.
     *
     * @param name a short name for messages, such as {@code A}
     * @param directory where its standard error file goes
     * @param launcher the command and arguments that run the java command given after them; empty for none
     * @param environment variables set for the child, besides this JVM's
     * @param mainClass the main class
     * @param args the arguments
     * @return the running child
     * @throws IOException when it cannot be started
     */
    public static ChildJvm start(String name, Path directory, List<String> launcher, Map<String, String> environment,
            Class<?> mainClass, List<String> args) throws IOException {
        return start(name, directory, launcher, environment, List.of("-Xmx256m", "-XX:+UseSerialGC"), mainClass,
                args);
    }

    /**
     * Starts {@code java <jvmOptions> -cp <this JVM's class path> <mainClass> <args>}: a measurement that must see
     * the JVM an application gets picks its own options rather than the small serial heap of the others.
     *
     * @param name a short name for messages
     * @param directory where its standard error file goes
     * @param jvmOptions the options of the child JVM, such as {@code -Xmx512m}
     * @param mainClass the main class
     * @param args the arguments
     * @return the running child
     * @throws IOException when it cannot be started
     */
    public static ChildJvm startWithOptions(String name, Path directory, List<String> jvmOptions,
            Class<?> mainClass, List<String> args) throws IOException {
        return start(name, directory, List.of(), Map.of(), jvmOptions, mainClass, args);
    }

    private static ChildJvm start(String name, Path directory, List<String> launcher, Map<String, String> environment,
            List<String> jvmOptions, Class<?> mainClass, List<String> args) throws IOException {
        String java = ProcessHandle.current().info().command()
                .orElse(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(launcher);
        command.add(java);
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(args);
        Path errFile = directory.resolve(name + ".err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(errFile.toFile());
        builder.environment().putAll(environment);
        return new ChildJvm(name, builder.start(), errFile);
    }

    private void readOutput() {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.add(line);
                System.out.println("[" + name + " pid " + process.pid() + "] " + line);
            }
        } catch (IOException e) {
            // the child was killed
        }
    }

    /**
     * Returns the child's name.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * Returns the child's process id.
     *
     * @return the pid
     */
    public long pid() {
        return process.pid();
    }

    /**
     * Waits for a line of standard output that starts with the prefix, failing (with the child's standard
     * error) when the child ends first or the time runs out.
     *
     * @param prefix the start of the line, such as {@code READY}
     * @param timeout how long to wait
     * @return the line
     * @throws InterruptedException when interrupted
     */
    public String awaitLine(String prefix, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (String line : lines) {
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
            if (!process.isAlive()) {
                process.waitFor(1, TimeUnit.SECONDS); // lets the reader take the last lines
                for (String line : lines) {
                    if (line.startsWith(prefix)) {
                        return line;
                    }
                }
                fail(name + " ended with status " + process.exitValue() + " before printing '" + prefix + "'; "
                        + "standard error:\n" + stderr());
            }
            if (System.nanoTime() - end > 0) {
                fail(name + " printed no '" + prefix + "' line within " + timeout + "; standard error:\n"
                        + stderr());
            }
            Thread.sleep(20);
        }
    }

    /**
     * Returns the lines of standard output printed so far that start with the prefix.
     *
     * @param prefix the start of the lines
     * @return the lines, in the order printed
     */
    public List<String> lines(String prefix) {
        return lines.stream().filter(line -> line.startsWith(prefix)).toList();
    }

    /**
     * Reads a {@code key=<number>} field of the first line that starts with the prefix.
     *
     * @param prefix the start of the line
     * @param key the field
     * @param timeout how long to wait for the line
     * @return the number
     * @throws InterruptedException when interrupted
     */
    public long field(String prefix, String key, Duration timeout) throws InterruptedException {
        String line = awaitLine(prefix, timeout);
        Matcher matcher = Pattern.compile("\\b" + Pattern.quote(key) + "=(-?\\d+)").matcher(line);
        if (!matcher.find()) {
            fail(name + ": no " + key + "=<number> in '" + line + "'");
        }
        return Long.parseLong(matcher.group(1));
    }

    /**
     * Writes a line to the child's standard input, which tells a {@link LeasedIdWriter} started with
     * {@code await.go=true} to begin.
     *
     * @param line the line, without its end
     * @throws IOException when the child's input is closed
     */
    public void send(String line) throws IOException {
        process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().flush();
    }

    /** Closes the child's standard input, which tells a {@link LeasedIdWriter} to finish. */
    public void stop() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
    }

    /**
     * Waits for the child to finish and checks that it ended with status 0.
     *
     * @param timeout how long to wait
     * @throws InterruptedException when interrupted
     */
    public void awaitSuccess(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            fail(name + " did not finish within " + timeout + "; standard error:\n" + stderr() + "\nits threads:\n"
                    + threadDump());
        }
        if (process.exitValue() != 0) {
            fail(name + " ended with status " + process.exitValue() + "; standard error:\n" + stderr());
        }
    }

    /**
     * The child's threads as {@code jcmd <pid> Thread.print} prints them, to tell why it did not finish. A JVM in
     * namespaces of its own (started through {@code unshare}) cannot be attached to: it is sent {@code SIGQUIT}
     * instead, and prints its threads on its own standard output, among the child's lines.
     */
    private String threadDump() {
        try {
            Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
            Process dump = new ProcessBuilder(jcmd.toString(), String.valueOf(process.pid()), "Thread.print")
                    .redirectErrorStream(true).start();
            byte[] printed = dump.getInputStream().readAllBytes();
            dump.waitFor(30, TimeUnit.SECONDS);
            if (dump.exitValue() == 0) {
                return new String(printed, StandardCharsets.UTF_8);
            }
            List<Long> jvms = process.descendants().filter(child -> child.info().commandLine()
                    .map(command -> command.contains("java")).orElse(false)).map(ProcessHandle::pid).toList();
            for (long jvm : jvms) {
                new ProcessBuilder("kill", "-QUIT", String.valueOf(jvm)).start().waitFor(10, TimeUnit.SECONDS);
            }
            Thread.sleep(1_000);
            return new String(printed, StandardCharsets.UTF_8) + "\n(SIGQUIT sent to its JVM " + jvms
                    + ": its threads are in its standard output)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(no thread dump: interrupted)";
        } catch (IOException | RuntimeException e) {
            return "(no thread dump: " + e + ")";
        }
    }

    /**
     * Kills the child at once, as a crash or {@code kill -9} would (no shutdown hooks, no release of its
     * lease), and waits until it is gone.
     *
     * @throws InterruptedException when interrupted
     */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            fail(name + " did not die within 10 s of destroyForcibly()");
        }
    }

    /**
     * Stops the child with {@code SIGSTOP}, as a long GC pause or a suspended virtual machine would: its threads,
     * timers and connections all stand still while the rest of the world, the monotonic clock included, goes on.
     *
     * @throws IOException when the shell cannot be started
     * @throws InterruptedException when interrupted
     */
    public void pause() throws IOException, InterruptedException {
        signal("STOP");
    }

    /**
     * Lets a {@linkplain #pause() paused} child go on with {@code SIGCONT}.
     *
     * @throws IOException when the shell cannot be started
     * @throws InterruptedException when interrupted
     */
    public void resume() throws IOException, InterruptedException {
        signal("CONT");
    }

    private void signal(String signal) throws IOException, InterruptedException {
        // The shell's built-in kill: a minimal image may have no kill executable.
        Process kill = new ProcessBuilder("sh", "-c", "kill -" + signal + " " + process.pid())
                .redirectErrorStream(true).start();
        String output = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            fail("kill -" + signal + " " + process.pid() + " failed: " + output);
        }
    }

    private String stderr() {
        try {
            return Files.exists(errFile) ? Files.readString(errFile) : "(none)";
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** Kills the child if it still runs, so a failed test leaves no process behind. */
    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }

    /**
     * Reads a file of IDs written by {@link LeasedIdWriter}: 8 big-endian bytes each.
     *
     * @param file the file
     * @return the IDs, in the order written
     * @throws IOException when it cannot be read
     */
    public static long[] readIds(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        // A killed writer never leaves part of an ID (it writes whole buffers), but be sure.
        long[] ids = new long[bytes.length / Long.BYTES];
        ByteBuffer.wrap(bytes).asLongBuffer().get(ids);
        return ids;
    }
}
