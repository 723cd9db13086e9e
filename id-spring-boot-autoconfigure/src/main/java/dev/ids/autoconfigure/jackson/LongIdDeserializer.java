package dev.ids.autoconfigure.jackson;

import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.std.StdScalarDeserializer;

/**
 * Reads a 64-bit ID held in a {@code Long} or {@code long} from a JSON string of its decimal digits or from a JSON
 * integer, whichever the writer chose. A string is parsed strictly (an optional minus sign and digits, nothing
 * around them), whatever coercions the mapper allows elsewhere; a value out of the 64-bit range is refused, a string
 * with an {@link InvalidIdException} as the cause of Jackson's exception, as for the ID types.
 */
final class LongIdDeserializer extends StdScalarDeserializer<Long> {

    /** For {@code Long}: a JSON {@code null} reads as {@code null}. */
    static final LongIdDeserializer BOXED = new LongIdDeserializer(Long.class);

    /** For {@code long}: a JSON {@code null} reads as 0, as Jackson reads it into any {@code long}. */
    static final LongIdDeserializer PRIMITIVE = new LongIdDeserializer(Long.TYPE);

    private LongIdDeserializer(Class<?> type) {
        super(type);
    }

    @Override
    public Long deserialize(JsonParser parser, DeserializationContext context) {
        if (parser.hasToken(JsonToken.VALUE_NUMBER_INT)) {
            return parser.getLongValue();
        }
        if (parser.hasToken(JsonToken.VALUE_STRING)) {
            return parseString(parser.getString(), context);
        }
        return (Long) context.handleUnexpectedToken(Long.class, parser);
    }

    private static Long parseString(String text, DeserializationContext context) {
        // Long.parseLong also takes a leading '+', which no writer of IDs produces: refused like any other stray sign.
        if (!text.isEmpty() && text.charAt(0) != '+') {
            try {
                return Long.parseLong(text);
            }
            catch (NumberFormatException ex) {
                // refused below
            }
        }
        InvalidIdException invalid = new InvalidIdException("64-bit ID", text,
                "expected the decimal digits of an integer in [" + Long.MIN_VALUE + ", " + Long.MAX_VALUE + "]");
        return (Long) IdStringDeserializer.refuse(invalid, () -> context.handleWeirdStringValue(Long.class,
                Chars.excerpt(text), "%s", invalid.getMessage()));
    }

    @Override
    public @Nullable Object getNullValue(DeserializationContext context) {
        return handledType() == Long.TYPE ? 0L : null;
    }
}
