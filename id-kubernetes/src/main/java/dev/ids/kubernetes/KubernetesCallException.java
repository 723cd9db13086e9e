package dev.ids.kubernetes;
import org.jspecify.annotations.Nullable;

/**
 * A call to the API server that failed: answered with an error status ({@link #code()}), or not answered at all (code
 * 0: refused, timed out, cut off). Conflicts (409) and missing objects (404) never reach here: the store reads them as
 * answers.
 */
final class KubernetesCallException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int code;

    KubernetesCallException(String message, int code, @Nullable Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    /** The HTTP status of the answer, or 0 when none came. */
    int code() {
        return code;
    }

    /** Whether the API server did not answer (unreachable, timed out). */
    boolean isUnanswered() {
        return code == 0 || code == 504 || code == 503;
    }

    /** Whether the API server refused the service account (401, 403): the Role or its binding is missing. */
    boolean isForbidden() {
        return code == 401 || code == 403;
    }
}
