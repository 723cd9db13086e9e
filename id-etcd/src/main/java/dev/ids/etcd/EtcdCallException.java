package dev.ids.etcd;

import io.grpc.Status;
import org.jspecify.annotations.Nullable;

/**
 * Thrown by a call the cluster did not answer as asked: it timed out, the client was closed, or etcd answered with a
 * gRPC error. Checked, so that the lease lifecycle treats it as a store that could not answer (a renewal is retried
 * until the deadline, a mark write fails to its caller); the store turns the one answer that means the lease is gone,
 * an etcd lease not found, into a loss itself ({@link #isNotFound()}).
 */
final class EtcdCallException extends Exception {

    private static final long serialVersionUID = 1L;

    /** The gRPC status code etcd answered with; {@code UNKNOWN} for a call that got no answer. */
    private final Status.Code code;

    EtcdCallException(String message, Status.Code code, @Nullable Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    /** Whether etcd answered that the etcd lease asked about does not exist (revoked, or expired). */
    boolean isNotFound() {
        return code == Status.Code.NOT_FOUND;
    }

    /** Whether etcd refused the user: a wrong password, or a role without permission on the keys. */
    boolean isRefusedUser() {
        return code == Status.Code.UNAUTHENTICATED || code == Status.Code.PERMISSION_DENIED;
    }

    /** Whether the call got no answer at all: timed out, or the client was closed under it. */
    boolean isUnanswered() {
        return code == Status.Code.UNKNOWN || code == Status.Code.DEADLINE_EXCEEDED
                || code == Status.Code.UNAVAILABLE || code == Status.Code.CANCELLED;
    }
}
