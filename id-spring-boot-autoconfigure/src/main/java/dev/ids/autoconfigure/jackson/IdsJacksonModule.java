package dev.ids.autoconfigure.jackson;

import dev.ids.IdDescriptor;
import dev.ids.IdScheme;
import dev.ids.traceid.TraceId;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * Jackson 3 module that writes the value type of every {@link IdScheme} (TraceId, LableId, Gid, Sno, Muid) as its
 * canonical string ({@code toString()}) and reads it back with the type's strict {@code parse(String)}, also as a
 * map key, as the scheme's {@link IdDescriptor} describes it. A value that does not parse fails with an
 * {@link tools.jackson.databind.exc.InvalidFormatException} naming the value and the reason.
 * <p>
 * A TraceId is a 63-bit number, which JavaScript cannot hold exactly above 2<sup>53</sup>; by default it is
 * written as a JSON string of its decimal digits, and on request as a JSON number. It is read from either form.
 * <p>
 * For the same reason a {@code Long}/{@code long} property holding a 64-bit ID is written as a JSON string and read
 * from a string or a number: a property marked {@link IdAsString}, and, unless switched off, one whose value comes
 * from an ids generator ({@code @GeneratedTraceId}, {@code @GeneratedLableId},
 * {@code @GeneratedValue(generator = "trace-id" | "lable")}); other {@code Long}s stay numbers. See
 * {@link LongIdIntrospector}.
 * Usable without Spring: {@code JsonMapper.builder().addModule(new IdsJacksonModule()).build()}.
 */
public class IdsJacksonModule extends SimpleModule {

    private static final long serialVersionUID = 1L;

    /** Whether TraceIds are written as JSON strings rather than numbers. */
    private final boolean traceIdAsString;

    /** Whether generated {@code Long} IDs are written as JSON strings without {@link IdAsString}. */
    private final boolean longIdAsString;

    /** Creates the module with TraceIds and generated {@code Long} IDs written as JSON strings. */
    public IdsJacksonModule() {
        this(true, true);
    }

    /**
     * Creates the module, choosing how TraceIds are written; generated {@code Long} IDs are written as JSON strings.
     *
     * @param traceIdAsString {@code true} to write a TraceId as a JSON string of its decimal digits,
     *     {@code false} to write it as a JSON number
     */
    public IdsJacksonModule(boolean traceIdAsString) {
        this(traceIdAsString, true);
    }

    /**
     * Creates the module, choosing how TraceIds are written.
     *
     * @param traceIdAsString {@code true} to write a TraceId as a JSON string of its decimal digits,
     *     {@code false} to write it as a JSON number
     * @param longIdAsString {@code true} to write a {@code Long}/{@code long} whose value comes from an ids generator
     *     as a JSON string, {@code false} to leave it a JSON number unless it is marked {@link IdAsString}
     */
    public IdsJacksonModule(boolean traceIdAsString, boolean longIdAsString) {
        super(IdsJacksonModule.class.getSimpleName());
        this.traceIdAsString = traceIdAsString;
        this.longIdAsString = longIdAsString;
        for (IdScheme scheme : IdScheme.values()) {
            addStringForm(scheme.descriptor());
        }
        // A TraceId is also read from a JSON number, and written as one on request: these replace its string form.
        if (!traceIdAsString) {
            addSerializer(TraceId.class, new TraceIdNumberSerializer());
        }
        addDeserializer(TraceId.class, new TraceIdDeserializer());
    }

    @Override
    public void setupModule(SetupContext context) {
        super.setupModule(context);
        // Appended: the application's own @JsonSerialize/@JsonDeserialize of a property come first.
        context.appendAnnotationIntrospector(new LongIdIntrospector(longIdAsString));
    }

    private <T> void addStringForm(IdDescriptor<T> descriptor) {
        addSerializer(descriptor.valueType(), ToStringSerializer.instance);
        addDeserializer(descriptor.valueType(), new IdStringDeserializer<>(descriptor.valueType(), descriptor::parse));
        addKeyDeserializer(descriptor.valueType(), new IdKeyDeserializer(descriptor.valueType(), descriptor::parse));
    }

    /**
     * Tells how this module writes TraceIds.
     *
     * @return {@code true} for JSON strings, {@code false} for JSON numbers
     */
    public boolean isTraceIdAsString() {
        return traceIdAsString;
    }

    /**
     * Tells how this module writes {@code Long} IDs that come from an ids generator.
     *
     * @return {@code true} for JSON strings, {@code false} for JSON numbers (unless marked {@link IdAsString})
     */
    public boolean isLongIdAsString() {
        return longIdAsString;
    }
}
