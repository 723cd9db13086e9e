package dev.ids.autoconfigure.node.redis;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A durable {@code redis-server} of the test's own (AOF, {@code appendfsync always}) on a free port of 127.0.0.1, its
 * files in a temporary folder; the tests that need it are skipped, saying why, where the binary is missing (they
 * fail in CI).
 */
final class TestRedisServer implements AutoCloseable {

    private static final Path BINARY = Path.of("/usr/bin/redis-server");

    private final Process process;
    private final Path dir;
    private final int port;

    private TestRedisServer(Process process, Path dir, int port) {
        this.process = process;
        this.dir = dir;
        this.port = port;
    }

    static TestRedisServer start() throws IOException, InterruptedException {
        if (!Files.isExecutable(BINARY)) {
            String reason = BINARY + " is not installed: the Redis lease store's starter tests need it";
            if ("true".equals(System.getenv("CI"))) {
                throw new IllegalStateException(reason + " (required with CI=true)");
            }
            System.out.println("[skipped] " + reason);
            Assumptions.assumeTrue(false, reason);
        }
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        Path dir = Files.createTempDirectory("ids-redis-boot-");
        Process process = new ProcessBuilder(List.of(BINARY.toString(), "--port", Integer.toString(port), "--bind",
                "127.0.0.1", "--dir", dir.toString(), "--save", "", "--appendonly", "yes", "--appendfsync", "always"))
                .redirectErrorStream(true).redirectOutput(dir.resolve("redis.log").toFile()).start();
        TestRedisServer server = new TestRedisServer(process, dir, port);
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!reachable(port)) {
            if (!process.isAlive() || System.nanoTime() > giveUp) {
                server.close();
                throw new IllegalStateException("redis-server did not start on port " + port);
            }
            Thread.sleep(20);
        }
        return server;
    }

    static boolean reachable(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 300);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    int port() {
        return port;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
