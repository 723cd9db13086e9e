package dev.ids.redis;

/**
 * Follows each lease write with {@code WAIT}, when the provider is configured to: a write that fewer replicas
 * confirmed than asked for fails as one the server did not answer (a renewal is then retried until the deadline, a
 * mark write fails to the generator), since a failover may lose it.
 */
record ReplicaWait(RedisLink link, int replicas, long timeoutMillis) {

    /** Whether writes wait for replicas at all. */
    boolean enabled() {
        return replicas > 0;
    }

    /**
     * Waits for the replicas to confirm the connection's writes so far.
     *
     * @param what the write, for the message
     * @throws ReplicasMissingException when fewer replicas confirmed it in time
     * @throws Exception when the server cannot be reached
     */
    void confirm(String what) throws Exception {
        if (replicas <= 0) {
            return;
        }
        long confirmed = link.call(commands -> commands.waitForReplication(replicas, timeoutMillis));
        if (confirmed < replicas) {
            throw new ReplicasMissingException("Only " + confirmed + " of " + replicas + " replicas confirmed "
                    + what + " within " + timeoutMillis + " ms (WAIT): a failover could lose it");
        }
    }

    /** A write that fewer replicas confirmed than the provider waits for. */
    static final class ReplicasMissingException extends Exception {

        private static final long serialVersionUID = 1L;

        ReplicasMissingException(String message) {
            super(message);
        }
    }
}
