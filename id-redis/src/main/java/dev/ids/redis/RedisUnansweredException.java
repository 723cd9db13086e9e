package dev.ids.redis;

/**
 * Thrown by a call the server did not answer: the connection was closed or dropped under it, or the client refused
 * to send it. Checked, so that the lease lifecycle treats it as a store that could not answer (a renewal is retried
 * until the deadline, a mark write fails to its caller), never as a loss of the lease.
 */
final class RedisUnansweredException extends Exception {

    private static final long serialVersionUID = 1L;

    RedisUnansweredException(String message, Throwable cause) {
        super(message, cause);
    }
}
