package dev.ids.autoconfigure.jackson;

import dev.ids.InvalidIdException;
import dev.ids.traceid.TraceId;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;

/** Reads a TraceId from a JSON string of its decimal digits or from a JSON integer, whichever the writer chose. */
class TraceIdDeserializer extends IdStringDeserializer<TraceId> {

    TraceIdDeserializer() {
        super(TraceId.class, TraceId::parse);
    }

    @Override
    public TraceId deserialize(JsonParser parser, DeserializationContext context) {
        if (parser.hasToken(JsonToken.VALUE_NUMBER_INT)) {
            // The integer's own digits go through the strict parser, so a number too big for a long or negative
            // is refused with the same reasons as the string form.
            String digits = parser.getString();
            try {
                return TraceId.parse(digits);
            }
            catch (InvalidIdException ex) {
                Number number = parser.getNumberValue();
                return (TraceId) refuse(ex, () -> context.handleWeirdNumberValue(TraceId.class, number, "%s",
                        ex.getMessage()));
            }
        }
        return super.deserialize(parser, context);
    }
}
