package dev.ids.chaos;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A worker's own network: a network namespace joined to this one by a veth pair, with link-local addresses on it (the
 * host's end {@code .1}, the worker's {@code .2} of a /30; no route leads anywhere else). The worker reaches its store through
 * a proxy listening on the host's end; {@link #down()} takes the host's end of the link down, as a partition does
 * (bytes stop, new connections time out, nothing is refused), and {@link #up()} brings it back, after which open
 * connections carry on. Needs root, {@code ip} and {@code unshare}; closing deletes the namespace and its link.
 */
final class NetLink implements AutoCloseable {

    private final String namespace;
    private final String hostEnd;
    private final String hostAddress;

    private NetLink(String namespace, String hostEnd, String hostAddress) {
        this.namespace = namespace;
        this.hostEnd = hostEnd;
        this.hostAddress = hostAddress;
    }

    /**
     * Makes the namespace and its link.
     *
     * @param tag up to 8 characters that make the names unique on this machine
     * @return the link, up
     * @throws IOException when {@code ip} refuses
     */
    static NetLink create(String tag) throws IOException, InterruptedException {
        String namespace = "ids-chaos-" + tag;
        String hostEnd = "ic" + tag + "h";
        String workerEnd = "ic" + tag + "w";
        ip("netns", "add", namespace);
        try {
            ip("link", "add", hostEnd, "type", "veth", "peer", "name", workerEnd);
            ip("link", "set", workerEnd, "netns", namespace);
            String subnet = freeSubnet();
            ip("addr", "add", subnet + ".1/30", "dev", hostEnd);
            ip("link", "set", hostEnd, "up");
            ip("-n", namespace, "addr", "add", subnet + ".2/30", "dev", workerEnd);
            ip("-n", namespace, "link", "set", workerEnd, "up");
            ip("-n", namespace, "link", "set", "lo", "up");
            return new NetLink(namespace, hostEnd, subnet + ".1");
        } catch (IOException | RuntimeException e) {
            deleteQuietly(namespace, hostEnd);
            throw e;
        }
    }

    /** The address of the host's end, where the worker's proxy listens. */
    String hostAddress() {
        return hostAddress;
    }

    /**
     * The command that starts a process inside the namespace as process 1 of new PID, UTS and mount namespaces,
     * named {@code host}, with a {@code /dev/shm} of its own (libfaketime keeps a file there named after the process
     * id, which is 1 in every such namespace); {@code --kill-child} ends it when its launcher is killed.
     *
     * @param host the host name it gets
     * @return the command, to which the process's own command is appended
     */
    List<String> launcher(String host) {
        return List.of("ip", "netns", "exec", namespace, "unshare", "--pid", "--fork", "--uts", "--mount-proc",
                "--kill-child", "sh", "-c", "hostname \"$0\" && mount -t tmpfs tmpfs /dev/shm && exec \"$@\"", host);
    }

    /** Takes the link down: a partition between the worker and everything outside its namespace. */
    void down() throws IOException, InterruptedException {
        ip("link", "set", hostEnd, "down");
    }

    /** Brings the link back up. */
    void up() throws IOException, InterruptedException {
        ip("link", "set", hostEnd, "up");
    }

    @Override
    public void close() {
        deleteQuietly(namespace, hostEnd);
    }

    /**
     * The first three octets of a /24 of 169.254.0.0/16 in which this machine has no address (169.254.169.0/24 left
     * out), so that fleets running at once do not share a subnet.
     */
    private static String freeSubnet() throws IOException, InterruptedException {
        String taken = FaultTools.run(List.of("ip", "-4", "-o", "addr", "show"));
        while (true) {
            int third = ThreadLocalRandom.current().nextInt(1, 255);
            if (third != 169 && !taken.contains(" 169.254." + third + ".")) {
                return "169.254." + third;
            }
        }
    }

    private static void deleteQuietly(String namespace, String hostEnd) {
        try {
            ip("netns", "del", namespace); // takes the worker's end, and with it the pair
        } catch (IOException | InterruptedException e) {
            // not made
        }
        try {
            ip("link", "del", hostEnd);
        } catch (IOException | InterruptedException e) {
            // gone with the namespace
        }
    }

    private static void ip(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(arguments));
        FaultTools.run(command);
    }
}
