package dev.ids.node;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when a lease store cannot be reached at all (the connection was refused or timed out), as distinct from a
 * store that answered with an error, so that a start-up failure can say to start the store or correct its address
 * rather than to free an identity or create a table.
 */
public class LeaseStoreUnreachableException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what could not be done, and that the store cannot be reached
     * @param cause the store's own failure
     */
    public LeaseStoreUnreachableException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
