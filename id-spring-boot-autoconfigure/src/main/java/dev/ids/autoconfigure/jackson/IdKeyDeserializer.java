package dev.ids.autoconfigure.jackson;

import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import java.util.function.Function;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.KeyDeserializer;

/**
 * Reads an ID used as a JSON object's property name, with the type's strict parser. A refused key reaches Jackson as
 * error messages show it: at most about 100 characters, escaped, then its length; the parser's exception is the
 * cause of Jackson's.
 */
class IdKeyDeserializer extends KeyDeserializer {

    private final Class<?> type;

    private final Function<String, ?> parser;

    IdKeyDeserializer(Class<?> type, Function<String, ?> parser) {
        this.type = type;
        this.parser = parser;
    }

    @Override
    public Object deserializeKey(String key, DeserializationContext context) {
        try {
            return parser.apply(key);
        }
        catch (InvalidIdException ex) {
            return IdStringDeserializer.refuse(ex, () -> context.handleWeirdKey(type, Chars.excerpt(key), "%s",
                    ex.getMessage()));
        }
    }
}
