package dev.ids.autoconfigure.jackson;

import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import java.util.function.Function;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * Jackson 3 module that writes {@link TraceId}, {@link LableId}, {@link Gid}, {@link Sno} and {@link Muid} as their
 * canonical strings ({@code toString()}) and reads them back with the types' strict {@code parse(String)}, also as
 * map keys. A value that does not parse fails with an
 * {@link tools.jackson.databind.exc.InvalidFormatException} naming the value and the reason.
 * <p>
 * A TraceId is a 63-bit number, which JavaScript cannot hold exactly above 2<sup>53</sup>; by default it is
 * written as a JSON string of its decimal digits, and on request as a JSON number. It is read from either form.
 * Usable without Spring: {@code JsonMapper.builder().addModule(new IdsJacksonModule()).build()}.
 */
public class IdsJacksonModule extends SimpleModule {

    private static final long serialVersionUID = 1L;

    /** Whether TraceIds are written as JSON strings rather than numbers. */
    private final boolean traceIdAsString;

    /** Creates the module with TraceIds written as JSON strings. */
    public IdsJacksonModule() {
        this(true);
    }

    /**
     * Creates the module, choosing how TraceIds are written.
     *
     * @param traceIdAsString {@code true} to write a TraceId as a JSON string of its decimal digits,
     *     {@code false} to write it as a JSON number
     */
    public IdsJacksonModule(boolean traceIdAsString) {
        super(IdsJacksonModule.class.getSimpleName());
        this.traceIdAsString = traceIdAsString;
        if (traceIdAsString) {
            addSerializer(TraceId.class, ToStringSerializer.instance);
        }
        else {
            addSerializer(TraceId.class, new TraceIdNumberSerializer());
        }
        addDeserializer(TraceId.class, new TraceIdDeserializer());
        addKeyDeserializer(TraceId.class, new IdKeyDeserializer(TraceId.class, TraceId::parse));
        addStringForm(LableId.class, LableId::parse);
        addStringForm(Gid.class, Gid::parse);
        addStringForm(Sno.class, Sno::parse);
        addStringForm(Muid.class, Muid::parse);
    }

    private <T> void addStringForm(Class<T> type, Function<String, T> parser) {
        addSerializer(type, ToStringSerializer.instance);
        addDeserializer(type, new IdStringDeserializer<>(type, parser));
        addKeyDeserializer(type, new IdKeyDeserializer(type, parser));
    }

    /**
     * Tells how this module writes TraceIds.
     *
     * @return {@code true} for JSON strings, {@code false} for JSON numbers
     */
    public boolean isTraceIdAsString() {
        return traceIdAsString;
    }
}
