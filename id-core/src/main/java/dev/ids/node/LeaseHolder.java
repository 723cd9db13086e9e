package dev.ids.node;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who holds a lease, as a lease store records it: a text that tells processes apart. By default it is a random id,
 * {@code @}, the host name, {@code /pid } and the process id ({@code 3f0c…@web-7/pid 4211}), so that an operator
 * listing a store sees which host and process hold each identity, and two processes on one host (or two providers
 * in one process) still differ. A store appends {@code #} and a lease number per claim; {@link #parse(String)} reads
 * either form. An application may choose its own text instead, in which case host and process are not known.
 */
public final class LeaseHolder {

    /** The longest holder id: a store's holder column has 255 characters, and the lease number needs some. */
    public static final int MAX_LENGTH = 200;

    private static final Pattern DEFAULT_FORM = Pattern.compile("[^@]*@(.+)/pid (\\d{1,18})");
    /** What the ZooKeeper lease wrote into its znodes before it recorded holders: the process id alone. */
    private static final Pattern PROCESS_ONLY_FORM = Pattern.compile("pid (\\d{1,18})");
    /** The ids of the holders this process made: one with this process's id that is not among them is a former run. */
    private static final Set<String> MADE_HERE = ConcurrentHashMap.newKeySet();

    private final String id;
    private final String host;
    private final long processId;

    private LeaseHolder(String id, String host, long processId) {
        this.id = id;
        this.host = host;
        this.processId = processId;
    }

    /**
     * A new holder for this process: a random id, the host name and the process id.
     *
     * @return the holder, distinct from every other holder created anywhere
     */
    public static LeaseHolder ofThisProcess() {
        String id = UUID.randomUUID() + "@" + hostName() + "/pid " + ProcessHandle.current().pid();
        LeaseHolder holder = parse(id.length() <= MAX_LENGTH ? id : id.substring(0, MAX_LENGTH));
        MADE_HERE.add(holder.id);
        return holder;
    }

    /**
     * Reads a holder as a store records it, with or without the {@code #} lease number a store appends. Also
     * reads {@code pid 4211}, what ZooKeeper leases of earlier versions wrote: its process is known, its host not.
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
            return new LeaseHolder(id, matcher.group(1), Long.parseLong(matcher.group(2)));
        }
        Matcher processOnly = PROCESS_ONLY_FORM.matcher(id);
        return processOnly.matches() ? new LeaseHolder(id, null, Long.parseLong(processOnly.group(1)))
                : new LeaseHolder(id, null, -1);
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
     * Tells whether the holder is known to have ended: its id has the default form, it ran on this host, and its
     * process no longer runs here, or is this very process although this process did not make the holder (a former
     * run that had the same process id, as a restarted container's application, often process 1, has). Such a
     * holder can renew nothing and raise no mark, so its identity may be taken over without waiting to see whether
     * it renews. A holder of another host, of an id the application chose, or of a process that runs is not known
     * to have ended.
     *
     * @return {@code true} when the holder ran on this host in a process that has ended
     */
    public boolean hasEndedOnThisHost() {
        if (host == null || processId < 0 || !host.equals(hostName())) {
            return false;
        }
        if (processId == ProcessHandle.current().pid()) {
            return !MADE_HERE.contains(id);
        }
        return ProcessHandle.of(processId).map(process -> !process.isAlive()).orElse(true);
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
}
