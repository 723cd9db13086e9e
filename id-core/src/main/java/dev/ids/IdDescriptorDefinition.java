package dev.ids;

import dev.ids.IdDescriptor.Form;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * What a scheme's descriptor names of its value type and generators: the scheme, the sizes, the methods of each
 * form it has, the column it prefers, the generator's class and settings and what keeps two generators apart.
 * Filled in once, in the descriptor's constructor, by chained calls from {@link AbstractIdDescriptor#define}; a part
 * left out fails that constructor, naming the part.
 *
 * @param <T> the scheme's value type
 */
public final class IdDescriptorDefinition<T> {

    final String schemeName;
    final Class<T> valueType;
    final Set<Form> forms = EnumSet.noneOf(Form.class);
    int textLength;
    Function<String, T> parser;
    Predicate<CharSequence> textCheck;
    int byteLength;
    Function<T, byte[]> bytesOf;
    Function<byte[], T> fromBytes;
    ToLongFunction<T> longOf;
    LongFunction<T> fromLong;
    Function<T, UUID> uuidOf;
    Function<UUID, T> fromUuid;
    Form column;
    Function<T, Instant> timestampOf;
    Function<T, DecodedId> decodedOf;
    Class<? extends IdGenerator<T>> generatorType;
    Function<GeneratorSettings, Supplier<T>> idSupplier;
    List<String> settingNames;
    String nodeIdentityRule;
    BiPredicate<Map<String, Object>, Map<String, Object>> nodeIdentityClash;
    NodeIdentityField nodeIdentityField;

    IdDescriptorDefinition(String schemeName, Class<T> valueType) {
        this.schemeName = Objects.requireNonNull(schemeName, "schemeName");
        this.valueType = Objects.requireNonNull(valueType, "valueType");
    }

    /**
     * Names the text form: the canonical string.
     *
     * @param length the length of the text a column holds
     * @param parse the type's strict {@code parse(String)}
     * @param isValid whether a text parses, without the exception
     * @return this definition
     */
    public IdDescriptorDefinition<T> text(int length, Function<String, T> parse, Predicate<CharSequence> isValid) {
        this.textLength = length;
        this.parser = parse;
        this.textCheck = isValid;
        forms.add(Form.TEXT);
        return this;
    }

    /**
     * Names the binary form.
     *
     * @param length the number of bytes
     * @param toBytes the type's {@code toBytes()}
     * @param parse the type's strict {@code fromBytes(byte[])}
     * @return this definition
     */
    public IdDescriptorDefinition<T> bytes(int length, Function<T, byte[]> toBytes, Function<byte[], T> parse) {
        this.byteLength = length;
        this.bytesOf = toBytes;
        this.fromBytes = parse;
        forms.add(Form.BYTES);
        return this;
    }

    /**
     * Names the {@code long} form of a 64-bit type.
     *
     * @param toLong the type's {@code toLong()}
     * @param parse the type's strict {@code fromLong(long)}
     * @return this definition
     */
    public IdDescriptorDefinition<T> longs(ToLongFunction<T> toLong, LongFunction<T> parse) {
        this.longOf = toLong;
        this.fromLong = parse;
        forms.add(Form.LONG);
        return this;
    }

    /**
     * Names the UUID form of a type with a UUID's 16 bytes.
     *
     * @param toUuid the type's {@code toUuid()}
     * @param parse the type's strict {@code fromUuid(UUID)}
     * @return this definition
     */
    public IdDescriptorDefinition<T> uuids(Function<T, UUID> toUuid, Function<UUID, T> parse) {
        this.uuidOf = toUuid;
        this.fromUuid = parse;
        forms.add(Form.UUID);
        return this;
    }

    /**
     * Names the form a column holds unless the mapping asks for another (see {@link IdDescriptor#column()}).
     *
     * @param form one of the forms named before
     * @return this definition
     */
    public IdDescriptorDefinition<T> column(Form form) {
        this.column = form;
        return this;
    }

    /**
     * Names how an ID tells its time and its fields.
     *
     * @param timestamp the type's {@code timestamp()}
     * @param decoded the type's {@code decoded()}
     * @return this definition
     */
    public IdDescriptorDefinition<T> decoding(Function<T, Instant> timestamp, Function<T, DecodedId> decoded) {
        this.timestampOf = timestamp;
        this.decodedOf = decoded;
        return this;
    }

    /**
     * Names the type of the scheme's generators.
     *
     * @param type the generator class, for example {@code SnoGenerator.class}
     * @return this definition
     */
    public IdDescriptorDefinition<T> generatedBy(Class<? extends IdGenerator<T>> type) {
        this.generatorType = type;
        return this;
    }

    /**
     * Names how a generator is built from settings, and the settings that takes.
     *
     * @param ids builds the generator and returns its IDs (see {@link IdDescriptor#idSupplier})
     * @param names the names of the settings it reads, in the order a message lists them
     * @return this definition
     */
    public IdDescriptorDefinition<T> settings(Function<GeneratorSettings, Supplier<T>> ids, String... names) {
        this.idSupplier = ids;
        this.settingNames = List.of(names);
        return this;
    }

    /**
     * Names what keeps two generators of the scheme apart.
     *
     * @param rule the description {@link IdDescriptor#nodeIdentityRule()} returns
     * @param clash whether two generators' settings share a node identity (see
     *     {@link AbstractIdDescriptor#sameSettings})
     * @return this definition
     */
    public IdDescriptorDefinition<T> nodeIdentity(String rule,
            BiPredicate<Map<String, Object>, Map<String, Object>> clash) {
        this.nodeIdentityRule = rule;
        this.nodeIdentityClash = clash;
        return this;
    }

    /**
     * Names the field of the scheme's IDs that keeps its generators apart; left out for a scheme that has none.
     *
     * @param field the setting, its range and its leased range
     * @return this definition
     */
    public IdDescriptorDefinition<T> identityField(NodeIdentityField field) {
        this.nodeIdentityField = Objects.requireNonNull(field, "field");
        return this;
    }

    /** Fails naming the first missing part, so that a new scheme's descriptor cannot half-load. */
    void checkComplete() {
        require(forms.contains(Form.TEXT), "text(...)");
        require(forms.contains(Form.BYTES), "bytes(...)");
        require(column != null && forms.contains(column), "column(...) naming one of its forms");
        require(timestampOf != null && decodedOf != null, "decoding(...)");
        require(generatorType != null, "generatedBy(...)");
        require(idSupplier != null, "settings(...)");
        require(nodeIdentityClash != null, "nodeIdentity(...)");
    }

    private void require(boolean present, String part) {
        if (!present) {
            throw new IllegalStateException("The " + schemeName + " descriptor's definition lacks " + part);
        }
    }
}
