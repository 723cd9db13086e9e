package dev.ids.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.ClientBuilder;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.PutOption;
import io.etcd.jetcd.maintenance.StatusResponse;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Assumptions;

/**
 * An etcd cluster of a test's own: members on free ports of 127.0.0.1 (a client and a peer port each), their data
 * in a temporary folder deleted on close. Where Debian's {@code etcd} binary is missing, the tests that need it are
 * skipped with a printed reason, except in CI ({@code CI=true}), where they fail. Public for the starter's tests
 * and the fault-injection suite, through this module's test jar.
 */
public final class EtcdCluster implements AutoCloseable {

    static final Path BINARY = Path.of("/usr/bin/etcd");

    private final Path dir;
    private final List<Member> members;
    private final String initialCluster;
    /** The client URLs' scheme: {@code http}, or {@code https} with the TLS flags. */
    private final String scheme;
    /** Flags every member gets besides those of its name, folder and URLs (its TLS files). */
    private final List<String> flags;
    /** The TLS settings of {@link #admin()}'s client; none for {@code http}. */
    private final UnaryOperator<ClientBuilder> adminSettings;
    private Client admin;

    private EtcdCluster(Path dir, List<Member> members, String scheme, List<String> flags,
            UnaryOperator<ClientBuilder> adminSettings) {
        this.dir = dir;
        this.members = members;
        this.scheme = scheme;
        this.flags = flags;
        this.adminSettings = adminSettings;
        this.initialCluster = members.stream().map(member -> member.name + "=http://127.0.0.1:" + member.peerPort)
                .collect(Collectors.joining(","));
    }

    /** Skips the calling tests, saying why, when etcd is not installed (fails them in CI). */
    static void assumeInstalled() {
        if (Files.isExecutable(BINARY)) {
            return;
        }
        String reason = "etcd is not installed (looked for " + BINARY + "); install Debian's etcd-server package to "
                + "run the etcd lease tests";
        if ("true".equals(System.getenv("CI"))) {
            throw new IllegalStateException(reason + " (required with CI=true)");
        }
        System.out.println("[skipped] " + reason);
        Assumptions.assumeTrue(false, reason);
    }

    /**
     * Starts a cluster and waits until it has a leader and answers on every member.
     *
     * @param size the number of members
     * @return the running cluster
     * @throws IOException when a member cannot be started
     * @throws InterruptedException when interrupted while it starts
     */
    public static EtcdCluster start(int size) throws IOException, InterruptedException {
        return start(size, "http", List.of(), UnaryOperator.identity());
    }

    /**
     * Starts a one-member cluster whose client URLs are {@code https://}, with the server's certificate, checking
     * client certificates when asked to.
     *
     * @param certificates the test's certificates: the server's, and the CA that signed every one of them
     * @param clientCertificates whether clients must present a certificate the CA signed
     * @return the running cluster; its admin client presents the client certificate
     */
    static EtcdCluster startTls(TestCertificates certificates, boolean clientCertificates)
            throws IOException, InterruptedException {
        List<String> flags = new ArrayList<>(List.of("--cert-file", certificates.serverCertificate().toString(),
                "--key-file", certificates.serverKey().toString()));
        if (clientCertificates) {
            flags.addAll(List.of("--client-cert-auth", "--trusted-ca-file", certificates.ca().toString()));
        }
        return start(1, "https", flags, builder -> certificates.clientTls(builder, true));
    }

    private static EtcdCluster start(int size, String scheme, List<String> flags,
            UnaryOperator<ClientBuilder> adminSettings) throws IOException, InterruptedException {
        assumeInstalled();
        Path dir = Files.createTempDirectory("ids-etcd-");
        List<Member> members = new ArrayList<>();
        List<Integer> ports = freePorts(2 * size);
        for (int i = 0; i < size; i++) {
            members.add(new Member("m" + i, ports.get(2 * i), ports.get(2 * i + 1), dir.resolve("m" + i)));
        }
        EtcdCluster cluster = new EtcdCluster(dir, members, scheme, flags, adminSettings);
        try {
            for (Member member : members) {
                cluster.launch(member, "new");
            }
            cluster.awaitLeader();
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    private void launch(Member member, String state) throws IOException {
        String client = member.endpoint(scheme);
        String peer = "http://127.0.0.1:" + member.peerPort;
        List<String> command = new ArrayList<>(List.of(BINARY.toString(), "--name", member.name, "--data-dir",
                member.data.toString(), "--listen-client-urls", client, "--advertise-client-urls", client,
                "--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer, "--initial-cluster",
                initialCluster, "--initial-cluster-state", state, "--initial-cluster-token",
                dir.getFileName().toString(), "--log-level", "warn"));
        command.addAll(flags);
        member.process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve(member.name + ".log").toFile())).start();
    }

    /** Waits until some member says it is the leader, 30 s at most. */
    void awaitLeader() throws InterruptedException {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (leader() < 0) {
            if (System.nanoTime() > giveUp) {
                throw new IllegalStateException("The etcd cluster in " + dir + " elected no leader in 30 s: "
                        + logs());
            }
            Thread.sleep(100);
        }
    }

