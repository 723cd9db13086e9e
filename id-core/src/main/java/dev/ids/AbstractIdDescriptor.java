package dev.ids;

import java.time.Instant;
import java.util.Collections;
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
 * The part every scheme's {@link IdDescriptor} shares: each answer is one of the value type's own methods or
 * constants, or its generator's class and settings, so a scheme's descriptor only names them, in a
 * {@link Definition} it passes to this constructor, and adds what its scheme does differently (a TraceId's column
 * text).
 *
 * @param <T> the scheme's value type
 */
public abstract class AbstractIdDescriptor<T> implements IdDescriptor<T> {

    /**
     * What a scheme's descriptor names of its value type: the scheme, the sizes, the methods of each form it has and
     * the column it prefers. Filled in once, in the descriptor's constructor, by chained calls.
     *
     * @param <T> the scheme's value type
     */
    public static final class Definition<T> {

        private final String schemeName;
        private final Class<T> valueType;
        private final Set<Form> forms = EnumSet.noneOf(Form.class);
        private int textLength;
        private Function<String, T> parser;
        private Predicate<CharSequence> textCheck;
        private int byteLength;
        private Function<T, byte[]> bytesOf;
        private Function<byte[], T> fromBytes;
        private ToLongFunction<T> longOf;
        private LongFunction<T> fromLong;
        private Function<T, UUID> uuidOf;
        private Function<UUID, T> fromUuid;
        private Form column;
        private Function<T, Instant> timestampOf;
        private Function<T, DecodedId> decodedOf;
        private Class<? extends IdGenerator<T>> generatorType;
        private Function<GeneratorSettings, Supplier<T>> idSupplier;
        private List<String> settingNames;
        private String nodeIdentityRule;
        private BiPredicate<Map<String, Object>, Map<String, Object>> nodeIdentityClash;

        private Definition(String schemeName, Class<T> valueType) {
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
        public Definition<T> text(int length, Function<String, T> parse, Predicate<CharSequence> isValid) {
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
        public Definition<T> bytes(int length, Function<T, byte[]> toBytes, Function<byte[], T> parse) {
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
        public Definition<T> longs(ToLongFunction<T> toLong, LongFunction<T> parse) {
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
        public Definition<T> uuids(Function<T, UUID> toUuid, Function<UUID, T> parse) {
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
        public Definition<T> column(Form form) {
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
        public Definition<T> decoding(Function<T, Instant> timestamp, Function<T, DecodedId> decoded) {
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
        public Definition<T> generatedBy(Class<? extends IdGenerator<T>> type) {
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
        public Definition<T> settings(Function<GeneratorSettings, Supplier<T>> ids, String... names) {
            this.idSupplier = ids;
            this.settingNames = List.of(names);
            return this;
        }

        /**
         * Names what keeps two generators of the scheme apart.
         *
         * @param rule the description {@link IdDescriptor#nodeIdentityRule()} returns
         * @param clash whether two generators' settings share a node identity (see {@link AbstractIdDescriptor#sameSettings})
         * @return this definition
         */
        public Definition<T> nodeIdentity(String rule,
                BiPredicate<Map<String, Object>, Map<String, Object>> clash) {
            this.nodeIdentityRule = rule;
            this.nodeIdentityClash = clash;
            return this;
        }

        /** Fails naming the first missing part, so that a new scheme's descriptor cannot half-load. */
        private void checkComplete() {
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

    private final Definition<T> definition;

    private final Set<Form> forms;

    /**
     * Creates the descriptor from its definition.
     *
     * @param definition what the scheme names, from {@link #define}; not changed afterwards
     * @throws IllegalStateException naming the missing part when the definition lacks a text or binary form, a
     *     column among its forms or the decoding
     */
    protected AbstractIdDescriptor(Definition<T> definition) {
        definition.checkComplete();
        this.definition = definition;
        this.forms = Collections.unmodifiableSet(EnumSet.copyOf(definition.forms));
    }

    /**
     * Starts the definition of a scheme's descriptor.
     *
     * @param schemeName the scheme's name, as {@link IdScheme#schemeName()} spells it
     * @param valueType the scheme's value type
     * @param <T> the scheme's value type
     * @return an empty definition
     */
    protected static <T> Definition<T> define(String schemeName, Class<T> valueType) {
        return new Definition<>(schemeName, valueType);
    }

    /**
     * Returns the clash of generators whose settings hold equal values under every key given: the usual
     * {@link Definition#nodeIdentity} rule.
     *
     * @param keys the keys of {@link MonitoredIdGenerator#settings()} that together make the node identity
     * @return the clash
     */
    protected static BiPredicate<Map<String, Object>, Map<String, Object>> sameSettings(String... keys) {
        List<String> identity = List.of(keys);
        return (one, other) -> identity.stream().allMatch(key -> Objects.equals(one.get(key), other.get(key)));
    }

    @Override
    public final String schemeName() {
        return definition.schemeName;
    }

    @Override
    public final Class<T> valueType() {
        return definition.valueType;
    }

    @Override
    public final Class<? extends IdGenerator<T>> generatorType() {
        return definition.generatorType;
    }

    @Override
    public final List<String> settingNames() {
        return definition.settingNames;
    }

    @Override
    public final Supplier<T> idSupplier(GeneratorSettings settings) {
        return definition.idSupplier.apply(settings);
    }

    @Override
    public final boolean shareNodeIdentity(Map<String, Object> one, Map<String, Object> other) {
        return definition.nodeIdentityClash.test(one, other);
    }

    @Override
    public final String nodeIdentityRule() {
        return definition.nodeIdentityRule;
    }

    @Override
    public final int textLength() {
        return definition.textLength;
    }

    @Override
    public final int byteLength() {
        return definition.byteLength;
    }

    @Override
    public final Set<Form> forms() {
        return forms;
    }

    @Override
    public final Form column() {
        return definition.column;
    }

    @Override
    public final T parse(String text) {
        return definition.parser.apply(text);
    }

    @Override
    public final boolean isValid(CharSequence text) {
        return definition.textCheck.test(text);
    }

    @Override
    public final byte[] toBytes(T value) {
        return definition.bytesOf.apply(value);
    }

    @Override
    public final T fromBytes(byte[] bytes) {
        return definition.fromBytes.apply(bytes);
    }

    @Override
    public final long toLong(T value) {
        return definition.longOf == null ? IdDescriptor.super.toLong(value) : definition.longOf.applyAsLong(value);
    }

    @Override
    public final T fromLong(long value) {
        return definition.fromLong == null ? IdDescriptor.super.fromLong(value) : definition.fromLong.apply(value);
    }

    @Override
    public final UUID toUuid(T value) {
        return definition.uuidOf == null ? IdDescriptor.super.toUuid(value) : definition.uuidOf.apply(value);
    }

    @Override
    public final T fromUuid(UUID uuid) {
        return definition.fromUuid == null ? IdDescriptor.super.fromUuid(uuid) : definition.fromUuid.apply(uuid);
    }

    @Override
    public final Instant timestamp(T value) {
        return definition.timestampOf.apply(value);
    }

    @Override
    public final DecodedId decoded(T value) {
        return definition.decodedOf.apply(value);
    }
}
