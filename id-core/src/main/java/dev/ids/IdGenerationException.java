package dev.ids;

/**
 * Thrown when a generator cannot issue an identifier it can prove unique, for example because the clock stepped
 * back further than the generator may wait, or because its node identity is no longer held.
 */
public class IdGenerationException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception with the given explanation.
     *
     * @param message what prevented generation and what the caller can do about it
     */
    public IdGenerationException(String message) {
        super(message);
    }
}
