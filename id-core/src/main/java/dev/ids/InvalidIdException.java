package dev.ids;

import dev.ids.internal.Chars;
import org.jspecify.annotations.Nullable;

/**
 * Thrown when a string, a byte array or a set of components is not a valid identifier of a scheme. The message
 * names the input and the rule it breaks; it shows at most about 100 characters of the input, with control and
 * other invisible characters escaped, followed by the input's length when it is longer, so that a huge or hostile
 * input cannot flood a log or an error response.
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
    public InvalidIdException(String scheme, @Nullable String input, String reason) {
        super("Invalid " + scheme + " " + Chars.quote(String.valueOf(input)) + ": " + reason);
        this.input = String.valueOf(input);
    }

    /**
     * Returns the rejected input as text.
     *
     * @return the input, as given to the constructor, whole and unescaped: bound and escape it before showing it
     */
    public String input() {
        return input;
    }
}
