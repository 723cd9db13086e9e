package dev.ids;

import dev.ids.IdDescriptor.Form;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import org.jspecify.annotations.Nullable;

/**
 * The functions a scheme's descriptor converts its IDs with, named as the value type's own methods: reading each form
 * its {@link IdDescriptorDefinition} names, checking a text, and writing the {@code long} or UUID form (the value
 * type's base, {@link BinaryFormId}, writes the binary form and decodes). Filled in once, by chained calls in
 * {@link AbstractIdDescriptor#defineConversions}, on a descriptor's first conversion rather than at start-up: every
 * method reference is a class the JVM spins when the reference is evaluated. A form without its functions fails that
 * first conversion, naming the part.
 *
 * @param <T> the scheme's value type
 */
public final class IdConversions<T> {

    @Nullable Function<String, T> parser;
    @Nullable Predicate<@Nullable CharSequence> textCheck;
    @Nullable Function<byte[], T> fromBytes;
    @Nullable ToLongFunction<T> longOf;
    @Nullable LongFunction<T> fromLong;
    @Nullable Function<T, UUID> uuidOf;
    @Nullable Function<UUID, T> fromUuid;

    IdConversions() {
    }

    /**
     * Names the functions of the text form.
     *
     * @param parse the type's strict {@code parse(String)}
     * @param isValid whether a text parses, without the exception
     * @return these conversions
     */
    public IdConversions<T> text(Function<String, T> parse, Predicate<@Nullable CharSequence> isValid) {
        this.parser = parse;
        this.textCheck = isValid;
        return this;
    }

    /**
     * Names how the binary form is read; the value type writes it ({@link BinaryFormId#toBytes()}).
     *
     * @param parse the type's strict {@code fromBytes(byte[])}
     * @return these conversions
     */
    public IdConversions<T> bytes(Function<byte[], T> parse) {
        this.fromBytes = parse;
        return this;
    }

    /**
     * Names the functions of the {@code long} form of a 64-bit type.
     *
     * @param toLong the type's {@code toLong()}
     * @param parse the type's strict {@code fromLong(long)}
     * @return these conversions
     */
    public IdConversions<T> longs(ToLongFunction<T> toLong, LongFunction<T> parse) {
        this.longOf = toLong;
        this.fromLong = parse;
        return this;
    }

    /**
     * Names the functions of the UUID form of a type with a UUID's 16 bytes.
     *
     * @param toUuid the type's {@code toUuid()}
     * @param parse the type's strict {@code fromUuid(UUID)}
     * @return these conversions
     */
    public IdConversions<T> uuids(Function<T, UUID> toUuid, Function<UUID, T> parse) {
        this.uuidOf = toUuid;
        this.fromUuid = parse;
        return this;
    }

    /** Fails naming the first missing part: each form the definition names needs its functions, and no other. */
    void checkComplete(String schemeName, Set<Form> forms) {
        require(parser != null && textCheck != null, "text(...)", schemeName);
        require(fromBytes != null, "bytes(...)", schemeName);
        require(forms.contains(Form.LONG) == (longOf != null && fromLong != null),
                "longs(...), just when its binary form is a long's eight bytes", schemeName);
        require(forms.contains(Form.UUID) == (uuidOf != null && fromUuid != null),
                "uuids(...), just when its binary form is a UUID's sixteen bytes", schemeName);
    }

    private static void require(boolean present, String part, String schemeName) {
        if (!present) {
            throw new IllegalStateException("The " + schemeName + " descriptor's conversions lack " + part);
        }
    }
}
