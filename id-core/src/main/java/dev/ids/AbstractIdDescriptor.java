package dev.ids;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiPredicate;
import java.util.function.Supplier;

/**
 * The part every scheme's {@link IdDescriptor} shares: each answer is one of the value type's own methods or
 * constants, or its generator's class and settings, so a scheme's descriptor only names them, in an
 * {@link IdDescriptorDefinition} it passes to this constructor, and adds what its scheme does differently (a
 * TraceId's column text).
 *
 * @param <T> the scheme's value type
 */
public abstract class AbstractIdDescriptor<T> implements IdDescriptor<T> {

    private final IdDescriptorDefinition<T> definition;

    private final Set<Form> forms;

    /**
     * Creates the descriptor from its definition.
     *
     * @param definition what the scheme names, from {@link #define}; not changed afterwards
     * @throws IllegalStateException naming the missing part when the definition lacks one (a text or binary form,
     *     a column among its forms, the decoding, the generator's class and settings, the node identity rule)
     */
    protected AbstractIdDescriptor(IdDescriptorDefinition<T> definition) {
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
    protected static <T> IdDescriptorDefinition<T> define(String schemeName, Class<T> valueType) {
        return new IdDescriptorDefinition<>(schemeName, valueType);
    }

    /**
     * Returns the clash of generators whose settings hold equal values under every key given: the usual
     * {@link IdDescriptorDefinition#nodeIdentity} rule.
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
    public final Optional<NodeIdentityField> nodeIdentityField() {
        return Optional.ofNullable(definition.nodeIdentityField);
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
