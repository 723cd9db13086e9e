package dev.ids.r2dbc;

/**
 * The database could not answer a call of the R2DBC lease store (unreachable, timed out, a statement failed): a
 * checked exception, so that the lease lifecycle retries a renewal until the deadline and fails a mark write to its
 * caller, as it does for the JDBC store's {@code SQLException}, instead of taking the driver's unchecked exceptions
 * for a bug.
 */
final class DatabaseUnansweredException extends Exception {

    private static final long serialVersionUID = 1L;

    DatabaseUnansweredException(String message, Throwable cause) {
        super(message, cause);
    }
}
