package dev.ids.autoconfigure.jackson;

import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import java.util.function.Function;
import java.util.function.Supplier;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.std.StdScalarDeserializer;

/**
 * Reads an ID from a JSON string with the type's strict parser; anything else is an error naming the input. A refused
 * string reaches Jackson (its message, problem handlers, {@code InvalidFormatException.getValue()}) as error messages
 * show it, at most about 100 characters, escaped, then its length, so that a huge value cannot flood a log; the
 * parser's {@link InvalidIdException} is the cause of the exception Jackson throws.
 */
class IdStringDeserializer<T> extends StdScalarDeserializer<T> {

    private final Class<T> type;

    private final Function<String, T> parser;

    IdStringDeserializer(Class<T> type, Function<String, T> parser) {
        super(type);
        this.type = type;
        this.parser = parser;
    }

    @Override
    public T deserialize(JsonParser parser, DeserializationContext context) {
        if (parser.hasToken(JsonToken.VALUE_STRING)) {
            return parseString(parser.getString(), context);
        }
        return type.cast(context.handleUnexpectedToken(type, parser));
    }

    private T parseString(String text, DeserializationContext context) {
        try {
            return parser.apply(text);
        }
        catch (InvalidIdException ex) {
            return type.cast(refuse(ex, () -> context.handleWeirdStringValue(type, Chars.excerpt(text), "%s",
                    ex.getMessage())));
        }
    }

    /**
     * Lets Jackson refuse a value (or a problem handler replace it), keeping the parser's exception as the cause of
     * what Jackson throws, so that an error handler can name the input and the reason without parsing a message.
     */
    static Object refuse(InvalidIdException reason, Supplier<Object> jacksonRefusal) {
        try {
            return jacksonRefusal.get();
        }
        catch (DatabindException ex) {
            if (ex.getCause() == null) {
                ex.initCause(reason);
            }
            throw ex;
        }
    }
}
