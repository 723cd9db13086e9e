package dev.ids;

/**
 * Thrown when a string, a byte array or a set of components is not a valid identifier of a scheme. The message
 * names the input and the rule it breaks.
 */
public class InvalidIdException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The rejected input as text. */
    private final String input;

    /**
     * Creates an exception for an input and the reason it was rejected.
     *
     * @param scheme the scheme's name, for example {@code "sno"}
     * @param input the rejected input as text (hexadecimal for bytes); {@code null} is shown as {@code null}
     * @param reason what is wrong with it
     */
    public InvalidIdException(String scheme, String input, String reason) {
        super("Invalid " + scheme + " '" + input + "': " + reason);
        this.input = String.valueOf(input);
    }

    /**
     * Returns the rejected input as text.
     *
     * @return the input, as given to the constructor
     */
    public String input() {
        return input;
    }
}
