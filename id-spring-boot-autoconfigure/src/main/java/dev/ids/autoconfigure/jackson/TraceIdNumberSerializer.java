package dev.ids.autoconfigure.jackson;

import dev.ids.traceid.TraceId;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.jsonFormatVisitors.JsonFormatVisitorWrapper;
import tools.jackson.databind.ser.std.StdScalarSerializer;

/** Writes a TraceId as a JSON integer, its 63-bit value. */
class TraceIdNumberSerializer extends StdScalarSerializer<TraceId> {

    TraceIdNumberSerializer() {
        super(TraceId.class);
    }

    @Override
    public void serialize(TraceId value, JsonGenerator generator, SerializationContext context) {
        generator.writeNumber(value.toLong());
    }

    @Override
    public void acceptJsonFormatVisitor(JsonFormatVisitorWrapper visitor, JavaType typeHint) {
        visitIntFormat(visitor, typeHint, JsonParser.NumberType.LONG);
    }
}
