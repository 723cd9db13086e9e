package dev.ids.node;

import java.util.Objects;

/**
 * Thrown by a lease store, before its first claim writes anything, when its database could hand one identity to two
 * holders: it acknowledges commits it may then lose (an H2 file with a write delay, a MariaDB or MySQL server with
 * {@code innodb_flush_log_at_trx_commit=0}), or only this process can reach it (a private in-memory database, which
 * other processes cannot share, each leasing the same identities from a database of its own). The message names the
 * database and the setting to change; {@link #reason()} tells the cases apart for a caller that words them its own
 * way (as the Spring Boot starter does, naming its properties).
 */
public class UnsafeLeaseStoreException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** Why the store was refused. */
    public enum Reason {

        /**
         * A database in this process's memory (H2 {@code mem:}, HSQLDB {@code mem:}, Derby {@code memory:}) and a
         * builder that did not declare the leases to be for this one process.
         */
        PRIVATE_IN_MEMORY,

        /** An embedded H2 file database whose {@code WRITE_DELAY} is not 0 (H2's default is 500 ms). */
        H2_WRITE_DELAY,

        /** A MariaDB or MySQL server with {@code innodb_flush_log_at_trx_commit=0}. */
        LAZY_LOG_FLUSH,

        /**
         * A server that acknowledges a write before it is durable, or cannot show that it does not: a Redis without
         * AOF or with {@code appendfsync} other than {@code always}, and no {@code WAIT} for replicas configured; or
         * one that hides its configuration while the application declared nothing about it.
         */
        NOT_DURABLE
    }

    /** Why the store was refused. */
    private final Reason reason;
    /** The store as the problem names it. */
    private final String store;
    /** What is wrong and why it loses leases. */
    private final String problem;
    /** What to change. */
    private final String remedy;

    /**
     * Creates the exception; its message is the problem followed by the remedy.
     *
     * @param reason why the store was refused
     * @param store the store as the problem names it (for example {@code the DataSource at jdbc:h2:file:./ids}),
     *     already bounded
     * @param problem what is wrong and why it loses leases, a clause starting in lower case
     * @param remedy what to change, a sentence without its full stop
     */
    public UnsafeLeaseStoreException(Reason reason, String store, String problem, String remedy) {
        super(Character.toUpperCase(problem.charAt(0)) + problem.substring(1) + ". " + remedy + ".");
        this.reason = Objects.requireNonNull(reason, "reason");
        this.store = Objects.requireNonNull(store, "store");
        this.problem = problem;
        this.remedy = Objects.requireNonNull(remedy, "remedy");
    }

    /**
     * Tells why the store was refused.
     *
     * @return the reason
     */
    public Reason reason() {
        return reason;
    }

    /**
     * Names the store as the message does.
     *
     * @return for example {@code the DataSource at jdbc:h2:file:./ids}
     */
    public String store() {
        return store;
    }

    /**
     * Tells what is wrong with the store, for a caller that words its own remedy.
     *
     * @return a clause starting in lower case, for example {@code the lease store is ..., an embedded H2 file
     *     database with a write delay (...): ...}
     */
    public String problem() {
        return problem;
    }

    /**
     * Tells what to change, in the terms of the store's own API (a URL setting, a server setting, a builder method).
     *
     * @return a sentence without its full stop
     */
    public String remedy() {
        return remedy;
    }
}
