package dev.ids.internal;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Shows input in error messages so that a reader can tell what it is and a huge or hostile input cannot flood a log
 * or a response: at most about {@value #SHOWN} characters of it, then its length; control, format, separator and
 * other invisible characters escaped; a character outside the Basic Multilingual Plane always whole, named by its
 * code point where it is named, never as half of its surrogate pair. Not part of the public API.
 */
public final class Chars {

    /** How many characters of rendered input a message shows at most. */
    public static final int SHOWN = 100;

    private Chars() {
    }

    /**
     * Returns the input in single quotes, escaped, cut after about {@value #SHOWN} characters and then followed by
     * its length: {@code 'abc'}, {@code 'a\nb'} or {@code 'aaaa'…(10485760 chars)}.
     *
     * @param text the input; {@code null} gives {@code null}, unquoted
     * @return the quoted input
     */
    public static String quote(@Nullable CharSequence text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), SHOWN) + 24).append('\'');
        int shown = appendEscaped(out, text);
        out.append('\'');
        return appendLength(out, text, shown).toString();
    }

    /**
     * Returns the input like {@link #quote(CharSequence)} without the quotes, for a field that holds it alone (as
     * the {@code input} of a JSON error object).
     *
     * @param text the input; {@code null} gives {@code null}
     * @return the escaped, bounded input, or {@code null}
     */
    @Contract("null -> null; !null -> !null")
    public static @Nullable String excerpt(@Nullable CharSequence text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), SHOWN) + 24);
        int shown = appendEscaped(out, text);
        return appendLength(out, text, shown).toString();
    }

    /**
     * Names the character at an index: {@code character 'x'} for printable ASCII, {@code character U+00E9} for
     * anything else, and the whole code point ({@code character U+1F600}) where the index falls on either half of
     * a surrogate pair.
     *
     * @param text the text
     * @param index an index into it
     * @return the character's name
     */
    public static String describe(CharSequence text, int index) {
        char c = text.charAt(index);
        if (c > 0x20 && c < 0x7F) {
            return "character '" + c + "'";
        }
        return "character " + codePoint(Character.codePointAt(text, pairStart(text, index)));
    }

    /**
     * Names the character at an index, as {@link #describe(CharSequence, int)} does, followed by where it starts:
     * {@code character U+1F600 at index 4}, the index of the pair's first half when the index falls on its second.
     *
     * @param text the text
     * @param index an index into it
     * @return the character's name and index
     */
    public static String describeAt(CharSequence text, int index) {
        return describe(text, index) + " at index " + pairStart(text, index);
    }

    /** {@code U+00E9}, {@code U+1F600}: at least four hexadecimal digits. */
    private static String codePoint(int codePoint) {
        return "U+" + hex(codePoint);
    }

    private static String hex(int codePoint) {
        return String.format(Locale.ROOT, "%04X", codePoint);
    }

    private static int pairStart(CharSequence text, int index) {
        return index > 0 && Character.isLowSurrogate(text.charAt(index))
                && Character.isHighSurrogate(text.charAt(index - 1)) ? index - 1 : index;
    }

    /**
     * Appends whole code points of the text, escaped, while the output stays within {@value #SHOWN} characters.
     *
     * @return how many chars of the text were shown
     */
    private static int appendEscaped(StringBuilder out, CharSequence text) {
        int limit = out.length() + SHOWN;
        int index = 0;
        while (index < text.length()) {
            int codePoint = Character.codePointAt(text, index);
            String escape = escape(codePoint);
            int width = escape != null ? escape.length() : Character.charCount(codePoint);
            if (out.length() + width > limit) {
                break;
            }
            if (escape != null) {
                out.append(escape);
            } else {
                out.appendCodePoint(codePoint);
            }
            index += Character.charCount(codePoint);
        }
        return index;
    }

    private static StringBuilder appendLength(StringBuilder out, CharSequence text, int shown) {
        return shown == text.length() ? out : out.append("\u2026(").append(text.length()).append(" chars)");
    }

    /**
     * How a code point is written in a message when it cannot stand for itself: invisible, line-breaking or
     * direction-changing characters, lone surrogates, private-use and unassigned ones; {@code null} otherwise.
     */
    private static @Nullable String escape(int codePoint) {
        return switch (codePoint) {
            case '\\' -> "\\\\";
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            case ' ' -> null;
            default -> switch (Character.getType(codePoint)) {
                case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                        Character.SPACE_SEPARATOR, Character.SURROGATE, Character.PRIVATE_USE, Character.UNASSIGNED ->
                        codePoint > 0xFFFF ? "\\u{" + hex(codePoint) + "}" : "\\u" + hex(codePoint);
                default -> null;
            };
        };
    }
}
