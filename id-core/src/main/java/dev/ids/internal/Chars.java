package dev.ids.internal;

/**
 * Shows a character in an error message so that a reader can tell what it is: printable ASCII as itself in quotes,
 * anything else (space, control characters, non-ASCII, lone surrogates) as its code point. Not part of the public
 * API.
 */
public final class Chars {

    private static final char[] DIGITS = "0123456789ABCDEF".toCharArray();

    private Chars() {
    }

    /**
     * Returns {@code "character 'x'"} for printable ASCII and {@code "character U+00E9"} for everything else.
     *
     * @param c the character
     * @return its description
     */
    public static String describe(char c) {
        if (c > 0x20 && c < 0x7F) {
            return "character '" + c + "'";
        }
        return "character U+" + DIGITS[c >> 12] + DIGITS[(c >> 8) & 0xF] + DIGITS[(c >> 4) & 0xF] + DIGITS[c & 0xF];
    }
}
