package dev.ids.redis;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A {@code redis-server} process of a test's own, on a free port of 127.0.0.1, with its files in a temporary folder
 * deleted on close. By default durable as the lease store requires: AOF on, {@code appendfsync always}, no RDB
 * snapshots. Where the binary is missing, the tests that need it are skipped with a printed reason, except in CI
 * ({@code CI=true}), where they fail. Public for the fault-injection suite (id-chaos), through this module's test
 * jar.
 */
public final class RedisServer implements AutoCloseable {

    static final Path BINARY = Path.of("/usr/bin/redis-server");
    static final Path CLI = Path.of("/usr/bin/redis-cli");

    private final int port;
    private final Path dir;
    private final List<String> arguments;
    private Process process;

    private RedisServer(int port, Path dir, List<String> arguments) {
        this.port = port;
        this.dir = dir;
        this.arguments = arguments;
    }

    /** Skips the calling tests, saying why, when redis-server is not installed (fails them in CI). */
    static void assumeInstalled() {
        if (Files.isExecutable(BINARY) && Files.isExecutable(CLI)) {
            return;
        }
        String reason = "redis-server or redis-cli is not installed (looked for " + BINARY + " and " + CLI
                + "); install Debian's redis-server package to run the Redis lease tests";
        if ("true".equals(System.getenv("CI"))) {
            throw new IllegalStateException(reason + " (required with CI=true)");
        }
        System.out.println("[skipped] " + reason);
        Assumptions.assumeTrue(false, reason);
    }

    /**
     * Starts a durable server (AOF, appendfsync always) with the given extra arguments, which may override those.
     *
     * @param extra more {@code redis-server} arguments
     * @return the running server
     * @throws IOException when it cannot be started
     * @throws InterruptedException when interrupted while it starts
     */
    public static RedisServer durable(String... extra) throws IOException, InterruptedException {
        List<String> arguments = new ArrayList<>(List.of("--appendonly", "yes", "--appendfsync", "always"));
        arguments.addAll(List.of(extra));
        return start(arguments);
    }

    /** Starts a server with exactly the given settings (beyond port, folder and no snapshots). */
    static RedisServer start(List<String> settings) throws IOException, InterruptedException {
        assumeInstalled();
        Path dir = Files.createTempDirectory("ids-redis-");
        RedisServer server = new RedisServer(freePort(), dir, settings);
        server.launch();
        return server;
    }

    /** Starts the process and waits until it answers PING. */
    void launch() throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(BINARY.toString(), "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--dir", dir.toString(), "--save", "", "--daemonize", "no",
                "--logfile", dir.resolve("redis.log").toString()));
        command.addAll(arguments);
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("stdout.log").toFile()).start();
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!answers()) {
            if (!process.isAlive() || System.nanoTime() > giveUp) {
                throw new IllegalStateException("redis-server on port " + port + " did not start: "
                        + Files.readString(dir.resolve("stdout.log")) + log());
            }
            Thread.sleep(20);
        }
    }

    private String log() throws IOException {
        Path log = dir.resolve("redis.log");
        return Files.exists(log) ? Files.readString(log) : "";
    }

    private boolean answers() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            socket.setSoTimeout(500);
            socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            byte[] answer = new byte[7];
            int read = socket.getInputStream().read(answer);
            return read > 0 && new String(answer, 0, read, StandardCharsets.US_ASCII).startsWith("+PONG");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Kills the server at once (SIGKILL), as a crash would, and starts it again after a while on the same port and
     * folder, where it loads its append-only file: what it acknowledged comes back.
     *
     * @param down how long it stays down
     * @throws IOException when it cannot be started again
     * @throws InterruptedException when interrupted
     */
    public void killAndRestart(Duration down) throws IOException, InterruptedException {
        kill();
        Thread.sleep(down.toMillis());
        launch();
    }

    /** Kills the process at once, as a crash would (SIGKILL). */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /**
     * Returns the port it listens on.
     *
     * @return the port on 127.0.0.1
     */
    public int port() {
        return port;
    }

    /**
     * Stores a high-water mark a second in the past for identities 0 to {@code identities - 1} of a namespace that
     * have none, as a store's own claims would leave them: a claim that finds no mark starts about 20 s ahead
     * (docs/LEASES.md, "A record that is lost"), which tests about anything else need not wait for.
     *
     * @param keyPrefix the provider's key prefix
     * @param namespace the namespace
     * @param identities how many identities, from 0
     * @throws IOException when redis-cli cannot be run
     * @throws InterruptedException when interrupted
     */
    public void seedMarks(String keyPrefix, String namespace, int identities) throws IOException, InterruptedException {
        NamespaceKeys keys = new NamespaceKeys(keyPrefix, namespace);
        String mark = Long.toString(System.currentTimeMillis() - 1_000);
        for (int identity = 0; identity < identities; identity++) {
            cli("SET", keys.mark(identity), mark, "NX");
        }
    }

    String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** Runs redis-cli against this server and returns its output. */
    String cli(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(CLI.toString(), "-h", "127.0.0.1", "-p",
                Integer.toString(port)));
        command.addAll(List.of(arguments));
        return run(command);
    }

    static String run(List<String> command) throws IOException, InterruptedException {
        Process cli = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!cli.waitFor(30, TimeUnit.SECONDS) || cli.exitValue() != 0) {
            throw new IllegalStateException(command + " failed: " + output);
        }
        return output.trim();
    }

    /**
     * A free port whose cluster bus port (10000 above it) is free too, from a random point of 20000..50000 so that
     * test JVMs running at once rarely meet.
     */
    static int freePort() throws IOException {
        for (int attempt = 0; attempt < 200; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(20_000, 50_000);
            if (free(port) && free(port + 10_000)) {
                return port;
            }
        }
        throw new IOException("No free port pair found for redis-server");
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress("127.0.0.1", port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Stops the server and deletes its files.
     *
     * @throws IOException when its files cannot be listed
     * @throws InterruptedException when interrupted while it stops
     */
    @Override
    public void close() throws IOException, InterruptedException {
        if (process != null) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                kill();
            }
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
