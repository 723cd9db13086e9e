package dev.ids.node;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Who holds a lease, as a lease store records it: a text that tells processes apart. By default it is a random id,
 * {@code @}, the host name, {@code /pid } and the process id, then on Linux {@code /} and a process token
 * ({@code 3f0c…@web-7/pid 4211/8c9993e6-a1ae-4cc6.4026531836.31922}), so that an operator listing a store sees which
 * host and process hold each identity, and two processes on one host (or two providers in one process) still differ.
 * The token is the start of the kernel's boot id ({@code /proc/sys/kernel/random/boot_id}), the inode of the process's
 * PID namespace ({@code /proc/self/ns/pid}) and the process's start time in clock ticks since boot (field 22 of
 * {@code /proc/<pid>/stat}): together with the process id they name one process of one boot of one machine, which host
 * name and process id alone do not (two containers with their own PID namespaces may share a host name and both run
 * as process 1). A store appends {@code #} and a lease number per claim; {@link #parse(String)} reads either form,
 * and the forms without a token. An application may choose its own text instead, in which case host and process are
 * not known.
 */
public final class LeaseHolder {

    /** The longest holder id: a store's holder column has 255 characters, and the lease number needs some. */
    public static final int MAX_LENGTH = 200;

    private static final Pattern DEFAULT_FORM = Pattern.compile(
            "[^@]*@(.+)/pid (\\d{1,18})(?:/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4})\\.(\\d{1,18})\\.(\\d{1,18}))?");
    /** What the ZooKeeper lease wrote into its znodes before it recorded holders: the process id alone. */
    private static final Pattern PROCESS_ONLY_FORM = Pattern.compile("pid (\\d{1,18})");

    private final String id;
    private final @Nullable String host;
    private final long processId;
    private final @Nullable ProcessToken token;

    private LeaseHolder(String id, @Nullable String host, long processId, @Nullable ProcessToken token) {
        this.id = id;
        this.host = host;
        this.processId = processId;
        this.token = token;
    }

    /**
     * A new holder for this process: a random id, the host name, the process id and, where it can be read, the
     * process token.
     *
     * @return the holder, distinct from every other holder created anywhere
     */
    public static LeaseHolder ofThisProcess() {
        ProcessToken here = ProcessToken.ofThisProcess();
        String tail = "/pid " + ProcessHandle.current().pid() + (here == null ? "" : "/" + here);
        String prefix = UUID.randomUUID() + "@";
        String host = hostName();
        // A long host name is cut rather than the token: the host is for operators, the token for proof.
        host = host.substring(0, Math.max(1, Math.min(host.length(), MAX_LENGTH - prefix.length() - tail.length())));
        return parse(prefix + host + tail);
    }

    /**
     * Reads a holder as a store records it, with or without the {@code #} lease number a store appends, with or
     * without a process token. Also reads {@code pid 4211}, what ZooKeeper leases of earlier versions wrote: its
     * process is known, its host not.
     *
     * @param value the stored holder
     * @return the holder; its host and process are known when the value has the default form
     */
    public static LeaseHolder parse(String value) {
        Objects.requireNonNull(value, "value");
        int leaseNumber = value.lastIndexOf('#');
        String id = leaseNumber >= 0 && value.substring(leaseNumber + 1).matches("\\d{1,18}")
                ? value.substring(0, leaseNumber) : value;
        Matcher matcher = DEFAULT_FORM.matcher(id);
        if (matcher.matches()) {
            ProcessToken token = matcher.group(3) == null ? null : new ProcessToken(matcher.group(3),
                    Long.parseLong(matcher.group(4)), Long.parseLong(matcher.group(5)));
            return new LeaseHolder(id, matcher.group(1), Long.parseLong(matcher.group(2)), token);
        }
        Matcher processOnly = PROCESS_ONLY_FORM.matcher(id);
        return processOnly.matches() ? new LeaseHolder(id, null, Long.parseLong(processOnly.group(1)), null)
                : new LeaseHolder(id, null, -1, null);
    }

    /**
     * Returns the holder's id, without a lease number.
     *
     * @return the id
     */
    public String id() {
        return id;
    }

    /**
     * Returns the host the holder runs on, when its id has the default form.
     *
     * @return the host name, or empty for an id the application chose
     */
    public Optional<String> host() {
        return Optional.ofNullable(host);
    }

    /**
     * Returns the process id of the holder, when its id has the default form.
     *
     * @return the process id, or empty for an id the application chose
     */
    public OptionalLong processId() {
        return processId < 0 ? OptionalLong.empty() : OptionalLong.of(processId);
    }

    /**
     * Tells whether this process can prove that the holder's process has ended: the holder's id carries a process
     * token, made under the same boot of this machine's kernel and in the same PID namespace as this process, and
     * that process id now names no process, a process that has exited, or a process started at another time (the
     * id was reused, as by a former run of this very process in the same namespace). Such a holder can renew
     * nothing and raise no mark, so its identity may be taken over without waiting to see whether it renews.
     *
     * <p>Anything less is no proof, and the answer is {@code false}: a holder id without a token (an earlier
     * version's, or one the application chose), one of another boot or another PID namespace (another machine or
     * container, where the process may well run, even with the same host name and process id), or a token this
     * process cannot read (not Linux, {@code /proc} of another PID namespace or hiding processes, a time namespace
     * that shifts start times). A container restarted in a new PID namespace therefore cannot prove that its former
     * run ended; the caller must watch the holder instead.
     *
     * @return {@code true} only when the holder's process has provably ended
     */
    public boolean isProvablyEnded() {
        ProcessToken here = ProcessToken.ofThisProcess();
        if (token == null || here == null || !here.isStillThisProcess() || !token.boot().equals(here.boot())
                || token.pidNamespace() != here.pidNamespace()) {
            return false;
        }
        long started = ProcessToken.startTicks(processId);
        return started == ProcessToken.NO_PROCESS || started >= 0 && started != token.startTicks();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LeaseHolder holder && holder.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    /** Returns the id. */
    @Override
    public String toString() {
        return id;
    }

    /**
     * The host name, from the environment or the kernel where it can be read there: asking the resolver
     * ({@link InetAddress#getLocalHost()}) may wait for DNS and loads the resolver's classes, so it comes last.
     */
    private static String hostName() {
        for (String variable : new String[] {"HOSTNAME", "COMPUTERNAME"}) {
            String host = System.getenv(variable);
            if (host != null && !host.isBlank()) {
                return host.strip();
            }
        }
        try {
            String kernel = Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.US_ASCII)
                    .strip();
            if (!kernel.isEmpty()) {
                return kernel;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: ask the resolver
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown-host";
        }
    }

    /**
     * What names a process beyond its host name and id: the first 18 characters of the boot id (60 random bits, so
     * two machines do not share it), the PID namespace's inode and the start time in clock ticks since boot.
     */
    private record ProcessToken(String boot, long pidNamespace, long startTicks) {

        /** {@link #startTicks(long)} of a process id that names no running process. */
        static final long NO_PROCESS = -1;
        /** {@link #startTicks(long)} when {@code /proc} could not tell. */
        static final long UNKNOWN = -2;
        /** The inode of the initial time namespace (the kernel's {@code PROC_TIME_INIT_INO}). */
        private static final String INITIAL_TIME_NAMESPACE = "time:[4026531834]";
        private static final Pattern BOOT = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}");
        private static final Pattern PID_NAMESPACE = Pattern.compile("pid:\\[(\\d{1,18})]");
        /** A {@code /proc} mount option that hides processes: {@code hidepid=} other than 0 or off. */
        private static final Pattern HIDING = Pattern.compile("hidepid=(?!0\\b|off\\b)");

        /** This process's token, or {@code null} where it cannot be read with confidence. */
        static @Nullable ProcessToken ofThisProcess() {
            return Here.TOKEN;
        }

        @Override
        public String toString() {
            return boot + "." + pidNamespace + "." + startTicks;
        }

        /**
         * Tells whether this token, read once, still describes this process: a process restored from a checkpoint
         * (CRaC, CRIU) runs on another boot, or with another start time, than the one that read it, and two restored
         * copies must not judge each other by the checkpoint's token.
         */
        boolean isStillThisProcess() {
            try {
                String boot = Files.readString(Path.of("/proc/sys/kernel/random/boot_id"), StandardCharsets.US_ASCII)
                        .strip().toLowerCase(Locale.ROOT);
                return boot.startsWith(boot()) && startTicks(ProcessHandle.current().pid()) == startTicks();
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }

        /**
         * The start time of a process of this PID namespace: {@link #NO_PROCESS} when there is none, or only its
         * zombie (it has exited), {@link #UNKNOWN} when its {@code stat} could not be read or understood.
         */
        static long startTicks(long pid) {
            String stat;
            try {
                stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.ISO_8859_1);
            } catch (NoSuchFileException e) {
                return NO_PROCESS;
            } catch (IOException | RuntimeException e) {
                return UNKNOWN; // e.g. it exited while read: ESRCH
            }
            // The command name (field 2) is in parentheses and may hold spaces and ')': count from the last ')'.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 1).strip().split(" ");
            if (fields.length < 20) {
                return UNKNOWN;
            }
            if (fields[0].equals("Z") || fields[0].equals("X")) {
                // A zombie leader whose other threads still run (it called pthread_exit) has not exited.
                return "1".equals(fields[17]) || "0".equals(fields[17]) ? NO_PROCESS : UNKNOWN; // field 20
            }
            try {
                return Long.parseLong(fields[19]); // field 22
            } catch (NumberFormatException e) {
                return UNKNOWN;
            }
        }

        /** Reads this process's token once, on first use: {@code /proc} is not read by processes that never ask. */
        private static final class Here {

            static final @Nullable ProcessToken TOKEN = read();

            private static @Nullable ProcessToken read() {
                try {
                    long pid = ProcessHandle.current().pid();
                    // /proc must be mounted for this PID namespace, or /proc/<pid> would name other processes.
                    if (!Files.readSymbolicLink(Path.of("/proc/self")).toString().equals(Long.toString(pid))) {
                        return null;
                    }
                    // A /proc that hides other users' processes (hidepid) would make a running holder look gone.
                    for (String mount : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
                        String[] fields = mount.split(" ");
                        if (fields.length > 4 && fields[4].equals("/proc") && HIDING.matcher(mount).find()) {
                            return null;
                        }
                    }
                    // A time namespace shifts the start times /proc shows, so tokens of two namespaces disagree.
                    Path time = Path.of("/proc/self/ns/time");
                    if (Files.exists(time, LinkOption.NOFOLLOW_LINKS)
                            && !Files.readSymbolicLink(time).toString().equals(INITIAL_TIME_NAMESPACE)) {
                        return null;
                    }
                    String boot = Files.readString(Path.of("/proc/sys/kernel/random/boot_id"),
                            StandardCharsets.US_ASCII).strip().toLowerCase(Locale.ROOT);
                    Matcher namespace = PID_NAMESPACE
                            .matcher(Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString());
                    long started = startTicks(pid);
                    if (boot.length() < 18 || !BOOT.matcher(boot.substring(0, 18)).matches()
                            || !namespace.matches() || started < 0) {
                        return null;
                    }
                    return new ProcessToken(boot.substring(0, 18), Long.parseLong(namespace.group(1)), started);
                } catch (IOException | RuntimeException e) {
                    return null; // not Linux, or /proc not readable: no token, no proof
                }
            }
        }
    }
}