    /**
     * Returns the index of the member that is the leader now, as the live members say.
     *
     * @return the index, or -1 when no live member knows a leader
     */
    int leader() {
        long leaderId = 0;
        for (Member member : members) {
            if (member.process == null || !member.process.isAlive()) {
                continue;
            }
            try {
                StatusResponse status = admin().getMaintenanceClient().statusMember(member.endpoint(scheme))
                        .get(2, TimeUnit.SECONDS);
                member.id = status.getHeader().getMemberId();
                leaderId = status.getLeader() != 0 ? status.getLeader() : leaderId;
            } catch (Exception e) {
                // not up yet, or down: ask the next
            }
        }
        for (int i = 0; i < members.size(); i++) {
            Member member = members.get(i);
            if (leaderId != 0 && member.id == leaderId && member.process.isAlive()) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Hands the leadership to the next member (etcd's MoveLeader, asked of the leader itself), so that a new raft
     * term begins, and waits until the new leader is known.
     */
    void moveLeader() throws Exception {
        int from = leader();
        if (from < 0) {
            throw new IllegalStateException("No leader to move");
        }
        Member to = members.get((from + 1) % members.size());
        try (Client direct = adminSettings.apply(Client.builder().endpoints(members.get(from).endpoint(scheme)))
                .build()) {
            direct.getMaintenanceClient().moveLeader(to.id).get(10, TimeUnit.SECONDS);
        }
        awaitLeader();
    }

    /**
     * Kills a member at once, as a crash would (SIGKILL).
     *
     * @param index the member
     */
    void kill(int index) throws InterruptedException {
        Member member = members.get(index);
        member.process.destroyForcibly();
        member.process.waitFor(10, TimeUnit.SECONDS);
    }

    /**
     * Starts a killed member again from its data folder: it rejoins the cluster.
     *
     * @param index the member
     */
    void restart(int index) throws IOException {
        launch(members.get(index), "existing");
    }

    /**
     * Restarts the whole cluster, as a power cut would: every member killed at once (SIGKILL), down for the given
     * time, then started again from its data folder; returns once the members have elected a leader. What the
     * cluster acknowledged before is on disk (etcd syncs its log before it answers), so it must all be there after.
     *
     * @param down how long every member stays down
     * @throws IOException when a member cannot be started again
     * @throws InterruptedException when interrupted meanwhile
     */
    public void restartEveryMember(Duration down) throws IOException, InterruptedException {
        for (int i = 0; i < members.size(); i++) {
            kill(i);
        }
        Thread.sleep(down.toMillis());
        for (int i = 0; i < members.size(); i++) {
            restart(i);
        }
        awaitLeader();
    }

    /**
     * Returns the client URLs of every member, as the provider's builder takes them.
     *
     * @return the URLs, such as {@code http://127.0.0.1:31000}
     */
    public List<String> endpoints() {
        return members.stream().map(member -> member.endpoint(scheme)).toList();
    }

    /** The client port of one member. */
    int clientPort(int index) {
        return members.get(index).clientPort;
    }

    /**
     * Returns a client to every member, for what an operator would do; closed with the cluster.
     *
     * @return the client
     */
    public synchronized Client admin() {
        if (admin == null) {
            admin = adminSettings.apply(Client.builder().endpoints(endpoints().toArray(String[]::new))).build();
        }
        return admin;
    }

    /**
     * Stores a high-water mark a second in the past for identities 0 to {@code identities - 1} of a namespace that
     * have none, as a store's own claims would leave them: a claim that finds no mark starts about 20 s ahead
     * (docs/LEASES.md, "A record that is lost"), which tests about anything else need not wait for.
     *
     * @param keyPrefix the provider's key prefix
     * @param namespace the namespace
     * @param identities how many identities, from 0
     * @throws Exception when the cluster cannot be written
     */
    public void seedMarks(String keyPrefix, String namespace, int identities) throws Exception {
        EtcdKeys keys = new EtcdKeys(keyPrefix, namespace);
        String mark = EtcdMarks.encode(System.currentTimeMillis() - 1_000);
        for (int identity = 0; identity < identities; identity++) {
            ByteSequence key = EtcdKeys.bytes(keys.mark(identity));
            admin().getKVClient().txn().If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.createRevision(0)))
                    .Then(Op.put(key, EtcdKeys.bytes(mark), PutOption.DEFAULT)).commit().get(10, TimeUnit.SECONDS);
        }
    }

    private String logs() {
        StringBuilder text = new StringBuilder();
        for (Member member : members) {
            try {
                text.append('\n').append(member.name).append(": ")
                        .append(Files.readString(dir.resolve(member.name + ".log")));
            } catch (IOException e) {
                text.append('\n').append(member.name).append(": no log");
            }
        }
        return text.toString();
    }

    /** Free ports of 127.0.0.1 from a random point of 20000..50000, so that test JVMs running at once rarely meet. */
    private static List<Integer> freePorts(int count) throws IOException {
        for (int attempt = 0; attempt < 200; attempt++) {
            int first = ThreadLocalRandom.current().nextInt(20_000, 50_000 - count);
            if (IntStream.range(first, first + count).allMatch(EtcdCluster::free)) {
                return IntStream.range(first, first + count).boxed().toList();
            }
        }
        throw new IOException("No " + count + " free ports in a row found for etcd");
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
     * Kills every member and deletes their data.
     *
     * @throws IOException when the folder cannot be listed
     * @throws InterruptedException when interrupted while the members stop
     */
    @Override
    public void close() throws IOException, InterruptedException {
        if (admin != null) {
            admin.close();
        }
        for (Member member : members) {
            if (member.process != null) {
                member.process.destroyForcibly();
                member.process.waitFor(10, TimeUnit.SECONDS);
            }
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    /** One member: its name, ports, data folder, process and id once learnt. */
    private static final class Member {

        final String name;
        final int clientPort;
        final int peerPort;
        final Path data;
        Process process;
        long id;

        Member(String name, int clientPort, int peerPort, Path data) {
            this.name = name;
            this.clientPort = clientPort;
            this.peerPort = peerPort;
            this.data = data;
        }

        String endpoint(String scheme) {
            return scheme + "://127.0.0.1:" + clientPort;
        }
    }
}
